import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT as root } from "../../tests/support/processes";
import { profileWindows } from "./load";

// The results: rows, the table, the machine, the CPU profile's summary.

// ---------------------------------------------------------------------------------------------
// Results.

type GrowthSample = { bytes: number; gzipBytes: number; p50: number; p95: number };

export type Row = {
  scenario: string;
  side: "site" | "nginx" | "nginx cache → site" | "-";
  encoding: string;
  connections: number | null;
  rps: number | null;
  p50Ms: number;
  p99Ms: number;
  /** Server CPU time per request: the figure that survives a busy machine. */
  cpuMsPerReq?: number | null;
  /** Cold start: the CPU time the server used up to its first 200, per run. */
  startCpuMs?: number[];
  bytes?: number;
  requests?: number;
  errors?: number;
  non2xx?: number;
  ratioToNginx?: number | null;
  /** The growth scenario: the page at today's data and at 100 times as much. */
  growth?: {
    today: GrowthSample;
    hundredfold: GrowthSample;
    bytesRatio: number;
    timeRatio: number;
  };
  goal?: string;
  met?: boolean | null;
  note?: string;
};
export const rows: Row[] = [];
export const notes: string[] = [];

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function checkClean(row: Row) {
  if (row.requests === 0) {
    row.met = row.met === undefined ? undefined : false;
    row.note = "no request completed within the run";
    return;
  }
  const bad = (row.errors ?? 0) + (row.non2xx ?? 0);
  if (row.requests && bad > row.requests * 0.01) {
    row.met = false;
    row.note = `${bad} of ${row.requests} requests failed or were not 2xx`;
  }
}

export const fmt = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined ? "-" : n.toFixed(digits);

export function printTable() {
  const columns: [string, (r: Row) => string, "left" | "right"][] = [
    ["scenario", (r) => r.scenario, "left"],
    ["side", (r) => r.side, "left"],
    ["enc", (r) => r.encoding, "left"],
    ["conns", (r) => (r.connections === null ? "-" : String(r.connections)), "right"],
    ["req/s", (r) => (r.rps === null ? "-" : fmt(r.rps, 0)), "right"],
    ["p50 ms", (r) => fmt(r.p50Ms), "right"],
    ["p99 ms", (r) => fmt(r.p99Ms), "right"],
    ["cpu ms/req", (r) => fmt(r.cpuMsPerReq, 3), "right"],
    [
      "vs nginx",
      (r) => (r.ratioToNginx == null ? "-" : `${(r.ratioToNginx * 100).toFixed(0)} %`),
      "right",
    ],
    ["goal", (r) => r.goal ?? "", "left"],
    ["met", (r) => (r.met == null ? "" : r.met ? "yes" : "NO"), "left"],
  ];
  const body = rows.map((r) => columns.map(([, cell]) => cell(r)));
  const widths = columns.map(([head], i) =>
    Math.max(head.length, ...body.map((b) => b[i]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (columns[i]![2] === "right" ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" | ")} |`;
  console.log(`\n${line(columns.map(([head]) => head))}`);
  console.log(
    `|${widths.map((w, i) => (columns[i]![2] === "right" ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`,
  );
  for (const b of body) console.log(line(b));
  for (const r of rows) if (r.note) console.log(`  ${r.scenario} (${r.side}): ${r.note}`);
  for (const n of notes) console.log(`  note: ${n}`);
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    arch: os.arch(),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

/**
 * The functions with the most self time in the site's CPU profile, for each measured run apart
 * (samples inside that run's time window); idle time is left out of the shares.
 */
export function summarizeProfile(dir: string) {
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!file) return null;
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const nameOf = (id: number) => {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^.*node_modules\//, "").replace(`file://${root}/`, "");
    return `${frame.functionName || "(anonymous)"}${where ? ` ${where}:${frame.lineNumber + 1}` : ""}`;
  };
  const summary: Record<
    string,
    { fromMs: number; toMs: number; cpuMs: number; top: { share: number; fn: string }[] }
  > = {};
  console.log(`\nCPU profile: ${path.relative(process.cwd(), file)}`);
  for (const window of profileWindows) {
    const self = new Map<string, number>();
    let busy = 0;
    let at = 0;
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      at += dt / 1000;
      if (at < window.from || at > window.to) return;
      const name = nameOf(id);
      if (name === "(idle)") return;
      self.set(name, (self.get(name) ?? 0) + dt);
      busy += dt;
    });
    const top = [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([fn, time]) => ({ share: Number(((100 * time) / busy).toFixed(1)), fn }));
    summary[window.label] = {
      fromMs: Math.round(window.from),
      toMs: Math.round(window.to),
      cpuMs: Math.round(busy / 1000),
      top,
    };
    console.log(`  ${window.label}: ${Math.round(busy / 1000)} ms busy; top self time:`);
    for (const { share, fn } of top) console.log(`    ${share.toFixed(1).padStart(5)} %  ${fn}`);
  }
  return { file: path.relative(root, file), windows: summary };
}
