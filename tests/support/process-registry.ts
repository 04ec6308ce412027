import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Every process the test helpers start is owned: it is stopped when the test, the test file or the
// test worker that started it ends, pass or fail. Three nets, each for what the one before misses:
// - `killOwnedProcesses()` in a test's or a file's after-hook;
// - when this process exits (a worker shut down after a failure or a retry), the exit hook below
//   kills what is still running;
// - when this process is killed outright (SIGKILL: no hook runs), the registry still lists the
//   process: with TEST_PROCESS_REGISTRY set to a directory, each one is written there while it
//   runs, and the runner's global teardown (`stopRegisteredProcesses`) ends and reports it.

/** A process started through `spawnOwned`. */
export type OwnedProcess = {
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  alive(): boolean;
  /** Sends the signal to the process (to its whole group when it was started as one). */
  signal(name: NodeJS.Signals): void;
};

/** What the registry holds of a running process; `started` tells it from a later one of the same pid. */
type Entry = {
  pid: number;
  group: boolean;
  command: string;
  owner: number;
  started: string | null;
};

const owned = new Set<OwnedProcess>();
let exitHookInstalled = false;

function registryDir(): string | null {
  return process.env.TEST_PROCESS_REGISTRY || null;
}

/** Spawns a process that is stopped with its owner whatever happens (see above). */
export function spawnOwned(
  command: string,
  args: string[],
  options: SpawnOptions & { group?: boolean } = {},
): OwnedProcess {
  const { group = false, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, detached: group });
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const process_: OwnedProcess = {
    child,
    exited,
    alive,
    signal(name) {
      if (!alive()) return;
      if (group && child.pid) {
        try {
          process.kill(-child.pid, name);
        } catch {
          // the group is gone already
        }
      } else child.kill(name);
    },
  };
  owned.add(process_);
  installExitHook();
  const file = register(child, group, [command, ...args].join(" "));
  void exited.then(() => {
    owned.delete(process_);
    if (file) fs.rmSync(file, { force: true });
  });
  return process_;
}

function register(child: ChildProcess, group: boolean, command: string): string | null {
  const dir = registryDir();
  if (!dir || !child.pid) return null;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${child.pid}.json`);
  const entry: Entry = {
    pid: child.pid,
    group,
    command,
    owner: process.pid,
    started: startTime(child.pid),
  };
  fs.writeFileSync(file, JSON.stringify(entry));
  return file;
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous, as an exit hook must be: the kill is sent, the process ends on its own.
  process.once("exit", () => {
    for (const running of owned) running.signal("SIGKILL");
  });
}

/** The processes started here that are still running. */
export function ownedProcesses(): OwnedProcess[] {
  return [...owned].filter((running) => running.alive());
}

/** Ends every process started here that is still running, and waits until each has ended. */
export async function killOwnedProcesses(): Promise<void> {
  const left = ownedProcesses();
  for (const running of left) running.signal("SIGKILL");
  await Promise.all(left.map((running) => running.exited));
}

/** When the process started (clock ticks since boot, from /proc), or null where there is no /proc. */
function startTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's name, which is in parentheses and may hold anything.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(entry: Entry): boolean {
  try {
    process.kill(entry.pid, 0);
  } catch {
    return false;
  }
  // Ended but not yet reaped by its parent: gone.
  try {
    const stat = fs.readFileSync(`/proc/${entry.pid}/stat`, "utf8");
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return false;
  } catch {
    // no /proc
  }
  // The number may have been given to another process since: it must be the one we started.
  return entry.started === null || startTime(entry.pid) === entry.started;
}

/** The registered processes that still run, in a registry directory. */
export function registeredProcesses(dir: string): Entry[] {
  if (!fs.existsSync(dir)) return [];
  const entries: Entry[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith(".json")) continue;
    const file = path.join(dir, name);
    const entry = JSON.parse(fs.readFileSync(file, "utf8")) as Entry;
    if (isRunning(entry)) entries.push(entry);
    else fs.rmSync(file, { force: true });
  }
  return entries;
}

/**
 * For the runner's global teardown: kills every registered process still running, waits until it
 * is gone, empties the registry and returns what it had to stop (empty when every test and worker
 * cleaned up after itself).
 */
export async function stopRegisteredProcesses(dir: string, timeoutMs = 10_000): Promise<Entry[]> {
  const left = registeredProcesses(dir);
  for (const entry of left) {
    try {
      process.kill(entry.group ? -entry.pid : entry.pid, "SIGKILL");
    } catch {
      // ended meanwhile
    }
  }
  const deadline = Date.now() + timeoutMs;
  while (left.some(isRunning)) {
    if (Date.now() > deadline) {
      throw new Error(`Could not stop: ${left.filter(isRunning).map((e) => e.pid)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return left;
}
