import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Starting real server processes (`tsx server.ts`, as `npm start` does) for the browser tests and
// the system tests. Nothing here depends on a test runner.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const handedOut = new Set<number>();

/**
 * A TCP port nobody listens on right now. TEST_PORTS=5100-5199 keeps test servers inside a range
 * (for machines where only some ports may be used); otherwise the system picks one.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? "");
  if (!range) return listenOn(0);
  const [low, high] = [Number(range[1]), Number(range[2])];
  for (let port = low; port <= high; port++) {
    if (handedOut.has(port)) continue;
    try {
      await listenOn(port);
      handedOut.add(port);
      return port;
    } catch {
      // taken; try the next one
    }
  }
  throw new Error(`No free port in TEST_PORTS=${process.env.TEST_PORTS}`);
}

function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const found = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(found));
    });
  });
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  output(): string;
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number | string>;
  /** Sends SIGKILL (no shutdown at all) and waits for the process to end. */
  kill(): Promise<number | string>;
};

/**
 * Starts `tsx server.ts` (as one Node process, so that signals reach the server itself) with the
 * given data directory and environment. Variables set to undefined are removed from the inherited
 * environment. `port` restarts a server where it was (behind a balancer).
 */
export async function startServer(options: {
  dataDir: string;
  env?: Record<string, string | undefined>;
  port?: number;
  waitUntilHealthy?: boolean;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
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

  const alive = () => child.exitCode === null && child.signalCode === null;
  const server: ServerProcess = {
    url,
    port,
    child,
    exited,
    output: () => output,
    async stop() {
      if (alive()) child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (alive()) child.kill("SIGKILL");
      return exited;
    },
  };
  if (options.waitUntilHealthy !== false) await waitForHealthy(server);
  return server;
}

/** Polls /healthz until it answers 200; fails early if the process exits. */
export async function waitForHealthy(
  server: Pick<ServerProcess, "url" | "exited" | "output">,
  timeoutMs = 150_000,
): Promise<void> {
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
