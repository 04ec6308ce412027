// Starts and stops the site: `tsx server.ts` serves the production build (building it first when
// it is missing or older than the sources); `--dev` serves through Vite with hot reload; `--demo`
// adds the demo content first. The site itself (runtime, middleware, page cache, React Router) is
// server/app.ts, compiled with the app into build/server/index.js (decision 032).
// biome-ignore-all assist/source/organizeImports: the first import settles NODE_ENV before React loads

import { declaredNodeEnv } from "./app/platform/server/node-env.server";

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import type { createSite as CreateSite, Site } from "./server/app";
import { requestTimeoutOptions } from "./app/platform/server/request-limits.server";

const root = path.dirname(fileURLToPath(import.meta.url));
const args = new Set(process.argv.slice(2));
const devMode = args.has("--dev");
const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Start-up failures whose message says all (a bad setting, a data dir in use): no stack. */
const TOLD_FAILURES = new Set(["ConfigError", "DataDirLockedError"]);

main().catch((error) => {
  if (TOLD_FAILURES.has(error?.name)) console.error(error.message);
  else console.error("studio-site failed to start:", error);
  process.exit(1);
});

async function main() {
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
  const setupLink = await site.ownerSetupLink();
  if (setupLink) {
    // Printed, not logged: it is for the person starting the server, once.
    console.log(
      `\nNo owner account exists yet. Create it here (the link works once, for 24 hours):\n  ${setupLink}\n`,
    );
  }

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
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
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
  return module.createSite({
    ...options,
    serveFiles: (app) => {
      // Hashed file names never change content: cache them for a year.
      app.use(
        "/assets",
        express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }),
      );
      app.use(express.static(path.join(root, "build/client"), { maxAge: "1h" }));
    },
  });
}

/** Builds when the build is missing or older than the sources; the compiled site's path. */
async function productionBuild(): Promise<string> {
  const entry = path.join(root, "build/server/index.js");
  if (isStale(entry)) {
    console.log("building the site (the build is missing or older than the sources)...");
    const result = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
      { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
    );
    if (result.status !== 0) throw new Error("the build failed; see the output above");
  }
  return entry;
}

function isStale(entry: string): boolean {
  if (!fs.existsSync(entry)) return true;
  const built = fs.statSync(entry).mtimeMs;
  const sources = [
    "app",
    "server",
    "public",
    "drizzle",
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
