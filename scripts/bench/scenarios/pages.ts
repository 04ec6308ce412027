import fs from "node:fs";
import path from "node:path";
import { findNginx } from "../../../tests/support/nginx";
import { type Load, measure } from "../load";
import { connections, encodings, log, wants } from "../options";
import { checkClean, notes, type Row, rows } from "../report";
import { rawBody, startCachingNginx, startPagesNginx, type startSite } from "../site";
import { type Seeded, work } from "../workspace";

// Anonymous public pages from the page cache, against nginx serving the same bytes from disk.

export async function pagesScenario(site: Awaited<ReturnType<typeof startSite>>, seeded: Seeded) {
  const anon = (encoding: string) =>
    encoding === "gzip" ? { "Accept-Encoding": "gzip" } : { "Accept-Encoding": "identity" };

  if (wants("pages")) {
    // An article at its own address (an id address redirects to it).
    const articleSlug = seeded.newsSlugs[0]!;
    const pages = [
      { path: "/", file: "home.html" },
      { path: "/news", file: "news.html" },
      { path: `/news/${articleSlug}`, file: "article.html" },
      { path: "/games", file: "games.html" },
      { path: "/contact", file: "contact.html" },
    ];
    fs.mkdirSync(path.join(work, "nginx/html"), { recursive: true });
    const sizes = new Map<string, number>();
    /** One measured page as a row of the table (checked to have had no error). */
    const addRow = (
      pagePath: string,
      label: string,
      side: Row["side"],
      encoding: string,
      load: Load & { cpuMsPerReq: number | null },
      judged: Partial<Row> = {},
    ) => {
      const row: Row = {
        scenario: `page ${label}`,
        side,
        encoding,
        connections,
        rps: load.rps,
        p50Ms: load.p50,
        p99Ms: load.p99,
        cpuMsPerReq: load.cpuMsPerReq,
        bytes: sizes.get(pagePath),
        requests: load.requests,
        errors: load.errors,
        non2xx: load.non2xx,
        ...judged,
      };
      checkClean(row);
      rows.push(row);
    };
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
    let front: Awaited<ReturnType<typeof startCachingNginx>> | null = null;
    if (!nginxBinary) {
      notes.push(
        "no nginx (not installed, or NGINX_PATH=none): the site's figures are shown without a ratio",
      );
    } else {
      nginx = await startPagesNginx(nginxBinary, pages);
      front = await startCachingNginx(nginxBinary, site.port);
      notes.push(
        `nginx ${nginx.version}, ${nginx.workers} worker process; the site is one Node process; "nginx cache → site" is one nginx worker caching the site's public pages in front of it (docs/deployment.md)`,
      );
    }
    for (const encoding of encodings) {
      for (const page of pages) {
        const label = page.path.startsWith("/news/") ? "/news/:id" : page.path;
        log(`page ${label} (${encoding})`);
        let base: (Load & { cpuMsPerReq: number | null }) | null = null;
        if (nginx) {
          base = await measure(nginx.url + page.path, anon(encoding), { pid: nginx.child.pid });
          addRow(page.path, label, "nginx", encoding, base);
        }
        if (front && base) {
          // The same page through nginx caching it in front of the site: checked
          // to come from nginx's cache before it is measured.
          await (await fetch(front.url + page.path, { headers: anon(encoding) })).arrayBuffer();
          const probe = await fetch(front.url + page.path, { headers: anon(encoding) });
          await probe.arrayBuffer();
          if (probe.headers.get("x-proxy-cache") !== "HIT")
            throw new Error(`${page.path} through nginx: ${probe.headers.get("x-proxy-cache")}`);
          const cached = await measure(front.url + page.path, anon(encoding), {
            pid: front.child.pid,
          });
          const ratio = cached.rps / base.rps;
          addRow(page.path, label, "nginx cache → site", encoding, cached, {
            ratioToNginx: ratio,
            goal: "≥ 80 % of nginx",
            met: ratio >= 0.8,
          });
        }
        const result = await measure(site.url + page.path, anon(encoding), {
          pid: site.child.pid,
          spawnedAt: site.spawnedAt,
          label: `page ${label} (${encoding})`,
        });
        const ratio = base ? result.rps / base.rps : null;
        // /news from the page cache has a figure of its own to reach.
        const absolute = page.path === "/news" ? 20_000 : null;
        addRow(page.path, label, "site", encoding, result, {
          ratioToNginx: ratio,
          goal: absolute ? `≥ ${absolute}/s, ≥ 50 % of nginx` : "≥ 50 % of nginx",
          met:
            ratio === null
              ? absolute === null
                ? null
                : result.rps >= absolute
              : ratio >= 0.5 && (absolute === null || result.rps >= absolute),
        });
      }
    }
    if (nginx) await nginx.stop();
    if (front) await front.stop();
  }
}
