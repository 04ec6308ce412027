import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { spawnOwned } from "../../tests/support/process-registry";
import { captureOutput, freePort, ROOT as root } from "../../tests/support/processes";
import { fail, log } from "./options";
import { cleanups, ports } from "./workspace";

// The yardstick: a bare React Router app of the site's framework versions and future flags
// (scripts/bench/yardstick, built with the site's own node_modules) rendering a news list of
// CARDS cards from memory. Its CPU per request at a page's size is the floor that page's own
// queries and components add to (docs/performance.md#the-yardstick).

export const YARDSTICK = path.join(root, "scripts/bench/yardstick");

/** Each card adds ~1.22 KB to a 4.6 KB shell (the yardstick's README): the cards for a size. */
export function cardsFor(bytes: number): number {
  return Math.max(0, Math.round((bytes / 1024 - 4.6) / 1.22));
}

/** Builds the yardstick when its build is missing or older than any of its sources. */
export function buildYardstick() {
  const entry = path.join(YARDSTICK, "build/server/index.js");
  const newest = (dir: string): number =>
    Math.max(
      ...fs.readdirSync(dir, { withFileTypes: true }).map((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs;
      }),
    );
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs > newest(path.join(YARDSTICK, "app")))
    return;
  log("building the yardstick (scripts/bench/yardstick)");
  const built = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    { cwd: YARDSTICK, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (built.status !== 0) fail("the yardstick's build failed");
}

export type Yardstick = { url: string; pid: number; cards: number; bytes: number };

/** Starts the yardstick serving `cards` cards; ready when it says so. Stopped at clean-up. */
export async function startYardstick(cards: number): Promise<Yardstick> {
  const port = await freePort(ports);
  const owned = spawnOwned(process.execPath, ["server.mjs"], {
    cwd: YARDSTICK,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      CARDS: String(cards),
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => owned.signal("SIGTERM"));
  const output = captureOutput(owned.child);
  const deadline = Date.now() + 20_000;
  while (!output().includes("yardstick:")) {
    if (!owned.alive() || Date.now() > deadline) fail(`the yardstick did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = `http://127.0.0.1:${port}/news`;
  const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
  return { url, pid: owned.child.pid!, cards, bytes };
}
