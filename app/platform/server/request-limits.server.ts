import type http from "node:http";
import type { Response as ExpressResponse, NextFunction, Request } from "express";
import { data, type MiddlewareFunction } from "react-router";
import { requestContext } from "./context.server";
import { REQUEST_TIMEOUTS } from "./request-timeouts";

const KB = 1024;
const MB = 1024 * KB;

/** How a refused body is answered: the site's error page (forms), or the API's JSON error. */
type Answer = "page" | "api" | "auth";

export type BodyLimit = {
  kind: string;
  path: RegExp;
  bytes: number;
  answer: Answer;
  message: string;
};

const tooLarge = (what: string, bytes: number) =>
  `${what} is too large. The limit is ${bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`}.`;

/**
 * The largest request body each kind of endpoint reads; the first row whose path matches applies
 * (`.data` is how React Router's scripts post a page's form). Each is well above the largest
 * submission its forms and schemas accept, percent-encoded.
 */
export const BODY_LIMITS: BodyLimit[] = [
  {
    // The avatar's 5 MB (app/profiles/avatar.server.ts) plus room for the multipart envelope.
    kind: "avatar upload",
    path: /^\/profile\/avatar(\.data)?$/,
    bytes: 5 * MB + 64 * KB,
    answer: "page",
    message: "The image is too large. The limit is 5 MB.",
  },
  {
    // The media library's 10 MB (MEDIA_MAX_BYTES, app/media/media-limits.ts) plus room for the
    // multipart envelope. Only the editors' script posts here and reads JSON: refused as the API is.
    kind: "media upload",
    path: /^\/media\/upload(\.data)?$/,
    bytes: 10 * MB + 64 * KB,
    answer: "api",
    message: "The image is too large. The limit is 10 MB.",
  },
  {
    // The Press Kits tab's presskit() zip (PRESSKIT_UPLOAD_MAX_BYTES, app/press) plus room for the
    // multipart envelope; the tab's other form is far smaller.
    kind: "press kit import",
    path: /^\/admin\/press(\.data)?$/,
    bytes: 50 * MB + 64 * KB,
    answer: "page",
    message: "The zip is too large. The limit is 50 MB.",
  },
  {
    kind: "API (JSON)",
    path: /^\/api\/v1\//,
    bytes: 1 * MB,
    answer: "api",
    message: tooLarge("The request body", 1 * MB),
  },
  {
    kind: "sign-in and account endpoints",
    path: /^\/api\/auth\//,
    bytes: 64 * KB,
    answer: "auth",
    message: tooLarge("The request body", 64 * KB),
  },
  {
    // A news item's 20,000 characters take up to 180 KB once percent-encoded.
    kind: "staff forms",
    path: /^\/admin\/(messages|news|games)(\.data)?$/,
    bytes: 256 * KB,
    answer: "page",
    message: tooLarge("The form", 256 * KB),
  },
  {
    kind: "forms",
    path: /^/,
    bytes: 64 * KB,
    answer: "page",
    message: tooLarge("The form", 64 * KB),
  },
];

export { REQUEST_TIMEOUTS, requestTimeoutOptions } from "./request-timeouts";

export function bodyLimitFor(path: string, limits = BODY_LIMITS): BodyLimit {
  return limits.find((limit) => limit.path.test(path)) ?? limits[limits.length - 1]!;
}

/**
 * Refuses a body larger than its limit before anything reads it: by its Content-Length up front,
 * or, for a chunked body, by counting while it arrives (held here, at most the limit, until it is
 * complete). The API answers 413 JSON from here; a page form's 413 is the site's error page, thrown
 * by the root middleware (`refuseOversizedBody`), which is told through `res.locals.refusedBody`.
 */
export function limitRequestBodies(
  options: { limits?: BodyLimit[]; lingerMs?: number } = {},
): (req: Request, res: ExpressResponse, next: NextFunction) => void {
  const lingerMs = options.lingerMs ?? REQUEST_TIMEOUTS.lingerMs;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = bodyLimitFor(req.path, options.limits);
    const refuse = () => {
      lingerThenClose(req, res, lingerMs);
      if (limit.answer === "page") {
        res.locals.refusedBody = limit.message;
        return next();
      }
      res
        .status(413)
        .set("Cache-Control", "no-store")
        .json(
          limit.answer === "api"
            ? { error: { code: "payload_too_large", message: limit.message } }
            : { code: "PAYLOAD_TOO_LARGE", message: limit.message },
        );
    };
    const declared = req.headers["content-length"];
    if (declared !== undefined) return Number(declared) > limit.bytes ? refuse() : next();
    if (!req.headers["transfer-encoding"]) return next();
    holdBody(req, limit.bytes, (fits) => (fits ? next() : refuse()));
  };
}

/**
 * Counts a chunked body as Node's parser hands it over, keeping it back from the request stream
 * until it is complete (then it is replayed, so whoever reads the request later sees all of it), or
 * until it passes `maxBytes` (then the rest is dropped as it arrives).
 */
function holdBody(req: http.IncomingMessage, maxBytes: number, done: (fits: boolean) => void) {
  const push = req.push.bind(req);
  const held: Buffer[] = [];
  let size = 0;
  let over = false;
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (chunk === null) {
      req.push = push;
      if (!over) for (const piece of held) push(piece);
      const ended = push(null, encoding);
      if (!over) done(true);
      return ended;
    }
    if (over) return true;
    size += chunk.length;
    if (size > maxBytes) {
      over = true;
      held.length = 0;
      done(false);
      return true;
    }
    held.push(chunk);
    return true;
  };
}

/**
 * Once a refusal is answered, Node reads and drops the rest of the body so the connection can be
 * used again; a client still sending after `lingerMs` is cut off.
 */
function lingerThenClose(req: http.IncomingMessage, res: http.ServerResponse, lingerMs: number) {
  res.once("finish", () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), lingerMs);
    timer.unref();
    req.once("end", () => clearTimeout(timer));
  });
}

/**
 * Root middleware: when the body was refused, a request for an action ends here with the 413
 * before anything could read it, so a page form gets the site's error page with the message (and
 * a form posted by the page's script gets the same error, encoded for the router).
 */
export const refuseOversizedBody: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const refused = context.get(requestContext).refusedBody;
  if (refused && request.method !== "GET" && request.method !== "HEAD") throw data(refused, 413);
  return next();
};
