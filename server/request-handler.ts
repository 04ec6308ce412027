import { createReadableStreamFromReadable } from "@react-router/node";
import type express from "express";
import {
  createRequestHandler as createRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";

// React Router behind Express, as `@react-router/express` does it, with one difference: the
// response body is written without racing each read against a promise that settles only when the
// response ends. That race (in `@react-router/node` 7.18's `writeReadableStreamToWritable`,
// remix-run/react-router#15247, fixed in the 8.x line) kept every chunk of a response until its
// end: 20 downloads of a 58 MB press zip held 800 MB. Here a closed connection cancels the read
// instead, and a wait for `drain` ends on `drain` or `close`, both listeners removed after it.

type Build = ServerBuild | (() => Promise<ServerBuild>);

/** Express's request as a Fetch API request (the adapter's own conversion). */
function fetchRequestOf(req: express.Request, res: express.Response): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((text) => Number.parseInt(text ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Resolves once the response can take more, or is closed; leaves no listener behind. */
function drained(res: express.Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** Writes a body as it is read, waiting for the socket, flushing the compressor after each chunk. */
async function writeBody(body: ReadableStream<Uint8Array>, res: express.Response): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  res.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed || res.writableEnded) break;
      const more = res.write(value);
      (res as express.Response & { flush?: () => void }).flush?.();
      if (!more) await drained(res);
    }
    if (!res.destroyed && !res.writableEnded) res.end();
  } finally {
    res.off("close", cancel);
    reader.releaseLock();
  }
}

async function send(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeBody(response.body, res);
  } catch (error) {
    // A body that failed midway is let go, so what it holds (a download's place) is freed.
    await response.body.cancel().catch(() => {});
    throw error;
  }
}

/** The Express handler of every page, data request and resource route. */
export function createRequestHandler(options: {
  build: Build;
  mode: string;
  getLoadContext: (
    req: express.Request,
    res: express.Response,
  ) => RouterContextProvider | Promise<RouterContextProvider>;
}): express.RequestHandler {
  const handle = createRouterHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = fetchRequestOf(req, res);
      const response = await handle(request, await options.getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
