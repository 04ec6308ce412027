// `npm run bench`: measures the production build on this machine, in one run: nginx serving the
// identical HTML of each public page from disk against the site serving it (anonymous, cached);
// uncached SSR of /news as a signed-in user; the API's news list; reordering 100 games; cold start
// to the first 200. Prints a table and writes bench-results/latest.json. See docs/performance.md.
//
// Usage: npm run bench -- [--pg] [--duration S] [--warmup S] [--connections N] [--encodings LIST]
//        [--only LIST] [--reorders N] [--cold-runs N] [--tool wrk|autocannon] [--profile] [--keep]
//        [--out FILE]
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { GAME_STATUSES } from "~/games/game-status";
import { createDatabase } from "../tests/support/database";
import { findNginx, nginxVersion, startNginx } from "../tests/support/nginx";
import {
  freePort,
  killLeftoverServers,
  ROOT as root,
  type ServerProcess,
  startServer,
} from "../tests/support/processes";

const SCENARIOS = ["pages", "ssr", "api", "reorder", "cold"] as const;
type ScenarioName = (typeof SCENARIOS)[number];
const PASSWORD = "bench-password-0123456789";
const DEVELOPER = "developer@bench.invalid";
const NEWS_ITEMS = 20;
const GAMES = 100;

const { values: opts } = parseArgs({
  options: {
    pg: { type: "boolean", default: false },
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
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\nimport")[0]);
  process.exit(0);
}

const durationS = positive("duration", opts.duration);
const warmupS = Math.max(0, Number(opts.warmup) || 0);
const connections = positive("connections", opts.connections);
const reorders = positive("reorders", opts.reorders);
const coldRuns = positive("cold-runs", opts["cold-runs"]);
const encodings = opts.encodings.split(",").map((e) => e.trim());
for (const e of encodings) if (e !== "identity" && e !== "gzip") fail(`unknown encoding ${e}`);
const only = new Set(opts.only.split(",").map((s) => s.trim()));
for (const s of only) if (!SCENARIOS.includes(s as ScenarioName)) fail(`unknown scenario ${s}`);
const wants = (s: ScenarioName) => only.has(s);

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) fail(`--${name} must be a positive number`);
  return n;
}
function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}
const t0 = performance.now();
const log = (message: string) =>
  console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${message}`);

// ---------------------------------------------------------------------------------------------
// Everything this run starts, so that it is stopped whatever happens.

const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
const cleanups: (() => Promise<void> | void)[] = [
  () =>
    opts.keep
      ? console.log(`kept ${work} (DATA_DIR ${path.join(work, "data")})`)
      : fs.rmSync(work, { recursive: true, force: true }),
];

async function cleanUp() {
  await killLeftoverServers();
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping what it started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Ports (the bench keeps to BENCH_PORT.. +99) and HTTP helpers.

const ports = { from: Number(opts.port), to: Number(opts.port) + 99 };

// ---------------------------------------------------------------------------------------------
// Data: a private DATA_DIR (PGlite) or a private PostgreSQL database, seeded through the domain.

const adminUrl = process.env.BENCH_DATABASE_URL;
const usePg = opts.pg || Boolean(adminUrl);
let databaseUrl: string | undefined;
let engine = "PGlite";
const dataDir = path.join(work, "data");
const authSecret = crypto.randomBytes(36).toString("base64url");

async function prepareDatabase() {
  if (!usePg) return;
  const base = adminUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const database = await createDatabase(base, `studio_bench_${process.pid}_`);
  databaseUrl = database.url;
  cleanups.push(() => database.drop());
}

type Seeded = { newsIds: string[]; gameIds: string[]; engineVersion: string };

/** Demo content plus enough news for a full /news and 100 games, and a developer who signs in. */
async function seed(): Promise<Seeded> {
  const [{ openConfiguredDatabase }, { migrate }, { seedDemo }, news, games, { createUsers }] =
    await Promise.all([
      import("~/db/open.server"),
      import("~/db/migrate.server"),
      import("~/runtime/demo.server"),
      import("~/news/news.server"),
      import("~/games/games.server"),
      import("../tests/support/accounts"),
    ]);
  const { loadEnv } = await import("~/platform/server/env.server");
  const { sql } = await import("drizzle-orm");
  const env = loadEnv({ ...serverEnv(0), NODE_ENV: "production" });
  const database = await openConfiguredDatabase(env);
  try {
    await migrate(database);
    await seedDemo(database.db);
    const existing = await news.listNews(database.db);
    const day = 24 * 60 * 60 * 1000;
    for (let i = existing.length; i < NEWS_ITEMS; i++) {
      await news.createNews(database.db, {
        title: `Devlog #${i}: notes from the workshop`,
        content: `${"A week of small fixes, new sketches and a playtest with the community. ".repeat(4)}\nThanks for reading.`,
        createdAt: new Date(Date.now() - (60 + i) * day),
      });
    }
    for (let i = (await games.listGames(database.db)).length; i < GAMES; i++) {
      await games.createGame(database.db, {
        title: `Prototype ${i}`,
        description: "A small game made at a studio jam: one mechanic, explored thoroughly.",
        imageUrl: "/images/games/lantern-keeper.svg",
        status: GAME_STATUSES[i % GAME_STATUSES.length]!,
        url: `https://example.com/games/prototype-${i}`,
      });
    }
    await createUsers(database.db, env, [
      { email: "owner@bench.invalid", password: PASSWORD, role: "owner" },
      { email: DEVELOPER, password: PASSWORD, role: "developer" },
    ]);
    const version = (await database.db.execute(sql`select version() as v`)) as unknown as {
      rows: { v: string }[];
    };
    return {
      newsIds: (await news.listNews(database.db)).map((n) => n.id),
      gameIds: (await games.listGames(database.db)).map((g) => g.id),
      engineVersion: version.rows[0]?.v.split(" on ")[0] ?? "",
    };
  } finally {
    await database.close();
  }
}

function serverEnv(port: number): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    // The API's per-address limit (120 a minute) would answer 429 to a load test from one address;
    // the limit is still counted in the database on every request, as in production.
    API_RATE_LIMIT: "1000000000",
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

// ---------------------------------------------------------------------------------------------
// The site.

/**
 * `how`: "tsx" is what `npm start` runs; "node" is node with tsx as an in-process loader. Ready at
 * the first 200 of the home page.
 */
async function startSite(
  how: "tsx" | "node",
  options: { profileDir?: string; timeoutMs?: number } = {},
): Promise<ServerProcess & { readyCpuMs: number | null }> {
  const port = await freePort(ports);
  const server = await startServer({
    dataDir,
    port,
    env: serverEnv(port),
    inheritEnv: false,
    launcher: how,
    nodeArgs: options.profileDir
      ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`]
      : undefined,
    readyPath: "/",
    timeoutMs: options.timeoutMs ?? 120_000,
    pollMs: 10,
  });
  const cpu = cpuSeconds(server.child.pid);
  return Object.assign(server, { readyCpuMs: cpu === null ? null : cpu * 1000 });
}

/** Signs in through the real sign-in form and returns the session cookie. */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: DEVELOPER, password: PASSWORD }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => cookie.includes("session_"));
  if (response.status !== 302 || session.length === 0)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return session.join("; ");
}

/** A GET's body exactly as it came over the wire (fetch would decode it). */
function rawBody(url: string, acceptEncoding: string): Promise<{ encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            encoding: String(response.headers["content-encoding"] ?? "identity"),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

// ---------------------------------------------------------------------------------------------
// nginx: the identical page bytes, served from disk.

/** The pages' bytes served from disk by nginx (NGINX_PATH picks one; NGINX_PATH=none: no baseline). */
async function startPagesNginx(binary: string, pages: { path: string; file: string }[]) {
  const dir = path.join(work, "nginx");
  const port = await freePort(ports);
  const locations = pages
    .map((p) => `    location = ${p.path} { try_files /${p.file} =404; }`)
    .join("\n");
  // One worker, like the one Node process of the site; no access log (the site logs nothing per
  // request at LOG_LEVEL=warn); gzip from the site's own compressed bytes (gzip_static), the same
  // bytes the site sends, with on-the-fly gzip for anything else.
  const http = `  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { }
  default_type "text/html";
  charset utf-8;
  gzip_static on;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 1024;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/html;
${locations}
  }`;
  const nginx = await startNginx(binary, {
    listenPort: port,
    prefix: dir,
    http: () => http,
    workerConnections: 4096,
  });
  return { ...nginx, version: nginxVersion(binary), workers: 1 };
}

// ---------------------------------------------------------------------------------------------
// Load: wrk when installed, autocannon otherwise. Latencies in ms.

type Load = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
};

function findWrk(): string | null {
  const candidates = ["/usr/bin/wrk", "/usr/local/bin/wrk"];
  for (const dir of (process.env.PATH ?? "").split(":")) candidates.push(path.join(dir, "wrk"));
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}
const wrkPath = opts.tool === "autocannon" ? null : findWrk();
if (opts.tool === "wrk" && !wrkPath) fail("--tool wrk, but wrk is not installed");
const tool = wrkPath ? "wrk" : "autocannon";

const WRK_REPORT = `-- Prints the summary as one JSON line (latencies in microseconds).
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests":%d,"duration":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  conns = connections,
): Promise<Load> {
  if (wrkPath) {
    const script = path.join(work, "report.lua");
    if (!fs.existsSync(script)) fs.writeFileSync(script, WRK_REPORT);
    const args = [
      "-t1",
      `-c${conns}`,
      `-d${Math.max(1, Math.round(seconds))}s`,
      "--timeout",
      "10s",
      "-s",
      script,
    ];
    for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
    const run = await new Promise<string>((resolve, reject) => {
      const child = spawn(wrkPath, [...args, url], { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.stderr.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once("error", reject);
      child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
    });
    const line = run.split("\n").find((l) => l.startsWith("BENCH "));
    if (!line) throw new Error(`wrk printed no summary:\n${run}`);
    const r = JSON.parse(line.slice(6)) as Record<string, number>;
    return {
      rps: r.requests! / (r.duration! / 1e6),
      p50: r.p50! / 1000,
      p99: r.p99! / 1000,
      requests: r.requests!,
      errors: r.connect! + r.read! + r.write! + r.timeout!,
      non2xx: r.status!,
    };
  }
  const specifier = "autocannon";
  const autocannon = (await import(specifier)).default as (o: object) => Promise<{
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }>;
  const result = await autocannon({ url, connections: conns, duration: seconds, headers });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * CPU seconds a process and its children have used (Linux /proc; null elsewhere). Unlike req/s it
 * hardly depends on what else the machine runs, so it compares runs taken on a busy machine.
 */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined || !fs.existsSync(`/proc/${pid}/stat`)) return null;
  const read = (p: string) => {
    const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  };
  try {
    let ticks = 0;
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = read(entry);
        if (entry === String(pid) || fields[1] === String(pid))
          ticks += Number(fields[11]) + Number(fields[12]);
      } catch {}
    }
    return ticks / 100; // USER_HZ
  } catch {
    return null;
  }
}

/** Where each measured run sits in the site's CPU profile (ms since the site's spawn). */
const profileWindows: { label: string; from: number; to: number }[] = [];

async function measure(
  url: string,
  headers: Record<string, string>,
  target?: { pid?: number; spawnedAt?: number; label?: string },
): Promise<Load & { cpuMsPerReq: number | null }> {
  const pid = target?.pid;
  if (warmupS > 0) {
    await load(url, headers, warmupS);
    // The load generator leaves requests in flight when it stops; let the server finish them so
    // they do not count against the measured run.
    await fetch(url, { headers, signal: AbortSignal.timeout(30_000) })
      .then((r) => r.arrayBuffer())
      .catch(() => {});
  }
  const before = cpuSeconds(pid);
  const from = performance.now();
  const result = await load(url, headers, durationS);
  if (target?.spawnedAt !== undefined && target.label)
    profileWindows.push({
      label: target.label,
      from: from - target.spawnedAt,
      to: performance.now() - target.spawnedAt,
    });
  const after = cpuSeconds(pid);
  const cpuMsPerReq =
    before !== null && after !== null && result.requests > 0
      ? ((after - before) * 1000) / result.requests
      : null;
  return { ...result, cpuMsPerReq };
}

// ---------------------------------------------------------------------------------------------
// Results.

type Row = {
  scenario: string;
  side: "site" | "nginx" | "-";
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
  goal?: string;
  met?: boolean | null;
  note?: string;
};
const rows: Row[] = [];
const notes: string[] = [];

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function checkClean(row: Row) {
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

const fmt = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined ? "-" : n.toFixed(digits);

function printTable() {
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

function machine() {
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

// ---------------------------------------------------------------------------------------------
// The run.

async function main() {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const entry = path.join(root, "build/server/index.js");
  if (!fs.existsSync(entry)) {
    log("building the site (npm run build)");
    const built = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
      {
        cwd: root,
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (built.status !== 0) fail("the build failed");
  }
  await prepareDatabase();
  log(`seeding ${usePg ? "a private PostgreSQL database" : `a private data dir (${dataDir})`}`);
  const seeded = await seed();
  engine = `${usePg ? "PostgreSQL" : "PGlite"} (${seeded.engineVersion})`;

  // The server rebuilds a stale build on start; this first start also warms tsx's transform cache.
  const profileDir = opts.profile ? path.join(path.dirname(opts.out), "profiles") : undefined;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  log(`starting the site${profileDir ? ` under --cpu-prof (${profileDir})` : ""}`);
  const site = await startSite("node", { profileDir });
  log(`site at ${site.url}; load from ${tool}, ${durationS} s per run after ${warmupS} s warm-up`);

  const anon = (encoding: string) =>
    encoding === "gzip" ? { "Accept-Encoding": "gzip" } : { "Accept-Encoding": "identity" };

  if (wants("pages")) {
    const articleId = seeded.newsIds[0]!;
    const pages = [
      { path: "/", file: "home.html" },
      { path: "/news", file: "news.html" },
      { path: `/news/${articleId}`, file: "article.html" },
      { path: "/games", file: "games.html" },
      { path: "/contact", file: "contact.html" },
    ];
    fs.mkdirSync(path.join(work, "nginx/html"), { recursive: true });
    const sizes = new Map<string, number>();
    for (const page of pages) {
      // The first request renders and stores the page; the second is what every visitor gets.
      await (await fetch(site.url + page.path, { headers: anon("identity") })).arrayBuffer();
      const response = await fetch(site.url + page.path, { headers: anon("identity") });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || response.headers.get("x-cache") !== "HIT")
        throw new Error(
          `${page.path}: expected a cached 200, got ${response.status} ${response.headers.get("x-cache")}`,
        );
      fs.writeFileSync(path.join(work, "nginx/html", page.file), body);
      // The same compressed bytes too, for nginx's gzip_static (no compressing per request on
      // either side: the site compresses a cached page once).
      const gzipped = await rawBody(site.url + page.path, "gzip");
      if (gzipped.encoding === "gzip")
        fs.writeFileSync(path.join(work, "nginx/html", `${page.file}.gz`), gzipped.body);
      sizes.set(page.path, body.length);
    }
    const nginxBinary = findNginx();
    let nginx: Awaited<ReturnType<typeof startPagesNginx>> | null = null;
    if (!nginxBinary) {
      notes.push(
        "no nginx (not installed, or NGINX_PATH=none): the site's figures are shown without a ratio",
      );
    } else {
      nginx = await startPagesNginx(nginxBinary, pages);
      notes.push(
        `nginx ${nginx.version}, ${nginx.workers} worker process; the site is one Node process`,
      );
    }
    for (const encoding of encodings) {
      for (const page of pages) {
        const label = page.path.startsWith("/news/") ? "/news/:id" : page.path;
        log(`page ${label} (${encoding})`);
        let base: (Load & { cpuMsPerReq: number | null }) | null = null;
        if (nginx) {
          base = await measure(nginx.url + page.path, anon(encoding), { pid: nginx.child.pid });
          const row: Row = {
            scenario: `page ${label}`,
            side: "nginx",
            encoding,
            connections,
            rps: base.rps,
            p50Ms: base.p50,
            p99Ms: base.p99,
            cpuMsPerReq: base.cpuMsPerReq,
            bytes: sizes.get(page.path),
            requests: base.requests,
            errors: base.errors,
            non2xx: base.non2xx,
          };
          checkClean(row);
          rows.push(row);
        }
        const result = await measure(site.url + page.path, anon(encoding), {
          pid: site.child.pid,
          spawnedAt: site.spawnedAt,
          label: `page ${label} (${encoding})`,
        });
        const ratio = base ? result.rps / base.rps : null;
        const row: Row = {
          scenario: `page ${label}`,
          side: "site",
          encoding,
          connections,
          rps: result.rps,
          p50Ms: result.p50,
          p99Ms: result.p99,
          cpuMsPerReq: result.cpuMsPerReq,
          bytes: sizes.get(page.path),
          requests: result.requests,
          errors: result.errors,
          non2xx: result.non2xx,
          ratioToNginx: ratio,
          goal: "≥ 50 % of nginx",
          met: ratio === null ? null : ratio >= 0.5,
        };
        checkClean(row);
        rows.push(row);
      }
    }
    if (nginx) await nginx.stop();
  }

  if (wants("ssr")) {
    log("uncached SSR of /news, signed in");
    const cookie = await signIn(site.url);
    const headers = { Cookie: cookie, "Accept-Encoding": "identity" };
    const check = await fetch(`${site.url}/news`, { headers });
    const html = await check.text();
    const items = html.match(/href="\/news\/[0-9a-f-]{36}"/g)?.length ?? 0;
    if (check.status !== 200 || check.headers.get("x-cache") || !html.includes("Dev Console"))
      throw new Error(`/news signed in: expected an uncached signed-in page, got ${check.status}`);
    if (items < NEWS_ITEMS) throw new Error(`/news shows ${items} items, expected ${NEWS_ITEMS}`);
    const result = await measure(`${site.url}/news`, headers, {
      pid: site.child.pid,
      spawnedAt: site.spawnedAt,
      label: "SSR /news signed in",
    });
    const row: Row = {
      scenario: `SSR /news signed in (${NEWS_ITEMS} items)`,
      side: "site",
      encoding: "identity",
      connections,
      rps: result.rps,
      p50Ms: result.p50,
      p99Ms: result.p99,
      cpuMsPerReq: result.cpuMsPerReq,
      bytes: Buffer.byteLength(html),
      requests: result.requests,
      errors: result.errors,
      non2xx: result.non2xx,
      goal: "≥ 1000/s, p99 ≤ 50 ms",
      met: result.rps >= 1000 && result.p99 <= 50,
    };
    checkClean(row);
    rows.push(row);
  }

  if (wants("api")) {
    log("API news list");
    const url = `${site.url}/api/v1/news`;
    const check = await fetch(url);
    const body = (await check.json()) as { data?: unknown[] };
    if (check.status !== 200 || body.data?.length !== NEWS_ITEMS)
      throw new Error(`GET /api/v1/news: ${check.status}, ${body.data?.length} items`);
    const result = await measure(
      url,
      { "Accept-Encoding": "identity" },
      { pid: site.child.pid, spawnedAt: site.spawnedAt, label: "API news list" },
    );
    const row: Row = {
      scenario: "API GET /api/v1/news",
      side: "site",
      encoding: "identity",
      connections,
      rps: result.rps,
      p50Ms: result.p50,
      p99Ms: result.p99,
      cpuMsPerReq: result.cpuMsPerReq,
      requests: result.requests,
      errors: result.errors,
      non2xx: result.non2xx,
    };
    checkClean(row);
    rows.push(row);
  }

  if (wants("reorder")) {
    log(`reordering ${GAMES} games, ${reorders} times`);
    const cookie = await signIn(site.url);
    const times: number[] = [];
    const ids = [...seeded.gameIds];
    let from = 0;
    for (let i = 0; i < reorders + 2; i++) {
      shuffle(ids);
      const started = performance.now();
      // What the dashboard's fetcher sends: the route's data endpoint, the form's two fields.
      const response = await fetch(`${site.url}/admin.data`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: site.url },
        body: new URLSearchParams({ intent: "games-reorder", ids: JSON.stringify(ids) }),
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200 || !text.includes('"ok",true'))
        throw new Error(`reorder refused: ${response.status} ${text.slice(0, 200)}`);
      if (i >= 2) times.push(elapsed); // the first two warm the code paths
      if (i === 1) from = performance.now() - site.spawnedAt;
    }
    profileWindows.push({ label: "reorder", from, to: performance.now() - site.spawnedAt });
    const listed = (await (await fetch(`${site.url}/api/v1/games?limit=100`)).json()) as {
      data: { id: string }[];
    };
    if (listed.data.map((g) => g.id).join() !== ids.join())
      throw new Error("the games are not in the order the last reorder saved");
    const p99 = percentile(times, 99);
    rows.push({
      scenario: `reorder ${GAMES} games (${reorders}×)`,
      side: "site",
      encoding: "-",
      connections: 1,
      rps: null,
      p50Ms: percentile(times, 50),
      p99Ms: p99,
      goal: "p99 ≤ 50 ms",
      met: p99 <= 50,
    });
  }

  await site.stop(15_000);
  const profile = profileDir ? summarizeProfile(profileDir) : null;

  if (wants("cold")) {
    for (const how of ["tsx", "node"] as const) {
      const times: number[] = [];
      const cpu: number[] = [];
      const runs = how === "tsx" ? coldRuns : Math.max(1, Math.ceil(coldRuns / 2));
      for (let i = 0; i < runs; i++) {
        log(
          `cold start ${i + 1}/${runs} (${how === "tsx" ? "tsx server.ts" : "node --import tsx server.ts"})`,
        );
        const server = await startSite(how, { timeoutMs: 60_000 });
        times.push(server.readyMs);
        if (server.readyCpuMs !== null) cpu.push(server.readyCpuMs);
        await server.stop(15_000);
      }
      const p50 = percentile(times, 50);
      rows.push({
        scenario: `start to first 200 (${how === "tsx" ? "tsx server.ts" : "node --import tsx"})`,
        side: "site",
        encoding: "-",
        connections: null,
        rps: null,
        p50Ms: p50,
        p99Ms: Math.max(...times),
        goal: how === "tsx" ? "≤ 2000 ms" : "",
        met: how === "tsx" ? p50 <= 2000 : null,
        ...(cpu.length ? { startCpuMs: cpu.map(Math.round) } : {}),
        note: `${runs} runs: ${times.map((t) => t.toFixed(0)).join(", ")} ms (p99 column: the slowest)${cpu.length ? `; CPU ${cpu.map((c) => c.toFixed(0)).join(", ")} ms` : ""}`,
      });
    }
  }

  printTable();
  const report = {
    date: startedAt.toISOString(),
    machine: { ...machine(), loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))) },
    engine,
    tool: tool === "wrk" ? "wrk (1 thread)" : "autocannon",
    settings: { durationS, warmupS, connections, encodings, reorders, coldRuns },
    nodeEnv: "production",
    rows,
    notes,
    ...(profile ? { profile } : {}),
  };
  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  fs.writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), opts.out)}`);
}

function shuffle<T>(items: T[]) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

/**
 * The functions with the most self time in the site's CPU profile, for each measured run apart
 * (samples inside that run's time window); idle time is left out of the shares.
 */
function summarizeProfile(dir: string) {
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

try {
  await main();
} catch (error) {
  console.error(`bench failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
