// The HTTP server: configuration, database, security headers, static files, the React Router
// handler and graceful shutdown. `tsx server.ts` serves the production build (building it first
// when it is missing or older than the sources); `--dev` serves with Vite and hot reload; `--demo`
// adds the demo content first.
// biome-ignore-all assist/source/organizeImports: the first import settles NODE_ENV before React loads

import { declaredNodeEnv } from "~/platform/server/node-env.server";

import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER, createAuth, ownerSetupLink } from "~/accounts/index.server";
import { describeConsoleQuery } from "~/console/index.server";
import type { Database } from "~/db/database.server";
import { seedDemo } from "~/runtime/demo.server";
import { DataDirLockedError } from "~/db/lock.server";
import { migrate } from "~/db/migrate.server";
import { openConfiguredDatabase } from "~/db/open.server";
import { createMailer } from "~/platform/mail/mailer.server";
import { configuredStorage } from "~/platform/storage/configured.server";
import type { Runtime } from "~/runtime/context";
import { ConfigError, type Env, loadEnv } from "~/platform/server/env.server";
import { CacheRegistry } from "~/platform/server/caches.server";
import { createLogger, requestLogSerializers } from "~/platform/server/logger.server";
import { isSharedPage, PageCache } from "~/platform/server/page-cache.server";
import { createRateLimits, limitStoreFor } from "~/platform/server/rate-limit.server";
import { isCrossSiteWrite } from "~/platform/server/origin.server";
import {
  limitRequestBodies,
  refuseOversizedBodies,
  requestTimeoutOptions,
} from "~/platform/server/request-limits.server";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  securityHeaders,
} from "~/platform/server/security.server";

const root = path.dirname(fileURLToPath(import.meta.url));
const args = new Set(process.argv.slice(2));
const devMode = args.has("--dev");
const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("studio-site failed to start:", error);
  }
  process.exit(1);
});

async function main() {
  const env = loadEnv({ ...process.env, NODE_ENV: declaredNodeEnv });
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openConfiguredDatabase(env);
  await migrate(database);
  logger.info(`database: ${database.description}, migrations applied`);
  await logConsoleQuery(database.db, env, logger);
  if (args.has("--demo")) {
    const added = await seedDemo(database.db);
    logger.info(`demo content: added ${added.news} news items and ${added.games} games`);
  }

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    dataDir: env.DATA_DIR,
    logger,
    // Outside production the outbox's links are printed whole, beside the log (decision 026).
    printLinks: env.NODE_ENV === "production" ? undefined : (text) => console.log(text),
  });
  const storage = configuredStorage(env);
  const limits = createRateLimits(database.db, env, limitStoreFor(database.engine));
  const auth = createAuth({ db: database.db, env, mailer, logger, limits, storage });
  const caches = new CacheRegistry(logger);
  if (env.DATABASE_URL) await caches.listen(env.DATABASE_URL);
  let shuttingDown = false;
  const runtime: Runtime = {
    db: database.db,
    env,
    logger,
    auth,
    mailer,
    storage,
    caches,
    limits,
    ping: database.ping,
    isShuttingDown: () => shuttingDown,
  };

  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestId(req);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      // One short line per request: no headers, cookies or bodies; query values and token path
      // segments masked.
      serializers: requestLogSerializers,
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    }),
  );
  const https = env.SITE_URL.startsWith("https:");
  const headers = securityHeaders({ https });
  app.use((req, res, next) => {
    // Once shutdown has begun, no connection is kept for another request (see shutdown below).
    if (shuttingDown) res.setHeader("Connection", "close");
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (isSharedPage(req)) {
      // Served to many from the page cache: no nonce. The page cache replaces this policy with
      // one listing the hashes of the document's inline scripts (decision 028).
      res.locals.nonce = undefined;
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy({ hashes: [] }, { dev: devMode, https }),
      );
    } else {
      const nonce = crypto.randomBytes(16).toString("base64");
      res.locals.nonce = nonce;
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy({ nonce }, { dev: devMode, https }),
      );
    }
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
    next();
  });
  // Oversized bodies are refused (413) before anything reads them.
  app.use(limitRequestBodies());
  app.use(compression());

  // Anonymous public pages from memory, before the static files (no file lookup for a page); the
  // writes that change them (news, games) clear them on every process (decision 028).
  const pageCache = new PageCache({
    sharedPolicy: (document) =>
      contentSecurityPolicy({ hashes: inlineScriptHashes(document) }, { dev: devMode, https }),
  });
  caches.register(pageCache);
  app.use(pageCache.middleware());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (devMode) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = async () =>
      refuseOversizedBodies(
        (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild,
      );
  } else {
    build = refuseOversizedBodies(await loadProductionBuild(logger));
    // Hashed file names never change content: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(path.join(root, "build/client"), { maxAge: "1h" }));
  }

  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: devMode ? "development" : "production",
      getLoadContext: (req, res) => ({
        runtime,
        nonce: res.locals.nonce as string | undefined,
        clientIp: req.ip ?? "unknown",
        refusedBody: res.locals.refusedBody as string | undefined,
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

  // A page the cache holds is answered before Express runs (no log line, no middleware): a hit
  // costs little more than writing its bytes (decision 018). Everything else goes to Express.
  // Slow requests end with 408 (headers within 20 s, the whole request within 2 minutes).
  const server = http.createServer(requestTimeoutOptions(), (req, res) => {
    const extra: http.OutgoingHttpHeaders = { "X-Request-Id": requestId(req) };
    if (shuttingDown) extra.Connection = "close";
    if (!pageCache.serveHit(req, res, extra)) app(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  // Idle keep-alive connections close after this long; a balancer must let its idle connections
  // to us go sooner (nginx: keepalive_timeout in the upstream block), or a request it sends just
  // as we close one fails.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info(
    `studio-site listening on http://${env.HOST}:${port} (${devMode ? "development" : "production build"})`,
  );
  const setupLink = await ownerSetupLink(database.db, env.SITE_URL);
  if (setupLink) {
    // Printed, not logged: it is for the person starting the server, once.
    console.log(
      `\nNo owner account exists yet. Create it here (the link works once, for 24 hours):\n  ${setupLink}\n`,
    );
  }

  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`${signal}: finishing in-flight requests, then closing the database`);
    const force = setTimeout(() => {
      logger.warn("shutdown grace period over; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop accepting connections at once: a balancer's new connection is refused and goes to
    // another process (safe for any method, as nothing was sent). Open connections are not cut,
    // since a request may be on its way over an idle keep-alive connection right now (cutting it
    // would fail that request): their requests are answered with Connection: close, and idle ones
    // end when the balancer lets them go or after keepAliveTimeout. (http.Server#close would also
    // close the idle ones at once: net.Server#close stops listening only.)
    await new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    await caches.close();
    await database.close();
    logger.info("stopped cleanly");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
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

/** Builds when the build is missing or older than the sources, then loads it. */
async function loadProductionBuild(logger: { info(msg: string): void }): Promise<ServerBuild> {
  const entry = path.join(root, "build/server/index.js");
  if (isStale(entry)) {
    logger.info("building the site (the build is missing or older than the sources)...");
    const result = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
      {
        cwd: root,
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (result.status !== 0) throw new Error("the build failed; see the output above");
  }
  return (await import(entry)) as ServerBuild;
}

function isStale(entry: string): boolean {
  if (!fs.existsSync(entry)) return true;
  const built = fs.statSync(entry).mtimeMs;
  const sources = [
    "app",
    "public",
    "vite.config.ts",
    "react-router.config.ts",
    "package-lock.json",
  ];
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export type { Env };

/** Whether the console's SQL box can run here, and if not why and how to turn it on (decision 027). */
async function logConsoleQuery(db: Database, env: Env, logger: ReturnType<typeof createLogger>) {
  try {
    const box = await describeConsoleQuery(db, { role: env.CONSOLE_READER_ROLE });
    if (box.available) logger.info(box.message);
    else logger.warn(box.message);
  } catch (error) {
    logger.warn({ err: error }, "console SQL box: could not be checked at start-up");
  }
}
