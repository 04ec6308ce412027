import { DEFAULT_LIMIT } from "~/platform/http/api-router.server";
import { PAGE_SIZE } from "~/platform/paging/cursor";
import { measure } from "../load";
import { connections, log, NEWS_ITEMS, wants, workers } from "../options";
import { checkClean, type Row, rows } from "../report";
import { signIn, type startSite } from "../site";

// The dynamic paths: /news for a signed-in reader, the API's news list and the health probes.

type Site = Awaited<ReturnType<typeof startSite>>;

/** Puts one URL under load and adds its row; `goal` judges the result. */
async function loadRow(
  site: Site,
  scenario: string,
  url: string,
  headers: Record<string, string>,
  fields: Partial<Row> = {},
  goal?: { text: string; met: (rps: number, p99: number) => boolean },
) {
  const result = await measure(url, headers, {
    pid: site.child.pid,
    spawnedAt: site.spawnedAt,
    label: scenario,
  });
  const row: Row = {
    scenario,
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
    ...fields,
    ...(goal ? { goal: goal.text, met: goal.met(result.rps, result.p99) } : {}),
  };
  checkClean(row);
  rows.push(row);
}

export async function requestsScenario(site: Site) {
  if (wants("ssr")) {
    // Rendered for each request: a visitor whose cookie is no session (so no cache may answer),
    // and signed-in readers and staff (pages rendered for them, never kept).
    const cookie = await signIn(site.url);
    const shown = Math.min(NEWS_ITEMS, PAGE_SIZE);
    const pages = [
      {
        label: "/news anonymous, rendered (a cookie that is no session)",
        path: "/news",
        cookie: "visitor=1",
        mark: "Sign In",
        goal: 500,
        p99: null,
      },
      { label: "/news signed in", path: "/news", cookie, mark: "Dev Console", goal: 500, p99: 50 },
      {
        label: "/profile signed in",
        path: "/profile",
        cookie,
        mark: "Dev Console",
        goal: 300,
        p99: null,
      },
      {
        // /admin itself only redirects to the first tab: the page it opens is measured.
        label: "/admin signed in (developer)",
        path: "/admin/messages",
        cookie,
        mark: "Dev Console",
        goal: 300,
        p99: null,
      },
    ];
    for (const page of pages) {
      log(page.label);
      const headers = { Cookie: page.cookie, "Accept-Encoding": "identity" };
      const first = await fetch(`${site.url}${page.path}`, { headers, redirect: "manual" });
      const html = await first.text();
      if (first.status !== 200 || !html.includes(page.mark))
        throw new Error(`${page.label}: expected the page rendered, got ${first.status}`);
      if (page.path === "/news") {
        const items = html.match(/href="\/news\/[\w-]+"/g)?.length ?? 0;
        if (items < shown) throw new Error(`/news shows ${items} items, expected ${shown}`);
      }
      const { goal, p99 } = page;
      await loadRow(
        site,
        `${page.label}${workers > 1 ? `, ${workers} workers` : ""}`,
        `${site.url}${page.path}`,
        headers,
        { bytes: Buffer.byteLength(html) },
        {
          text: `≥ ${goal}/s${p99 ? `, p99 ≤ ${p99} ms` : ""}`,
          met: (rps, measuredP99) => rps >= goal && (p99 === null || measuredP99 <= p99),
        },
      );
    }
  }

  if (wants("api")) {
    log("API news list");
    const url = `${site.url}/api/v1/news`;
    const check = await fetch(url);
    const body = (await check.json()) as { data?: unknown[] };
    if (check.status !== 200 || body.data?.length !== Math.min(NEWS_ITEMS, DEFAULT_LIMIT))
      throw new Error(`GET /api/v1/news: ${check.status}, ${body.data?.length} items`);
    await loadRow(
      site,
      "API GET /api/v1/news",
      url,
      { "Accept-Encoding": "identity" },
      {},
      { text: "≥ 5000/s", met: (rps) => rps >= 5000 },
    );
  }

  if (wants("health")) {
    log("health probe");
    const url = `${site.url}/healthz`;
    const check = await fetch(url);
    if (check.status !== 200 || ((await check.json()) as { database?: string }).database !== "ok")
      throw new Error(`GET /healthz: ${check.status}`);
    await loadRow(
      site,
      "GET /healthz",
      url,
      {},
      {},
      {
        text: "≥ 10000/s",
        met: (rps) => rps >= 10_000,
      },
    );
  }
}
