import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { sessionCookiesIn } from "~/accounts/index.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/db/availability.server";
import { isPublicPage, SHARED_CACHE_CONTROL } from "~/platform/http/shared-pages";
import { type AppContext, requestContext, runtimeContext } from "~/platform/server/context.server";
import { NonceProvider } from "~/platform/server/nonce";

export const streamTimeout = 5_000;

/**
 * How browsers and shared caches may keep a page. A signed-in page is not stored at all, so the
 * back button after signing out shows nothing private. A public page (its route's handle says so)
 * asked for without a cookie is the same for everyone: the page cache, and nginx or a CDN in
 * front, may keep it for a second. Any other page is private.
 */
export function documentCacheControl(request: Request, context: EntryContext): string {
  const cookie = request.headers.get("Cookie") ?? "";
  if (sessionCookiesIn(cookie).length > 0) return "private, no-store";
  const leaf = context.staticHandlerContext.matches.at(-1);
  const shared =
    (request.method === "GET" || request.method === "HEAD") &&
    !cookie &&
    !request.headers.has("Authorization") &&
    leaf !== undefined &&
    isPublicPage(context.routeModules[leaf.route.id]?.handle);
  return shared ? SHARED_CACHE_CONTROL : "private, no-cache";
}

/**
 * The loader data of a client-side navigation (`<path>.data`): for a signed-in person as private as
 * the page itself, so the browser keeps no copy (a route that says otherwise keeps its own header).
 */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  const signedIn = sessionCookiesIn(request.headers.get("Cookie") ?? "").length > 0;
  if (signedIn && !response.headers.has("Cache-Control")) {
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
}

// Requests whose loaders or actions failed because the database was unreachable.
const databaseUnavailable = new WeakSet<Request>();

/**
 * Every error a loader, action or render throws passes here before the page renders. An unreachable
 * database is remembered for the request, so the page becomes a 503 (see handleRequest); anything
 * else is logged as ours.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests are the client's doing; a thrown Response is the 503 below on its second pass.
  if (request.signal.aborted || error instanceof Response) return;
  const logger = context ? (context as AppContext).get(runtimeContext).logger : undefined;
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(request);
    logger?.warn({ err: error, url: request.url }, "database unavailable");
    return;
  }
  if (logger) logger.error({ err: error, url: request.url }, "request failed");
  else console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppContext,
) {
  if (databaseUnavailable.has(request)) {
    databaseUnavailable.delete(request);
    // Thrown from here, a Response makes the framework render the page again with this status as
    // the route error (in the browser's hydration data too): the error boundary's 503 page.
    throw new Response("The database is unavailable", {
      status: 503,
      statusText: "Service Unavailable",
    });
  }
  if (responseStatusCode === 503) {
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", documentCacheControl(request, routerContext));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(requestContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // Every page waits for all its content: loaders resolve before rendering, and whole documents
    // are what crawlers, link previews and the page cache want.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          loadContext.get(runtimeContext).logger.error({ err: error }, "render failed");
        },
      },
    );
  });
}
