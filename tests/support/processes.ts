import type { ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureCurrentBuild } from "./build";
import { killOwnedProcesses, spawnOwned } from "./process-registry";

// Starting real server processes (`node bin/start.js`, as `npm start` does) for the browser, system,
// fuzz and integration tests and for the scripts (bench, lighthouse). Nothing here depends on a
// test runner.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const handedOut = new Set<number>();

/**
 * A TCP port nobody listens on right now, from `range` when given, else from TEST_PORTS=5100-5199
 * when set (for machines where only some ports may be used); otherwise the system picks one. A port
 * from a range is handed out once per process.
 */
export async function freePort(range?: { from: number; to: number }): Promise<number> {
  const configured = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? "");
  const { from, to } =
    range ?? (configured ? { from: Number(configured[1]), to: Number(configured[2]) } : {});
  if (from === undefined || to === undefined) return listenOn(0);
  for (let port = from; port <= to; port++) {
    if (handedOut.has(port)) continue;
    try {
      await listenOn(port);
      handedOut.add(port);
      return port;
    } catch {
      // taken; try the next one
    }
  }
  throw new Error(`No free port in ${from}-${to}`);
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

export type ServerOptions = {
  dataDir: string;
  /** Variables set to undefined are removed from the environment. */
  env?: Record<string, string | undefined>;
  /** False: start from PATH and HOME only instead of this process's environment. */
  inheritEnv?: boolean;
  /** A fixed port (e.g. to restart a server where it was, behind a balancer). */
  port?: number;
};

/**
 * The environment a server started by these helpers runs with: loopback, the port, the data
 * directory, SITE_URL and LOG_LEVEL=warn, then `env` on top.
 */
export function serverEnv(options: ServerOptions & { port: number }): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv =
    options.inheritEnv === false
      ? { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" }
      : { ...process.env };
  const env: NodeJS.ProcessEnv = {
    ...base,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    SITE_URL: `http://127.0.0.1:${options.port}`,
    LOG_LEVEL: "warn",
  };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** Collects what a child process writes to stdout and stderr; the returned function reads it. */
export function captureOutput(child: ChildProcess): () => string {
  let output = "";
  const keep = (chunk: unknown) => {
    output += String(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => output;
}

/** Runs a TypeScript file of the repository (`node --import tsx`) to the end; rejects on failure. */
export function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const { child } = spawnOwned(process.execPath, ["--import", "tsx", ...args], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = captureOutput(child);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${args.join(" ")} failed (${code}):\n${output()}`)),
    );
  });
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** performance.now() when the process was spawned. */
  spawnedAt: number;
  /** Milliseconds from the spawn to the first healthy answer (0 without waitUntilHealthy). */
  readyMs: number;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  output(): string;
  /** Sends SIGTERM and waits for the exit code; with `killAfterMs`, SIGKILL if it takes longer. */
  stop(killAfterMs?: number): Promise<number | string>;
  /** Sends SIGKILL (no shutdown at all) and waits for the process to end. */
  kill(): Promise<number | string>;
};

/**
 * Starts the server as one Node process with the given data directory and environment, and waits
 * until `readyPath` (/healthz) answers 200. The launcher: "compiled" (the default) is what
 * `npm start` runs, `node bin/start.js`, the compiled server; "node" is `node --import tsx
 * server.ts`, the TypeScript source in the same process; "tsx" is `tsx server.ts`, in a process
 * group of its own so that signals reach tsx's child too.
 */
export async function startServer(
  options: ServerOptions & {
    /** Arguments after server.ts, e.g. ["--demo"]. */
    args?: string[];
    /** Node options before the script (and `--import tsx`), e.g. ["--cpu-prof"]. */
    nodeArgs?: string[];
    launcher?: "compiled" | "node" | "tsx";
    waitUntilHealthy?: boolean;
    readyPath?: string;
    timeoutMs?: number;
    pollMs?: number;
  },
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = serverEnv({ ...options, port });
  const args = ["server.ts", ...(options.args ?? [])];
  const launcher = options.launcher ?? "compiled";
  const group = launcher === "tsx";
  const nodeArgs = options.nodeArgs ?? [];
  // `npm start` would build a missing or stale build in each server; it is built once instead.
  if (launcher === "compiled") await ensureCurrentBuild(ROOT);
  const [command, commandArgs] =
    launcher === "tsx"
      ? [path.join(ROOT, "node_modules/.bin/tsx"), args]
      : launcher === "node"
        ? [process.execPath, [...nodeArgs, "--import", "tsx", ...args]]
        : [process.execPath, [...nodeArgs, "bin/start.js", ...args.slice(1)]];
  const spawnedAt = performance.now();
  const { child, exited, signal } = spawnOwned(command, commandArgs, {
    cwd: ROOT,
    env,
    group,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);

  const server: ServerProcess = {
    url,
    port,
    child,
    spawnedAt,
    readyMs: 0,
    exited,
    output,
    async stop(killAfterMs?: number) {
      signal("SIGTERM");
      if (killAfterMs === undefined) return exited;
      const timer = setTimeout(() => signal("SIGKILL"), killAfterMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      signal("SIGKILL");
      return exited;
    },
  };
  if (options.waitUntilHealthy !== false) {
    try {
      await waitForHealthy(server, options.timeoutMs, {
        path: options.readyPath,
        pollMs: options.pollMs,
      });
    } catch (error) {
      await server.stop(5_000);
      throw error;
    }
    server.readyMs = performance.now() - spawnedAt;
  }
  return server;
}

/** Polls `path` (/healthz) until it answers 200; fails early if the process exits. */
export async function waitForHealthy(
  server: Pick<ServerProcess, "url" | "exited" | "output">,
  timeoutMs = 150_000,
  options: { path?: string; pollMs?: number } = {},
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
      const response = await fetch(`${server.url}${options.path ?? "/healthz"}`, {
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Ends any server a failed test or script left running (only processes these helpers started).
 * A worker that exits, or is killed, leaves none either: tests/support/process-registry.ts.
 */
export const killLeftoverServers = killOwnedProcesses;
