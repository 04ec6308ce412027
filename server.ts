// Starts and stops the site. `npm start` runs this file compiled (build/server/start.js, through
// bin/start.js, which builds first when the build is missing or stale); tests and
// `--dev` run it through tsx. `--dev` serves through Vite with hot reload; `--demo` adds the demo
// content first. The site itself (runtime, middleware, page cache, React Router) is server/app.ts,
// compiled with the app into build/server/index.js.
// biome-ignore-all assist/source/organizeImports: the first import settles NODE_ENV before React loads

import { declaredNodeEnv } from "./app/platform/server/node-env.server";

import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { createSite as CreateSite, Site } from "./server/app";
import { productionFiles } from "./server/production";
import { superviseWorkers } from "./server/supervisor";
import { loadEnv } from "./app/platform/config/env.server";
import { requestTimeoutOptions } from "./app/platform/server/request-timeouts";
import { BUILT, ensureBuild } from "./bin/build-state.js";

/** The checkout: this file's folder, or, compiled into build/server/, the folder above build/. */
const root = checkoutRoot(path.dirname(fileURLToPath(import.meta.url)));
const args = new Set(process.argv.slice(2));
const devMode = args.has("--dev");
const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Start-up failures whose message says all (a bad setting, a data dir in use): no stack. */
const TOLD_FAILURES = new Set(["ConfigError", "DataDirLockedError"]);

start().catch((error) => {
  if (TOLD_FAILURES.has(error?.name)) console.error(error.message);
  else console.error("studio-site failed to start:", error);
  process.exit(1);
});

/**
 * One process, or with WEB_CONCURRENCY > 1 on PostgreSQL a primary that keeps that many workers
 * (server/supervisor.ts). The embedded database allows one process: there the
 * setting is refused with a line saying so, and the site runs as one.
 */
async function start() {
  if (!cluster.isPrimary || devMode) return serve();
  const env = loadEnv({ ...process.env, NODE_ENV: declaredNodeEnv });
  if (env.WEB_CONCURRENCY === 1) return serve();
  if (!env.DATABASE_URL) {
    console.log(
      `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} ignored: the embedded database allows one process, so the site runs as one (set DATABASE_URL for more).`,
    );
    return serve();
  }
  // Built once here, not by each worker.
  await productionBuild();
  superviseWorkers(env.WEB_CONCURRENCY, (line) => console.log(line));
}

/** The site in this process: listens, and stops gracefully on SIGTERM or SIGINT. */
async function serve() {
  const site = await loadSite();
  const { env, logger } = site;
  // Slow requests end with 408 (headers within 20 s, the whole request within 2 minutes).
  const server = http.createServer(requestTimeoutOptions(), site.handle);
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
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    site.beginShutdown();
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
    await site.close();
    logger.info("stopped cleanly");
    process.exit(0);
  }
  // Registered before anything else is awaited: the health check answers from the moment the
  // port listens, so a supervisor's SIGTERM may come at once and must be a graceful stop.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // Printed once: by the only process, or by the first worker.
  // A stop that came meanwhile closes the database under it: then there is no link to print.
  const setupLink =
    cluster.isPrimary || cluster.worker?.id === 1
      ? await site.ownerSetupLink().catch((error: unknown) => {
          if (stopping) return null;
          throw error;
        })
      : null;
  if (setupLink) {
    // Printed, not logged: it is for the person starting the server, once.
    console.log(
      `\nNo owner account exists yet. Create it here (the link works once, for 24 hours):\n  ${setupLink}\n`,
    );
  }
}

/** The site module: through Vite in development, else the compiled build (built when stale). */
async function loadSite(): Promise<Site> {
  const options = {
    devMode,
    demo: args.has("--demo"),
    declaredNodeEnv,
    print: (text: string) => console.log(text),
    migrationsFolder: path.join(root, "drizzle"),
  };
  if (devMode) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    const module = (await viteServer.ssrLoadModule("./server/app.ts")) as {
      createSite: typeof CreateSite;
    };
    return module.createSite({ ...options, serveFiles: (app) => app.use(viteServer.middlewares) });
  }
  const module = (await import(await productionBuild())) as { createSite: typeof CreateSite };
  return module.createSite({ ...options, ...productionFiles(root) });
}

/** Builds when the build is missing or older than the sources; the compiled site's path. */
async function productionBuild(): Promise<string> {
  ensureBuild(root);
  return path.join(root, BUILT.site);
}

function checkoutRoot(dir: string): string {
  if (fs.existsSync(path.join(dir, "package.json"))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error("no package.json above the server's file");
  return checkoutRoot(parent);
}
