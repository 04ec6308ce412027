import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";

// Helpers for tests that start their own server process (`tsx server.ts`) on a private data
// directory, to look at what it stored or how it behaves as a process.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * A fresh, empty data directory in this test's output folder (under test-results/, which
 * Playwright empties at the start of each run).
 */
export function freshDataDir(name: string): string {
  const dir = test.info().outputPath(name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Removes a data directory once a test has passed (a PGlite database is tens of megabytes). */
export function removeDataDirIfPassed(dir: string): void {
  if (test.info().status === test.info().expectedStatus) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  output(): string;
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number | string>;
};

/**
 * Starts `tsx server.ts` (as one Node process, so that signals reach the server itself) with the
 * given data directory and environment. Variables set to undefined are removed from the inherited
 * environment.
 */
export async function startServer(options: {
  dataDir: string;
  env?: Record<string, string | undefined>;
  waitUntilHealthy?: boolean;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    SITE_URL: url,
    LOG_LEVEL: "warn",
  };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
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
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  running.add(child);
  void exited.then(() => running.delete(child));

  const server: ServerProcess = {
    url,
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  if (options.waitUntilHealthy !== false) await waitForHealthy(server);
  return server;
}

/** Polls /healthz until it answers 200; fails early if the process exits. */
export async function waitForHealthy(server: ServerProcess, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended: number | string | undefined;
  void server.exited.then((code) => {
    ended = code;
  });
  while (Date.now() < deadline) {
    if (ended !== undefined) {
      throw new Error(`the server exited (${ended}) before it was healthy:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${server.output()}`);
}

const running = new Set<ChildProcess>();

/** Ends any server a failed test left running (only processes these helpers started). */
export async function killLeftoverServers(): Promise<void> {
  const left = [...running].filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of left) child.kill("SIGKILL");
  await Promise.all(left.map((child) => new Promise((resolve) => child.once("exit", resolve))));
}
