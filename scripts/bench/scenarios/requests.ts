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
    log("/news, signed in");
    const cookie = await signIn(site.url);
    const headers = { Cookie: cookie, "Accept-Encoding": "identity" };
    // The first request renders the reader's page and keeps it for the session;
    // the load then measures what a signed-in reader's repeated page costs.
    const first = await fetch(`${site.url}/news`, { headers });
    const html = await first.text();
    const items = html.match(/href="\/news\/[0-9a-f-]{36}"/g)?.length ?? 0;
    if (
      first.status !== 200 ||
      first.headers.get("x-cache") !== "MISS" ||
      !html.includes("Dev Console")
    )
      throw new Error(`/news signed in: expected a signed-in page rendered, got ${first.status}`);
    // Each worker keeps its own copy: a few more requests reach them all.
    let kept = false;
    for (let i = 0; i < 4 * workers && !kept; i++) {
      const again = await fetch(`${site.url}/news`, { headers });
      kept = (await again.text()) === html && again.headers.get("x-cache") === "HIT";
    }
    if (!kept) throw new Error("/news signed in: the reader's page was not kept");
    // The list shows one page of the NEWS_ITEMS there are.
    const shown = Math.min(NEWS_ITEMS, PAGE_SIZE);
    if (items < shown) throw new Error(`/news shows ${items} items, expected ${shown}`);
    await loadRow(
      site,
      `/news signed in, kept per session (${shown} items${workers > 1 ? `, ${workers} workers` : ""})`,
      `${site.url}/news`,
      headers,
      { bytes: Buffer.byteLength(html) },
      { text: "≥ 1000/s, p99 ≤ 50 ms", met: (rps, p99) => rps >= 1000 && p99 <= 50 },
    );
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
