import { measure } from "../load";
import { fail, log, wants } from "../options";
import { checkClean, fmt, notes, rows } from "../report";
import { signIn, type startSite } from "../site";
import type { Seeded } from "../workspace";
import { buildYardstick, cardsFor, startYardstick, type Yardstick } from "../yardstick";

// What a render costs: each page rendered for its request (a visitor's cookie that is no session
// skips the page cache; signed-in pages as the developer), against the bare React Router page of
// the same size (the yardstick) measured in turns with it, 16 connections as the yardstick's own
// bench. Goals (docs/performance.md#the-yardstick): an anonymous page within 1.5× the yardstick's
// CPU per request at its size, a signed-in page within 2×, and a signed-in /news within 1.5 ms of
// the anonymous one.

const CONNECTIONS = 16;
const VISITOR = "visitor=1";

type Page = { label: string; path: string; signedIn: boolean };
export type RenderRow = {
  label: string;
  kb: number;
  rps: number;
  cpuMs: number;
  yardstickKb: number;
  yardstickCpuMs: number;
  ratio: number;
  goal: number;
};
export const renderRows: RenderRow[] = [];

/** The first link to a page under `prefix` on a page, e.g. a game's page on /games. */
async function firstLink(siteUrl: string, page: string, prefix: string): Promise<string> {
  const html = await (await fetch(siteUrl + page, { headers: { Cookie: VISITOR } })).text();
  const match = new RegExp(`href="(${prefix}[a-z0-9-]+)"`).exec(html);
  if (!match) fail(`no link under ${prefix} on ${page}`);
  return match[1]!;
}

export async function renderScenario(site: Awaited<ReturnType<typeof startSite>>, seeded: Seeded) {
  if (!wants("render")) return;
  buildYardstick();
  const cookie = await signIn(site.url);
  const pages: Page[] = [
    { label: "/", path: "/", signedIn: false },
    { label: "/news", path: "/news", signedIn: false },
    { label: "article", path: `/news/${seeded.newsSlugs[0]}`, signedIn: false },
    { label: "/games", path: "/games", signedIn: false },
    { label: "game page", path: await firstLink(site.url, "/games", "/games/"), signedIn: false },
    { label: "/contact", path: "/contact", signedIn: false },
    { label: "press kit", path: "/press", signedIn: false },
    { label: "signed-in /news", path: "/news", signedIn: true },
    { label: "signed-in /profile", path: "/profile", signedIn: true },
    { label: "signed-in /admin/news", path: "/admin/news", signedIn: true },
  ];
  const yardsticks = new Map<number, Yardstick>();
  for (const page of pages) {
    const headers = { Cookie: page.signedIn ? cookie : VISITOR, "Accept-Encoding": "identity" };
    const response = await fetch(site.url + page.path, { headers, redirect: "manual" });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200 || response.headers.get("x-cache"))
      fail(`${page.path}: expected a rendered 200, got ${response.status}`);
    const cards = cardsFor(bytes);
    if (!yardsticks.has(cards)) yardsticks.set(cards, await startYardstick(cards));
    const yardstick = yardsticks.get(cards)!;

    log(
      `render ${page.label} (${(bytes / 1024).toFixed(1)} KB) and the yardstick at ${cards} cards`,
    );
    const ours = await measure(site.url + page.path, headers, {
      pid: site.child.pid,
      spawnedAt: site.spawnedAt,
      label: `render ${page.label}`,
      connections: CONNECTIONS,
    });
    const bare = await measure(yardstick.url, {}, { pid: yardstick.pid, connections: CONNECTIONS });
    if (ours.cpuMsPerReq === null || bare.cpuMsPerReq === null)
      fail("no CPU time per request (needs Linux /proc)");
    const goal = page.signedIn ? 2 : 1.5;
    const ratio = ours.cpuMsPerReq / bare.cpuMsPerReq;
    const row = {
      scenario: `render ${page.label}`,
      side: "site" as const,
      encoding: "identity",
      connections: CONNECTIONS,
      rps: ours.rps,
      p50Ms: ours.p50,
      p99Ms: ours.p99,
      cpuMsPerReq: ours.cpuMsPerReq,
      bytes,
      requests: ours.requests,
      errors: ours.errors,
      non2xx: ours.non2xx,
      goal: `≤ ${goal}× yardstick (${fmt(bare.cpuMsPerReq, 2)} ms at ${cards} cards)`,
      met: ratio <= goal,
    };
    checkClean(row);
    rows.push(row);
    renderRows.push({
      label: page.label,
      kb: bytes / 1024,
      rps: ours.rps,
      cpuMs: ours.cpuMsPerReq,
      yardstickKb: yardstick.bytes / 1024,
      yardstickCpuMs: bare.cpuMsPerReq,
      ratio,
      goal,
    });
  }
  const anonymous = renderRows.find((r) => r.label === "/news")!;
  const signedIn = renderRows.find((r) => r.label === "signed-in /news")!;
  const tax = signedIn.cpuMs - anonymous.cpuMs;
  rows.push({
    scenario: "render signed-in /news − /news",
    side: "-",
    encoding: "identity",
    connections: CONNECTIONS,
    rps: null,
    p50Ms: 0,
    p99Ms: 0,
    cpuMsPerReq: tax,
    goal: "≤ 1.5 ms",
    met: tax <= 1.5,
  });
  notes.push(
    `render: one site process and the yardstick (bare React Router, same versions, news cards from memory) measured in turns, ${CONNECTIONS} connections; a visitor's cookie keeps anonymous pages out of the page cache`,
  );
}

/** The render table as the issue tracker and docs/performance.md show it. */
export function printRenderTable() {
  if (renderRows.length === 0) return;
  console.log(
    "\n| page | HTML | ours: req/s, CPU ms | bare React Router at the same size | ratio | goal |",
  );
  console.log("|---|---:|---:|---:|---:|---|");
  for (const r of renderRows)
    console.log(
      `| ${r.label} | ${fmt(r.kb)} KB | ${fmt(r.rps, 0)}, ${fmt(r.cpuMs, 2)} | ${fmt(r.yardstickCpuMs, 2)} (${fmt(r.yardstickKb)} KB) | ${fmt(r.ratio, 2)}× | ${r.ratio <= r.goal ? "≤" : "NOT ≤"} ${r.goal}× |`,
    );
}
