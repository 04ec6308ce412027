// The site as one request handler: the runtime, the page cache, Express with our middleware and the
// React Router handler. Built with the rest of the app (`react-router build` makes it
// build/server/index.js, the React Router build inside it), and loaded through Vite in
// development; server.ts only starts and stops it.
import crypto from "node:crypto";
import type http from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import { CLIENT_IP_HEADER, ownerSetupLink, providerFormTargets } from "~/accounts/index.server";
import { trailerFrameSources } from "~/games";
import { HEALTH_PATHS } from "~/health";
import { answerProbe, healthPathOf } from "~/health/index.server";
import { loadEnv } from "~/platform/config/env.server";
import { addressKey, type Verdict } from "~/platform/limits/rate-limit.server";
import { createLogger, requestLogSerializers } from "~/platform/logging/logger.server";
import { isCrossSiteWrite } from "~/platform/server/origin.server";
import { limitRequestBodies } from "~/platform/server/request-limits.server";
import {
  contentSecurityPolicy,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
} from "~/platform/server/security.server";
import { routerContextFor } from "~/runtime/context";
import { createRuntime } from "~/runtime/create-runtime.server";

export type SiteOptions = {
  devMode: boolean;
  demo: boolean;
  /** NODE_ENV as the operator set it, read before server.ts defaulted it. */
  declaredNodeEnv: string | undefined;
  /**
   * The variables the configuration is read from (NODE_ENV aside): process.env unless given. The
   * tests' in-process site (tests/support/site.ts) passes its own and leaves process.env alone.
   */
  environment?: NodeJS.ProcessEnv;
  /** Where log lines go: standard output unless given (the tests' in-process site reads them). */
  logDestination?: Parameters<typeof createLogger>[1];
  /** drizzle/ of the checkout being served. */
  migrationsFolder: string;
  /** Prints for the person running the server (not a log line). */
  print: (text: string) => void;
  /**
   * Mounts what serves the built scripts and stylesheets (production only), before everything
   * else: they go out with only the headers a script or stylesheet uses.
   */
  serveAssets?: (app: express.Express) => void;
  /** Mounts what serves files (Vite's middleware, or build/client), after the page cache. */
  serveFiles: (app: express.Express) => void;
};

export async function createSite(options: SiteOptions) {
  const { devMode, demo, migrationsFolder, serveFiles } = options;
  const env = loadEnv({
    ...(options.environment ?? process.env),
    NODE_ENV: options.declaredNodeEnv,
  });
  const logger = createLogger(env.LOG_LEVEL, options.logDestination);
  const { runtime, beginShutdown, close } = await createRuntime(env, logger, {
    demo,
    migrationsFolder,
    print: options.print,
  });
  let shuttingDown = false;

  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));
  const https = env.SITE_URL.startsWith("https:");
  const headers = securityHeaders({ https });
  app.use((req, res, next) => {
    // HSTS on every response of an https site, the scripts and stylesheets included.
    if (https) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    // A method no route serves (TRACE, PROPFIND…) never reaches the router: the web Request the
    // router is handed refuses TRACE and TRACK outright, which was a 500 with a stack.
    if (ROUTED_METHODS.has(req.method)) return next();
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.status(405).set("Allow", ALLOWED_METHODS).type("text/plain").send("Method Not Allowed");
  });
  if (options.serveAssets) {
    // A script or a stylesheet needs nosniff; the document policies (CSP, frame, referrer,
    // permissions, opener) mean nothing on it, and on ~20 scripts per page their ~700 bytes each
    // were a tenth of what a page's scripts weighed on the wire.
    app.use("/assets", (_req, res, next) => {
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (shuttingDown) res.setHeader("Connection", "close");
      next();
    });
    options.serveAssets(app);
    // A file that is not there (an old page after a deploy asking for a script that no longer
    // exists) is a plain 404, not a page render.
    app.use("/assets", (_req, res) => {
      res.status(404).type("text/plain").send("Not Found");
    });
  }
  // A game page may also frame its trailer's player (and only that page).
  // /auth and /profile may also send a form on to a configured sign-in service.
  const formTargets = providerFormTargets(env);
  const policy = (nonce: string, path: string) =>
    contentSecurityPolicy(nonce, {
      dev: devMode,
      https,
      frameSources: trailerFrameSources(path),
      formTargets: formTargets(path),
    });
  // The one cache: anonymous GETs whose responses say a shared cache may keep them (about a second).
  const pageCache = runtime.pageCache;
  const perResponse = (req: http.IncomingMessage): http.OutgoingHttpHeaders => ({
    "X-Request-Id": requestId(req),
    ...(shuttingDown ? { Connection: "close" } : {}),
  });

  // The public API's reads count against its rate limit before the page cache may answer them;
  // a copy goes out with the headers it was rendered with, before the log line and the rest.
  app.use((req, res, next) => {
    if (!req.path.startsWith("/api/v1/") || pageCache.keyOf(req) === null) return next();
    runtime.limits.api.consume(addressKey(req.ip ?? "unknown")).then((verdict) => {
      res.locals.apiVerdict = verdict;
      if (verdict.allowed) pageCache.handle(req, res, perResponse(req), next);
      else next();
    }, next);
  });
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestId(req);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Assets and the health endpoints (asked several times a second by balancers) get no line.
      autoLogging: { ignore: (req) => isQuietPath(req.url ?? "") },
      // One short line per request: no headers, cookies or bodies; query values and token path
      // segments masked.
      serializers: requestLogSerializers,
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    }),
  );
  app.use((req, res, next) => {
    // Once shutdown has begun, no connection is kept for another request (see server.ts).
    if (shuttingDown) res.setHeader("Connection", "close");
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    // A new nonce per render; a copy the page cache gives out keeps the one it was rendered with.
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", policy(nonce, req.path));
    next();
  });
  app.use((req, res, next) => {
    // The auth library and the rate limits read the client address from this header; a value sent
    // by the client is overwritten with the one Express resolved (TRUST_PROXY aware).
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    // Cross-site form posts and API writes are refused before any action runs (CSRF).
    if (isCrossSiteWrite(req, env.SITE_URL)) {
      res.status(403).type("text/plain").send("Cross-site request refused.");
      return;
    }
    // A page takes GET and forms' POST; React Router would run its action for any other method.
    if (!PAGE_METHODS.has(req.method) && !req.path.startsWith("/api/")) {
      res.set("Allow", PAGE_ALLOW);
      if (req.method === "OPTIONS") res.status(204).end();
      else res.status(405).type("text/plain").send("Method Not Allowed");
      return;
    }
    next();
  });
  // Oversized bodies are refused (413) before anything reads them.
  app.use(limitRequestBodies());
  app.use(compression());

  serveFiles(app);
  app.use(pageCache.capture());

  app.all(
    "/{*path}",
    createRequestHandler({
      // Resolved by Vite: in development the live build, in production the one compiled beside this.
      // Production: the build itself, so the router makes its route table once, not per request.
      // Development: a function, so each request gets Vite's latest build.
      build: devMode ? () => import("virtual:react-router/server-build") : await serverBuild(),
      mode: devMode ? "development" : "production",
      getLoadContext: (req, res) =>
        routerContextFor(runtime, {
          nonce: res.locals.nonce as string | undefined,
          clientIp: req.ip ?? "unknown",
          refusedBody: res.locals.refusedBody as string | undefined,
          apiVerdict: res.locals.apiVerdict as Verdict | undefined,
        }),
    }),
  );
  app.use(((error, req, res, _next) => {
    // Malformed URLs and bodies are the client's fault; anything else is logged as ours.
    const status = typeof error?.status === "number" && error.status < 500 ? error.status : 500;
    if (status >= 500) req.log.error({ err: error }, "request failed");
    if (!res.headersSent)
      res
        .status(status)
        .type("text/plain")
        .send(status === 500 ? "Internal Server Error" : "Bad Request");
  }) as express.ErrorRequestHandler);

  return {
    env,
    logger,
    /**
     * The health probes and the page cache's copies are answered before Express runs (no log
     * line, no middleware): they cost little more than writing their bytes.
     * Everything else goes to Express.
     */
    handle(req: http.IncomingMessage, res: http.ServerResponse) {
      const extra: http.OutgoingHttpHeaders = { "X-Request-Id": requestId(req) };
      if (shuttingDown) extra.Connection = "close";
      // Balancers ask the health paths several times a second: answered here from the
      // once-a-second database check, with no log line.
      const probe = healthPathOf(req.method, req.url);
      if (probe) {
        answerProbe(probe, runtime, req.method, res, { ...headers, ...extra }).catch((error) => {
          logger.error({ err: error }, "health probe failed");
          if (!res.headersSent) res.writeHead(500).end();
        });
        return;
      }
      if (req.url?.startsWith("/api/")) app(req, res);
      else pageCache.handle(req, res, extra, () => app(req, res));
    },
    /** The owner set-up link while no owner exists: printed for the person starting the server. */
    ownerSetupLink: () => ownerSetupLink(runtime.db, env.SITE_URL),
    beginShutdown() {
      shuttingDown = true;
      beginShutdown();
    },
    close,
  };
}

export type Site = Awaited<ReturnType<typeof createSite>>;

function serverBuild() {
  return import("virtual:react-router/server-build");
}

/** The request's id: the one a proxy in front sent, when it looks like one, or a new one. */
function requestId(req: http.IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && /^[\w.-]{1,128}$/.test(incoming)
    ? incoming
    : crypto.randomUUID();
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * The methods handed to the routes, which answer 405 with their own Allow for one a path does not
 * take (PATCH and OPTIONS included: the API router names the path's methods).
 */
const ROUTED_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
]);
/** The methods a page (anything outside /api/) answers. */
const PAGE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST"]);
const PAGE_ALLOW = "GET, HEAD, POST";
/** What a method no route takes is told: the methods the site's routes answer. */
const ALLOWED_METHODS = "GET, HEAD, POST, PUT, DELETE";

const QUIET_PATHS: ReadonlySet<string> = new Set(HEALTH_PATHS);

/** Requests that write no log line: static assets and the health endpoints. */
function isQuietPath(url: string): boolean {
  if (url.startsWith("/assets/")) return true;
  return QUIET_PATHS.has(url.split("?", 1)[0] ?? url);
}
