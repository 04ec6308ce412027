import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

// The fuzz tests talk to the real server (`tsx server.ts`, production build) as a child process, so
// every layer a visitor's request meets is in the loop: Express body parsing, the cross-site check,
// React Router, the actions and the error handlers.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Ports this suite may listen on (the rest of the machine's ports belong to other suites). */
const PORT_RANGE = { from: 5200, to: 5299 };

export type Engine =
  | { name: "pglite"; dataDir: string }
  | { name: "postgres"; dataDir: string; url: string; adminUrl: string; database: string };

export type FuzzServer = {
  url: string;
  engine: Engine;
  output(): string;
  /** SIGTERM, wait for the exit; the data stays for inspection. */
  stop(): Promise<void>;
  /** Removes the data directory and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
};

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  const span = PORT_RANGE.to - PORT_RANGE.from + 1;
  const start = crypto.randomInt(span);
  for (let i = 0; i < span; i++) {
    const port = PORT_RANGE.from + ((start + i) % span);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${PORT_RANGE.from}-${PORT_RANGE.to}`);
}

/** PGlite in a private data directory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
export async function prepareEngine(): Promise<Engine> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-fuzz-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { name: "pglite", dataDir };
  const database = `studio_fuzz_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return { name: "postgres", dataDir, url: url.toString(), adminUrl, database };
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

  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: unknown) => {
    output = (output + String(chunk)).slice(-200_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let ended = false;
  void exited.then(() => {
    ended = true;
  });

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (ended) throw new Error(`the server exited before it was healthy:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server was not healthy in time:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const stop = async () => {
    if (!ended) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
  };
  return {
    url,
    engine,
    output: () => output,
    stop,
    async dispose() {
      await stop();
      fs.rmSync(engine.dataDir, { recursive: true, force: true });
      if (engine.name === "postgres") {
        const admin = new pg.Client({ connectionString: engine.adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${engine.database} with (force)`);
        await admin.end();
      }
    },
  };
}
