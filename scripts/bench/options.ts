import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ROOT as root } from "../../tests/support/processes";

// The bench's options and its log (docs/performance.md).

export const SCENARIOS = [
  "render",
  "pages",
  "ssr",
  "api",
  "health",
  "reorder",
  "press",
  "cold",
  "growth",
  "mail",
  "send",
  "backup",
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];
export const PASSWORD = "bench-password-0123456789";
export const DEVELOPER = "developer@bench.invalid";
export const OWNER = "owner@bench.invalid";
export const NEWS_ITEMS = 20;
export const GAMES = 100;

export const { values: opts } = parseArgs({
  options: {
    pg: { type: "boolean", default: false },
    workers: { type: "string", default: "1" },
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "64" },
    encodings: { type: "string", default: "identity,gzip" },
    only: { type: "string", default: SCENARIOS.join(",") },
    reorders: { type: "string", default: "30" },
    "cold-runs": { type: "string", default: "3" },
    tool: { type: "string" },
    profile: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    port: { type: "string", default: process.env.BENCH_PORT ?? "5300" },
    out: { type: "string", default: path.join(root, "bench-results/latest.json") },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});
if (opts.help) {
  console.log(fs.readFileSync(path.join(root, "scripts/bench.ts"), "utf8").split("\nimport")[0]);
  process.exit(0);
}

export const durationS = positive("duration", opts.duration);
/** WEB_CONCURRENCY of the measured site (only on PostgreSQL: the embedded database runs one). */
export const workers = positive("workers", opts.workers);
if (workers > 1 && !opts.pg)
  fail("--workers needs --pg (the embedded database allows one process)");
export const warmupS = Math.max(0, Number(opts.warmup) || 0);
export const connections = positive("connections", opts.connections);
export const reorders = positive("reorders", opts.reorders);
export const coldRuns = positive("cold-runs", opts["cold-runs"]);
export const encodings = opts.encodings.split(",").map((e) => e.trim());
for (const e of encodings) if (e !== "identity" && e !== "gzip") fail(`unknown encoding ${e}`);
export const only = new Set(opts.only.split(",").map((s) => s.trim()));
for (const s of only) if (!SCENARIOS.includes(s as ScenarioName)) fail(`unknown scenario ${s}`);
export const wants = (s: ScenarioName) => only.has(s);

export function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) fail(`--${name} must be a positive number`);
  return n;
}
export function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}
export const t0 = performance.now();
export const log = (message: string) =>
  console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${message}`);
