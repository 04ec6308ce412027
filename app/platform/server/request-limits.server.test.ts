import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { requestContext } from "./context.server";
import {
  BODY_LIMITS,
  type BodyLimit,
  bodyLimitFor,
  limitRequestBodies,
  REQUEST_TIMEOUTS,
  refuseOversizedBody,
  requestTimeoutOptions,
} from "./request-limits.server";

const LIMITS: BodyLimit[] = [
  { kind: "api", path: /^\/api\//, bytes: 100, answer: "api", message: "API too large." },
  { kind: "auth", path: /^\/auth-api\//, bytes: 100, answer: "auth", message: "Auth too large." },
  { kind: "forms", path: /^/, bytes: 50, answer: "page", message: "The form is too large." },
];

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** An app behind the gate whose handlers read the whole body and say what they got. */
async function gatedApp(
  options: { server?: http.ServerOptions; lingerMs?: number } = {},
): Promise<{ port: number; seen: string[] }> {
  const seen: string[] = [];
  const app = express();
  app.use(limitRequestBodies({ limits: LIMITS, lingerMs: options.lingerMs }));
  app.use(async (req, res) => {
    if (res.locals.refusedBody) {
      res.status(413).type("text").send(`page: ${res.locals.refusedBody}`);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    seen.push(body);
    res.type("text").send(`read ${body.length}`);
  });
  const server = http.createServer(options.server ?? {}, app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, seen };
}

type Sent = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** Sends a body in pieces (chunked unless a Content-Length is given), `gapMs` apart. */
function send(
  port: number,
  path: string,
  pieces: string[],
  options: { contentLength?: number; gapMs?: number } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {};
    if (options.contentLength !== undefined) headers["Content-Length"] = options.contentLength;
    const request = http.request({ port, host: "127.0.0.1", path, method: "POST", headers });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode!, body, headers: response.headers }),
      );
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    let i = 0;
    const next = () => {
      if (answered || request.destroyed) return;
      if (i === pieces.length) {
        request.end();
        return;
      }
      request.write(pieces[i++]);
      setTimeout(next, options.gapMs ?? 0);
    };
    next();
  });
}

describe("the body limits table", () => {
  it("gives every kind of endpoint its limit", () => {
    const kb = 1024;
    expect(bodyLimitFor("/contact").bytes).toBe(64 * kb);
    expect(bodyLimitFor("/_root.data").bytes).toBe(64 * kb);
    expect(bodyLimitFor("/auth").bytes).toBe(64 * kb);
    expect(bodyLimitFor("/api/auth/sign-in/email")).toMatchObject({
      bytes: 64 * kb,
      answer: "auth",
    });
    expect(bodyLimitFor("/api/v1/news")).toMatchObject({ bytes: 1024 * kb, answer: "api" });
    expect(bodyLimitFor("/admin/news.data").bytes).toBe(256 * kb);
    expect(bodyLimitFor("/admin/games.data").bytes).toBe(256 * kb);
    expect(bodyLimitFor("/admin/messages").bytes).toBe(256 * kb);
    expect(bodyLimitFor("/admin.data").bytes).toBe(64 * kb);
    expect(bodyLimitFor("/admin/press.data")).toMatchObject({
      bytes: 50 * 1024 * kb + 64 * kb,
      message: "The zip is too large. The limit is 50 MB.",
    });
    expect(bodyLimitFor("/profile/avatar.data").message).toBe(
      "The image is too large. The limit is 5 MB.",
    );
    expect(BODY_LIMITS.at(-1)?.message).toBe("The form is too large. The limit is 64 KB.");
  });
});

describe("limitRequestBodies", () => {
  it("refuses a declared length over the limit before reading it: JSON for the APIs, the page otherwise", async () => {
    const { port, seen } = await gatedApp();
    const api = await send(port, "/api/v1/news", ["x".repeat(101)], { contentLength: 101 });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toEqual({
      error: { code: "payload_too_large", message: "API too large." },
    });
    const auth = await send(port, "/auth-api/sign-in", ["x".repeat(101)], { contentLength: 101 });
    expect(JSON.parse(auth.body)).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "Auth too large.",
    });
    const page = await send(port, "/contact", ["x".repeat(51)], { contentLength: 51 });
    expect(page).toMatchObject({ status: 413, body: "page: The form is too large." });
    expect(seen).toEqual([]);
  });

  it("lets bodies within the limit through whole, chunked ones included", async () => {
    const { port, seen } = await gatedApp();
    expect((await send(port, "/contact", ["x".repeat(50)], { contentLength: 50 })).body).toBe(
      "read 50",
    );
    const pieces = ["name=Ada", "&subject=Hi", "&message=", "y".repeat(20)];
    expect((await send(port, "/contact", pieces, { gapMs: 5 })).body).toBe("read 48");
    expect(seen[1]).toBe(pieces.join(""));
  });

  it("counts a chunked body as it arrives and refuses it once it passes the limit", async () => {
    const { port, seen } = await gatedApp();
    // Far more is offered than the limit; the answer comes once the limit is passed.
    const pieces = Array.from({ length: 200 }, () => "z".repeat(30));
    const page = await send(port, "/contact", pieces, { gapMs: 2 });
    expect(page).toMatchObject({ status: 413, body: "page: The form is too large." });
    const api = await send(port, "/api/v1/news", pieces, { gapMs: 2 });
    expect(api.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it("cuts off a client that goes on sending long after its refusal", async () => {
    const { port } = await gatedApp({ lingerMs: 100 });
    const socket = await new Promise<net.Socket>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => resolve(s));
    });
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.on("close", resolve));
    socket.on("error", () => {});
    socket.write(
      "POST /api/v1/news HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n" +
        "x".repeat(1000),
    );
    const writer = setInterval(() => socket.write("x".repeat(1000)), 10);
    await closed;
    clearInterval(writer);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });
});

describe("request timeouts", () => {
  it("answers 408 to a body that arrives too slowly", async () => {
    const { port, seen } = await gatedApp({
      server: requestTimeoutOptions({
        headersMs: 200,
        requestMs: 300,
        checkEveryMs: 50,
        lingerMs: 0,
      }),
    });
    const slow = await send(port, "/contact", ["a", "b", "c", "d", "e", "f"], {
      contentLength: 6,
      gapMs: 150,
    });
    expect(slow.status).toBe(408);
    expect(seen).toEqual([]);
  });

  it("are set for the real server: headers in 20 s, the whole request in 2 minutes", () => {
    expect(requestTimeoutOptions()).toEqual({
      headersTimeout: 20_000,
      requestTimeout: 120_000,
      connectionsCheckingInterval: REQUEST_TIMEOUTS.checkEveryMs,
    });
  });
});

describe("refuseOversizedBody", () => {
  it("ends a request for an action with 413 and the limit's message when the body was refused", async () => {
    const context = (refusedBody?: string) => {
      const provider = new RouterContextProvider();
      provider.set(requestContext, { nonce: undefined, clientIp: "203.0.113.7", refusedBody });
      return provider;
    };
    let ran = 0;
    const next = async () => {
      ran++;
      return new Response("ok");
    };
    const post = new Request("http://x/contact", { method: "POST" });
    const call = (request: Request, refusedBody?: string) =>
      Promise.resolve()
        .then(() =>
          refuseOversizedBody(
            { request, context: context(refusedBody), params: {} } as never,
            next,
          ),
        )
        .catch((error: unknown) => error);
    expect(await call(post)).toBeInstanceOf(Response);
    expect(ran).toBe(1);
    expect(await call(post, "The form is too large.")).toMatchObject({
      data: "The form is too large.",
      init: { status: 413 },
    });
    expect(ran).toBe(1);
    // A page read goes on whatever the flag (it never carries a body).
    await call(new Request("http://x/contact"), "The form is too large.");
    expect(ran).toBe(2);
  });
});
