// Lighthouse (mobile preset) on every public page of the production build, with the demo content.
// Usage: npm run lighthouse -- [--runs N] [--min SCORE] [--pages /,/news] [--url BASE] [--all]
//   --runs N     runs per page (default 1); the table shows the median run (Lighthouse's own pick)
//   --min SCORE  exit 1 when any category of any page scores below SCORE (0-100)
//   --pages      comma-separated paths (default: every public page; "/news/:id" is the first
//                article, "/games/:slug" the first game page, "/press/:slug" the first game's press
//                kit, in the demo the one with ten screenshots)
//   --url BASE   audit a server that is already running instead of starting one
//   --all        also list failing audits that carry no weight (diagnostics, hints)
// Without --url it starts `node bin/start.js --demo` on a throwaway DATA_DIR (the server builds first
// when the build is missing or stale). LIGHTHOUSE_PORT picks the first port to try for the server
// (the browser's debugging port is the next free one); CHROMIUM_PATH picks the browser.
// Results: lighthouse-results/<page>.json (the median run's full report) and summary.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromiumExecutable, chromiumLaunchOptions } from "../tests/support/browser";
import { freePort, ROOT, startServer } from "../tests/support/processes";

const OUT_DIR = path.join(ROOT, "lighthouse-results");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const DEFAULT_PAGES = [
  "/",
  "/news",
  "/news/:id",
  "/games",
  "/games/:slug",
  "/press",
  "/press/:slug",
  "/contact",
  "/auth",
];
/** The pages named by a pattern, and the list whose first link is the page. */
const FIRST_OF = { "/news/:id": "news", "/games/:slug": "games", "/press/:slug": "press" } as const;

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    min: { type: "string" },
    pages: { type: "string" },
    url: { type: "string" },
    all: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number.parseInt(options.runs ?? "1", 10) || 1);
const min = options.min === undefined ? undefined : Number(options.min);
if (min !== undefined && !(min >= 0 && min <= 100)) {
  console.error("--min takes a score from 0 to 100");
  process.exit(2);
}
const pages = options.pages?.split(",").filter(Boolean) ?? DEFAULT_PAGES;

type PageResult = { page: string; url: string; lhr: Result; performanceRange: [number, number] };

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups.length = 0;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

try {
  const base = options.url?.replace(/\/$/, "") ?? (await startDemoServer());
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable({ full: true }),
    chromeFlags: [...(chromiumLaunchOptions().args ?? []), "--headless=new"],
    port: await freePort(portsFrom()),
    logLevel: "silent",
  });
  cleanups.push(async () => chrome.kill());

  const results: PageResult[] = [];
  for (const page of pages) {
    const list = Object.hasOwn(FIRST_OF, page) ? FIRST_OF[page as keyof typeof FIRST_OF] : null;
    const url = base + (list ? await firstLinkPath(base, list) : page);
    const lhrs: Result[] = [];
    for (let run = 1; run <= runs; run++) {
      process.stderr.write(`lighthouse ${url} (run ${run}/${runs})\n`);
      lhrs.push(await audit(url, chrome.port));
    }
    const performance = lhrs.map((lhr) => score(lhr, "performance"));
    results.push({
      page,
      url,
      lhr: runs > 1 ? computeMedianRun(lhrs) : (lhrs[0] as Result),
      performanceRange: [Math.min(...performance), Math.max(...performance)],
    });
  }

  writeResults(results);
  printTable(results);
  printFailures(results, options.all ?? false);
  await cleanUp();

  if (min !== undefined) {
    const below = results.flatMap((r) =>
      CATEGORIES.filter((c) => score(r.lhr, c) < min).map(
        (c) => `${r.page} ${c} ${score(r.lhr, c)}`,
      ),
    );
    if (below.length > 0) {
      console.error(`\nBelow --min ${min}:\n  ${below.join("\n  ")}`);
      process.exit(1);
    }
    console.log(`\nEvery category of every page scores at least ${min}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await cleanUp();
  process.exit(1);
}

/** One Lighthouse run; a run whose trace went wrong (it happens under load) is tried again. */
async function audit(url: string, port: number, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "no result" };
    if (!error) return (result as { lhr: Result }).lhr;
    if (attempt >= attempts) throw new Error(`${url}: ${error.code} ${error.message}`);
    process.stderr.write(`  ${error.code}; trying again\n`);
  }
}

/** JavaScript the page downloaded, in kB as transferred (compressed). */
function scriptKb(lhr: Result): string {
  const items = (lhr.audits["resource-summary"]?.details as { items?: unknown[] } | undefined)
    ?.items as { resourceType: string; transferSize: number }[] | undefined;
  const bytes = items?.find((item) => item.resourceType === "script")?.transferSize ?? 0;
  return (bytes / 1000).toFixed(1);
}

function score(lhr: Result, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function printTable(results: PageResult[]) {
  const header = ["page", "performance", "accessibility", "best practices", "SEO", "JS kB"];
  const rows = results.map((r) => [
    r.page === "/news/:id" ? `/news/:id` : r.page,
    r.performanceRange[0] === r.performanceRange[1]
      ? String(score(r.lhr, "performance"))
      : `${score(r.lhr, "performance")} (${r.performanceRange[0]}-${r.performanceRange[1]})`,
    ...CATEGORIES.slice(1).map((c) => String(score(r.lhr, c))),
    scriptKb(r.lhr),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(" | ")} |`;
  console.log(
    `\nLighthouse ${results[0]?.lhr.lighthouseVersion ?? ""}, mobile preset${runs > 1 ? `, median of ${runs} runs (performance range in brackets)` : ""}\n`,
  );
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const row of rows) console.log(line(row));
}

/** Every audit that holds a category below 100 (weighted and not passed), per page. */
function printFailures(results: PageResult[], all: boolean) {
  let any = false;
  for (const r of results) {
    const lines: string[] = [];
    for (const category of CATEGORIES) {
      const refs = r.lhr.categories[category]?.auditRefs ?? [];
      for (const ref of refs) {
        const audit = r.lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        if (ref.weight === 0 && !(all && audit.scoreDisplayMode !== "informative")) continue;
        const value = audit.displayValue ? ` (${audit.displayValue})` : "";
        const weight = ref.weight === 0 ? " [no weight]" : "";
        lines.push(
          `  ${category}: ${ref.id} score ${audit.score}${weight}: ${audit.title}${value}`,
        );
      }
    }
    if (lines.length === 0) continue;
    if (!any) console.log("\nWhat holds a score below 100:");
    any = true;
    console.log(`${r.page}  ${r.url}`);
    for (const l of lines) console.log(l);
  }
  if (!any) console.log("\nNo audit holds any score below 100.");
}

function writeResults(results: PageResult[]) {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const summary = results.map((r) => {
    const file = `${r.page === "/" ? "home" : r.page.slice(1).replace(/[/:]+/g, "-")}.json`;
    fs.writeFileSync(path.join(OUT_DIR, file), JSON.stringify(r.lhr));
    return {
      page: r.page,
      url: r.url,
      report: file,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(r.lhr, c)])),
      scriptKb: Number(scriptKb(r.lhr)),
      performanceRange: r.performanceRange,
    };
  });
  fs.writeFileSync(path.join(OUT_DIR, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
}

/** The path of the first article or game page, read from its list. */
async function firstLinkPath(base: string, list: "news" | "games" | "press"): Promise<string> {
  const html = await (await fetch(`${base}/${list}`)).text();
  const match = html.match(new RegExp(`href="(/${list}/[\\w-]+)"`));
  if (!match?.[1]) throw new Error(`no link on /${list}: is there demo content?`);
  return match[1];
}

/** Starts the production server with the demo content on a throwaway data directory. */
async function startDemoServer(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-lighthouse-"));
  const port = await freePort(portsFrom());
  process.stderr.write(
    `starting the production server on port ${port} (builds first when needed)\n`,
  );
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    dataDir,
    port,
    args: ["--demo"],
    // A private site: never the operator's database, mail server or production secrets.
    env: {
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      NODE_ENV: undefined,
      AUTH_SECRET: undefined,
      TRUST_PROXY: undefined,
    },
    timeoutMs: 300_000,
  });
  cleanups.push(async () => {
    await server.stop(15_000);
  });
  return server.url;
}

/** From LIGHTHOUSE_PORT upward when it is set, else wherever the system says. */
function portsFrom(): { from: number; to: number } | undefined {
  const from = Number(process.env.LIGHTHOUSE_PORT) || undefined;
  return from ? { from, to: 65_535 } : undefined;
}
