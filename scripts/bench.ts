// `npm run bench`: measures the production build on this machine, in one run: nginx serving the
// identical HTML of each public page from disk against the site serving it (anonymous, cached);
// uncached SSR of /news as a signed-in user; the API's news list; /healthz; reordering 100 games;
// cold start to the first 200; the list pages' growth from today's data to 100 times as much; and
// the server's memory while 40 requests fetch a 58 MB press kit zip at once (`--only press`).
// Prints a table and writes bench-results/latest.json. See docs/performance.md.
//
// Usage: npm run bench -- [--pg [--workers N]] [--duration S] [--warmup S] [--connections N] [--encodings LIST]
//        [--only LIST] [--reorders N] [--cold-runs N] [--tool wrk|autocannon] [--profile] [--keep]
//        [--out FILE]
// `--only backup`: only `studio backup create` and `restore` of the 100× data set, their times and
// the archive's size (no site started).
// `--only mail`: only the newsletter's mails per second through the job queue against a plain loop
// (a local SMTP server; no site started). `--only send`: only the newsletter's send to 10,000
// subscribers by two production processes on PostgreSQL (TEST_DATABASE_URL), exactly once, and
// again with one killed mid-send (scripts/bench/scenarios/send.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT as root } from "../tests/support/processes";
import { tool } from "./bench/load";
import {
  coldRuns,
  connections,
  durationS,
  encodings,
  fail,
  log,
  only,
  opts,
  reorders,
  warmupS,
} from "./bench/options";
import { machine, notes, printTable, rows, summarizeProfile } from "./bench/report";
import { backupScenario } from "./bench/scenarios/backup";
import { coldScenario } from "./bench/scenarios/cold";
import { growthScenario } from "./bench/scenarios/growth";
import { mailScenario } from "./bench/scenarios/mail";
import { pagesScenario } from "./bench/scenarios/pages";
import { pressScenario } from "./bench/scenarios/press";
import { printRenderTable, renderScenario } from "./bench/scenarios/render";
import { reorderScenario } from "./bench/scenarios/reorder";
import { requestsScenario } from "./bench/scenarios/requests";
import { sendScenario } from "./bench/scenarios/send";
import { startSite } from "./bench/site";
import { cleanUp, dataDir, prepareDatabase, seed, usePg } from "./bench/workspace";

async function main() {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const entry = path.join(root, "build/server/index.js");
  // The mail and backup scenarios run the app's code in this process: no build needed.
  const needsBuild = [...only].some((scenario) => scenario !== "mail" && scenario !== "backup");
  if (needsBuild && !fs.existsSync(entry)) {
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
  if ([...only].every((scenario) => ["mail", "send", "backup"].includes(scenario))) {
    await mailScenario();
    await sendScenario();
    await backupScenario();
    printTable();
    return;
  }
  log(`seeding ${usePg ? "a private PostgreSQL database" : `a private data dir (${dataDir})`}`);
  const seeded = await seed();
  const engine = `${usePg ? "PostgreSQL" : "PGlite"} (${seeded.engineVersion})`;

  // The server rebuilds a stale build on start; this first start also warms tsx's transform cache.
  const profileDir = opts.profile ? path.join(path.dirname(opts.out), "profiles") : undefined;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  log(`starting the site${profileDir ? ` under --cpu-prof (${profileDir})` : ""}`);
  const site = await startSite("compiled", { profileDir });
  log(`site at ${site.url}; load from ${tool}, ${durationS} s per run after ${warmupS} s warm-up`);

  await renderScenario(site, seeded);
  await pagesScenario(site, seeded);
  await requestsScenario(site);
  await reorderScenario(site, seeded);
  await pressScenario(site);

  await site.stop(15_000);
  const profile = profileDir ? summarizeProfile(profileDir) : null;

  await coldScenario();
  await growthScenario();
  await mailScenario();
  await sendScenario();
  await backupScenario();

  printTable();
  printRenderTable();
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

try {
  await main();
} catch (error) {
  console.error(`bench failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
