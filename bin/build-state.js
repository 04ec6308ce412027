// Whether the build is there and newer than the sources, and how to make it. Plain JavaScript:
// `npm start` (bin/start.js) reads it before anything is compiled; server.ts and the studio
// command read it too.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the build is made from: a change to any of them makes the build stale. */
export const SOURCES = [
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

/**
 * Runs `npm run build`'s two steps (the React Router build, then the server's); throws on failure.
 * Their output goes to `logFile` when given, else to this terminal.
 */
export function buildSite(root, logFile) {
  const steps = [
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    [path.join(root, "scripts/build-server.mjs")],
  ];
  let log;
  if (logFile) {
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    log = fs.openSync(logFile, "w");
  }
  try {
    for (const args of steps) {
      const output = log ?? "inherit";
      const result = spawnSync(process.execPath, args, {
        cwd: root,
        stdio: ["ignore", output, output],
      });
      if (result.status !== 0) {
        throw new Error(
          logFile ? `the build failed; its output is in ${logFile}` : "the build failed; see above",
        );
      }
    }
  } finally {
    if (log !== undefined) fs.closeSync(log);
  }
}

/** Where `npm start` keeps the output of the build it runs: DATA_DIR/build.log. */
export function buildLogFile(env = process.env) {
  return path.join(path.resolve(env.DATA_DIR || "./data"), "build.log");
}

/**
 * Builds when the build is missing or stale, saying so in one line; the build's own output (a
 * table of files) goes to DATA_DIR/build.log, and its last lines are printed only if it fails.
 */
export function ensureBuild(root) {
  if (!isBuildStale(root)) return;
  const logFile = buildLogFile();
  console.log(`building the site, a minute or two (output in ${displayPath(logFile)})...`);
  try {
    buildSite(root, logFile);
  } catch (error) {
    const lines = fs.existsSync(logFile)
      ? fs.readFileSync(logFile, "utf8").trimEnd().split("\n")
      : [];
    console.error(lines.slice(-30).join("\n"));
    throw error;
  }
}

function displayPath(file) {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") ? file : relative;
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
