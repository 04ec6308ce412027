// Whether the build is there and newer than the sources, and how to make it. Plain JavaScript:
// `npm start` (bin/start.js) reads it before anything is compiled; server.ts and the studio
// command read it too (decision 039).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the build is made from: a change to any of them makes the build stale. */
const SOURCES = [
  "app",
  "server",
  "server.ts",
  "bin",
  "public",
  "drizzle",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build-server.mjs",
  "package-lock.json",
];

/** The compiled server, the compiled site and the compiled command line, below the checkout. */
export const BUILT = {
  start: "build/server/start.js",
  site: "build/server/index.js",
  cli: "build/cli/studio.js",
};

/** True when a built file is missing, or older than a source. */
export function isBuildStale(root) {
  const built = Object.values(BUILT).map((file) => path.join(root, file));
  if (!built.every((file) => fs.existsSync(file))) return true;
  const oldest = Math.min(...built.map((file) => fs.statSync(file).mtimeMs));
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > oldest);
}

/** Runs `npm run build`'s two steps (the React Router build, then the server's); throws on failure. */
export function buildSite(root) {
  const steps = [
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    [path.join(root, "scripts/build-server.mjs")],
  ];
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (result.status !== 0) throw new Error("the build failed; see the output above");
  }
}

/** Builds when the build is missing or stale (saying so first). */
export function ensureBuild(root) {
  if (!isBuildStale(root)) return;
  console.log("building the site (the build is missing or older than the sources)...");
  buildSite(root);
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}
