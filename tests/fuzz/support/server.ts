import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "../../support/database";
import { freePort, runScript, serverEnv, startServer } from "../../support/processes";

// The fuzz tests talk to the real server (`node bin/start.js`, the compiled production build) as a child process, so
// every layer a visitor's request meets is in the loop: Express body parsing, the cross-site check,
// React Router, the actions and the error handlers.

export type Engine =
  | { name: "pglite"; dataDir: string }
  | { name: "postgres"; dataDir: string; url: string; drop(): Promise<void> };

export type FuzzServer = {
  url: string;
  engine: Engine;
  output(): string;
  /** SIGTERM, wait for the exit; the data stays for inspection. */
  stop(): Promise<void>;
  /** Removes the data directory and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
};

/** PGlite in a private data directory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
export async function prepareEngine(): Promise<Engine> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-fuzz-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { name: "pglite", dataDir };
  const database = await createDatabase(adminUrl, "studio_fuzz_");
  return { name: "postgres", dataDir, url: database.url, drop: database.drop };
}

/** What the fuzzed server runs with, on top of what startServer sets. */
function fuzzEnv(engine: Engine): Record<string, string | undefined> {
  return {
    LOG_LEVEL: "fatal",
    // Every request carries its own X-Forwarded-For, so per-address limits do not hide behaviour.
    TRUST_PROXY: "loopback",
    CONTACT_RATE_LIMIT: "1000000",
    AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
    // Unset, as an operator would leave it: the server then runs React's production build.
    NODE_ENV: undefined,
    SMTP_URL: undefined,
    FAULT_INJECTION: undefined,
    DATABASE_URL: engine.name === "postgres" ? engine.url : undefined,
  };
}

/**
 * Seeds one verified user per role (tests/support/seed-e2e.ts), then starts the server and waits
 * until /healthz answers.
 */
export async function startFuzzServer(engine: Engine): Promise<FuzzServer> {
  const port = await freePort();
  const options = { dataDir: engine.dataDir, port, env: fuzzEnv(engine) };
  await runScript(["tests/support/seed-e2e.ts"], serverEnv(options));
  const server = await startServer(options);
  const stop = async () => {
    await server.stop();
  };
  return {
    url: server.url,
    engine,
    output: () => server.output(),
    stop,
    async dispose() {
      await stop();
      fs.rmSync(engine.dataDir, { recursive: true, force: true });
      if (engine.name === "postgres") await engine.drop();
    },
  };
}
