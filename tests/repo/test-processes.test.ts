import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  killOwnedProcesses,
  registeredProcesses,
  spawnOwned,
  stopRegisteredProcesses,
} from "../support/process-registry";

// What a test starts is stopped, pass or fail (tests/support/process-registry.ts): by the test's
// own clean-up, when the worker that started it exits, and, when the worker is killed outright, by
// the runner's global teardown reading the registry.

const REGISTRY = path.resolve(import.meta.dirname, "../support/process-registry.ts");
const SLEEPER = [process.execPath, ["-e", "setInterval(() => {}, 1000)"]] as const;

let dir: string;
afterEach(async () => {
  await killOwnedProcesses();
  // Whatever a failed test here left: the workers' sleepers, then the directory.
  await stopRegisteredProcesses(path.join(dir, "processes"));
  await stopRegisteredProcesses(dir);
});

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (ended, not yet reaped) has ended.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * A stand-in for a test worker: a Node process that starts a sleeper through the helper, prints
 * its pid, then does `then` ("exit": exits as a worker does after a failure; "wait": keeps running).
 */
function worker(then: "exit" | "wait", registry: string) {
  const script = `
    import { spawnOwned } from ${JSON.stringify(REGISTRY)};
    const owned = spawnOwned(${JSON.stringify(SLEEPER[0])}, ${JSON.stringify(SLEEPER[1])}, { stdio: "ignore" });
    console.log(owned.child.pid);
    ${then === "exit" ? "process.exit(1);" : "setInterval(() => {}, 1000);"}
  `;
  const file = path.join(registry, `worker-${then}.mts`);
  fs.writeFileSync(file, script);
  const child = spawn(process.execPath, ["--import", "tsx", file], {
    env: { ...process.env, TEST_PROCESS_REGISTRY: path.join(registry, "processes") },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const pid = new Promise<number>((resolve) => {
    child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
  });
  return { child, pid };
}

describe("processes started by the test helpers", () => {
  it("are stopped by the clean-up, and leave the registry empty", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "owned-"));
    process.env.TEST_PROCESS_REGISTRY = dir;
    try {
      const owned = spawnOwned(SLEEPER[0], [...SLEEPER[1]], { stdio: "ignore" });
      const pid = owned.child.pid!;
      expect(registeredProcesses(dir).map((entry) => entry.pid)).toEqual([pid]);
      await killOwnedProcesses();
      expect(running(pid)).toBe(false);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      delete process.env.TEST_PROCESS_REGISTRY;
    }
  });

  it("are stopped when the worker that started them exits", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "owned-"));
    const { child, pid } = worker("exit", dir);
    const sleeper = await pid;
    await new Promise((resolve) => child.once("exit", resolve));
    expect(await until(() => !running(sleeper))).toBe(true);
  });

  it("are found and stopped by the global teardown when the worker was killed outright", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "owned-"));
    const { child, pid } = worker("wait", dir);
    const sleeper = await pid;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    // No hook ran in the killed worker: the sleeper outlived it...
    expect(running(sleeper)).toBe(true);
    // ...and the teardown finds it, stops it and says so.
    const registry = path.join(dir, "processes");
    const stopped = await stopRegisteredProcesses(registry);
    expect(stopped.map((entry) => entry.pid)).toEqual([sleeper]);
    expect(running(sleeper)).toBe(false);
    expect(registeredProcesses(registry)).toEqual([]);
  });

  it("the teardown does not touch a process that only took a registered number", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "owned-"));
    // An entry whose start time is not that of the live process with its pid (this test's own).
    fs.writeFileSync(
      path.join(dir, `${process.pid}.json`),
      JSON.stringify({ pid: process.pid, group: false, command: "x", owner: 1, started: "0" }),
    );
    expect(registeredProcesses(dir)).toEqual([]);
    expect(await stopRegisteredProcesses(dir)).toEqual([]);
    expect(running(process.pid)).toBe(true);
  });
});
