import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isBuildStale } from "../../bin/build-state.js";
import { spawnOwned } from "./process-registry";

// The production build the tests start servers from is made once, however many test files (in
// however many workers) want it at the same time: `npm start` would build it in each server process,
// all writing the same build/ folder. Nothing is built when the build is current (`npm test` builds
// before the tests), nor for a run whose tests start no server.

const POLL_MS = 250;

/** Builds the checkout at `root` when its build is missing or stale; concurrent callers wait. */
export async function ensureCurrentBuild(root: string): Promise<void> {
  if (!isBuildStale(root)) return;
  const lock = path.join(
    os.tmpdir(),
    `studio-build-${crypto.createHash("sha256").update(root).digest("hex").slice(0, 12)}.lock`,
  );
  while (!takeLock(lock)) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  try {
    // Another caller may have built it while this one waited.
    if (isBuildStale(root)) await build(root);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** The lock is a folder naming its holder's pid; one whose holder is gone is taken over. */
function takeLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const holder = Number(fs.readFileSync(path.join(lock, "pid"), { encoding: "utf8", flag: "a+" }));
  if (holder > 0 && isRunning(holder)) return false;
  // Just made (no pid written yet) or left by a process that died: wait a poll, then take it over.
  if (!(holder > 0) && Date.now() - fs.statSync(lock).mtimeMs < 5_000) return false;
  fs.rmSync(lock, { recursive: true, force: true });
  return false;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * `npm run build`'s two steps, as bin/build-state.js runs them, without blocking this process; in
 * the environment of a shell, not the test runner's (NODE_ENV=test would change the build).
 */
async function build(root: string): Promise<void> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== "NODE_ENV" && !name.startsWith("VITEST"),
    ),
  );
  const steps = [
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    [path.join(root, "scripts/build-server.mjs")],
  ];
  let output = "";
  for (const args of steps) {
    const { child, exited } = spawnOwned(process.execPath, args, {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: unknown) => {
      output += String(chunk);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const code = await exited;
    if (code !== 0) throw new Error(`the build failed (${code}):\n${output.slice(-4_000)}`);
  }
}
