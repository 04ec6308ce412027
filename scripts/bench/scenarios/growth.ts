import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { encodeCursor } from "~/platform/paging/cursor";
import { createDatabase } from "../../../tests/support/database";
import { queryRows } from "../../../tests/support/explain";
import { freePort, startServer } from "../../../tests/support/processes";
import { type ScaleCounts, seedScale } from "../../../tests/support/scale-data";
import { log, OWNER, PASSWORD, wants } from "../options";
import { percentile, type Row, rows } from "../report";
import { signIn } from "../site";
import { adminUrl, authSecret, cleanups, ports, serverEnv, usePg, work } from "../workspace";

// Growth: each list page's weight and time with today's data and with a hundred
// times as much, side by side. Today: the demo content plus 20 news items, 50 contact messages and
// 30 users; 100×: 2,000, 5,000 and 3,000. The news are spread over three games, five kinds and 50
// tags (tests/support/scale-data.ts), for a game's news, a tag's page and a filtered list. Each size gets its own data and its own site process;
// every page is fetched as the owner (signed in, so never from the page cache), one at a time.

const SIZES: { label: string; counts: Required<ScaleCounts> }[] = [
  { label: "today", counts: { news: 20, messages: 50, users: 30 } },
  { label: "100×", counts: { news: 2_000, messages: 5_000, users: 3_000 } },
];
const FETCHES = 15;
const WARM_UP = 3;
const GOAL = { ratio: 1.5, maxBytes: 300 * 1024 };
/** Pages whose time is held to the ratio too. */
const TIMED = ["/games/<game>/news", "/news/tag/", "/news?kind=", "/news?game="];
/** Pages with a card or two at 20 posts and a full page at 2,000: their bytes count cards. */
const SPARSE = ["/news/tag/tag-7", "/news?kind=patch-notes&game=<game>"];

type Sample = { bytes: number; gzipBytes: number; p50: number; p95: number };

/** A data directory (or database) with the demo, `counts` more rows and an owner; a deep cursor. */
async function prepare(label: string, counts: Required<ScaleCounts>) {
  const dataDir = path.join(work, `growth-${label === "today" ? "today" : "large"}`);
  let databaseUrl: string | undefined;
  if (usePg) {
    const base = adminUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const database = await createDatabase(base, `studio_bench_growth_${process.pid}_`);
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
  }
  const [{ openConfiguredDatabase }, { migrate }, { seedDemo }, { createUsers }, { loadEnv }] =
    await Promise.all([
      import("~/db/open.server"),
      import("~/db/migrate.server"),
      import("~/runtime/demo.server"),
      import("../../../tests/support/accounts"),
      import("~/platform/config/env.server"),
    ]);
  const env = loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: authSecret, DATABASE_URL: databaseUrl });
  const database = await openConfiguredDatabase(env);
  try {
    await migrate(database);
    await seedDemo(database.db);
    await seedScale(database.db, counts);
    await createUsers(database.db, env, [{ email: OWNER, password: PASSWORD, role: "owner" }]);
    const [deep] = await queryRows<{ at: string; id: string }>(
      database.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
          from news order by created_at desc, id desc
          offset ${Math.floor(counts.news * 0.9)} limit 1`,
    );
    const [game] = await queryRows<{ slug: string }>(
      database.db,
      sql`select slug from games order by display_order, created_at limit 1`,
    );
    return { dataDir, databaseUrl, deepNews: encodeCursor(deep!), gameSlug: game!.slug };
  } finally {
    await database.close();
  }
}

/** The list pages, each fetched WARM_UP + FETCHES times as the owner. */
async function measurePages(label: string, counts: Required<ScaleCounts>) {
  log(`growth: ${label} (${counts.news} news, ${counts.messages} messages, ${counts.users} users)`);
  const prepared = await prepare(label, counts);
  const port = await freePort(ports);
  const env: Record<string, string> = { ...serverEnv(port), DATA_DIR: prepared.dataDir };
  if (prepared.databaseUrl) env.DATABASE_URL = prepared.databaseUrl;
  const server = await startServer({ dataDir: prepared.dataDir, port, env, inheritEnv: false });
  const samples = new Map<string, Sample>();
  try {
    const cookie = await signIn(server.url, OWNER);
    const pages = [
      "/news",
      `/news?before=${prepared.deepNews}`,
      "/news?q=lantern",
      // News about games (issue 37): a game's news, a tag's page, a filtered list.
      // A tag every post has, so both sizes fill a page; a rare one and a game's patch notes show
      // a card or two at 20 posts and a full page at 2,000, which their bytes then measure.
      `/games/${prepared.gameSlug}/news`,
      "/news/tag/update",
      `/news?game=${prepared.gameSlug}&tag=update`,
      "/news/tag/tag-7",
      `/news?kind=patch-notes&game=${prepared.gameSlug}`,
      "/admin/messages",
      "/admin/news",
      "/admin/games",
      "/role-management",
    ];
    for (const page of pages) {
      const times: number[] = [];
      let html = "";
      for (let i = 0; i < WARM_UP + FETCHES; i++) {
        const started = performance.now();
        const response = await fetch(server.url + page, {
          headers: { Cookie: cookie, "Accept-Encoding": "identity" },
        });
        html = await response.text();
        if (response.status !== 200) throw new Error(`${page} (${label}): ${response.status}`);
        if (i >= WARM_UP) times.push(performance.now() - started);
      }
      samples.set(page.replace(prepared.deepNews, "<deep>").replace(prepared.gameSlug, "<game>"), {
        bytes: Buffer.byteLength(html),
        gzipBytes: zlib.gzipSync(html, { level: 6 }).length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
      });
    }
  } finally {
    await server.stop(15_000);
  }
  return samples;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function growthScenario() {
  if (!wants("growth")) return;
  // One after the other: the two sites never compete for the machine.
  const today = await measurePages(SIZES[0]!.label, SIZES[0]!.counts);
  const large = await measurePages(SIZES[1]!.label, SIZES[1]!.counts);
  for (const [page, big] of large) {
    const small = today.get(page)!;
    const ratio = big.bytes / small.bytes;
    // The pages of news about games are held to time as well as bytes: the filters' queries must
    // stay flat as the table grows (their indexes: docs/data.md#indexes).
    const timed = TIMED.some((prefix) => page.startsWith(prefix));
    const timeRatio = big.p50 / small.p50;
    rows.push({
      scenario: `growth ${page}`,
      side: "site",
      encoding: "identity",
      connections: 1,
      rps: null,
      p50Ms: big.p50,
      p99Ms: big.p95,
      bytes: big.bytes,
      goal: SPARSE.includes(page)
        ? `≤ ${GOAL.ratio}× time (a card or two at 20 posts)`
        : `≤ ${GOAL.ratio}× bytes${timed ? " and time" : ""}, ≤ ${kb(GOAL.maxBytes)}`,
      met: SPARSE.includes(page)
        ? timeRatio <= GOAL.ratio
        : ratio <= GOAL.ratio && big.bytes <= GOAL.maxBytes && (!timed || timeRatio <= GOAL.ratio),
      growth: { today: small, hundredfold: big, bytesRatio: ratio, timeRatio: big.p50 / small.p50 },
      note: `today ${kb(small.bytes)} (gzip ${kb(small.gzipBytes)}), ${small.p50.toFixed(1)} ms → 100× ${kb(big.bytes)} (gzip ${kb(big.gzipBytes)}), ${big.p50.toFixed(1)} ms: ×${ratio.toFixed(2)} bytes, ×${(big.p50 / small.p50).toFixed(2)} time (p50; p99 column: p95)`,
    } satisfies Row);
  }
}
