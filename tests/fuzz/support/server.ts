import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "../../support/database";
import { freePort, ROOT, startServer } from "../../support/processes";

// The fuzz tests talk to the real server (`tsx server.ts`, production build) as a child process, so
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

function baseEnv(engine: Engine, port: number, siteUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: siteUrl,
    DATA_DIR: engine.dataDir,
    LOG_LEVEL: "fatal",
    // Every request carries its own X-Forwarded-For, so per-address limits do not hide behaviour.
    TRUST_PROXY: "loopback",
    CONTACT_RATE_LIMIT: "1000000",
    AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
  };
  // Unset, as an operator would leave it: the server then runs React's production build.
  delete env.NODE_ENV;
  delete env.SMTP_URL;
  delete env.FAULT_INJECTION;
  if (engine.name === "postgres") env.DATABASE_URL = engine.url;
  else delete env.DATABASE_URL;
  return env;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on("data", (chunk) => {
      output += String(chunk);
    });
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}

/**
 * Seeds one verified user per role (tests/support/seed-e2e.ts), then starts the server and waits
 * until /healthz answers.
 */
export async function startFuzzServer(engine: Engine): Promise<FuzzServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = baseEnv(engine, port, url);
  await run(["tests/support/seed-e2e.ts"], env);
  // What baseEnv left out stays out (startServer would otherwise inherit it).
  const unset = { NODE_ENV: undefined, SMTP_URL: undefined, FAULT_INJECTION: undefined };
  const server = await startServer({
    dataDir: engine.dataDir,
    port,
    env: { ...unset, DATABASE_URL: undefined, ...env },
  });
  const stop = async () => {
    await server.stop();
  };
  return {
    url,
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
