import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import * as sitemap from "../../app/routes/sitemap";
import * as sitemapPart from "../../app/routes/sitemap-part";
import { testEngines } from "../support/database";
import { testContext } from "../support/runtime";

// Every news article is in the sitemap; past the protocol's 50,000 addresses the sitemap becomes an
// index of parts, each within the limit (docs/product.md#routes).

const SITE = "https://studio.example";

describe.each(testEngines())("the sitemap on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: ReturnType<typeof testContext>;

  beforeAll(async () => {
    handle = await engine.open();
    context = testContext(handle, { env: { SITE_URL: SITE } });
  });
  afterAll(() => handle?.close());

  const addNews = (count: number) =>
    handle.db.execute(sql`
      insert into news (title, slug, content, created_at, published_at)
      select 'Devlog ' || n, 'devlog-' || replace(gen_random_uuid()::text, '-', ''), 'Text.', now() - n * interval '1 minute',
        now() - n * interval '1 minute'
      from generate_series(1, ${count}::int) as n`);

  async function read(response: Promise<unknown> | unknown) {
    const answer = (await response) as Response;
    return { status: answer.status, xml: await answer.text() };
  }
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it("holds every article beside the pages, up to 50,000 addresses in one file", async () => {
    await addNews(49_996);
    const { status, xml } = await read(sitemap.loader({ context } as never));
    expect(status).toBe(200);
    expect(xml).toContain("<urlset");
    const all = locs(xml);
    expect(all).toHaveLength(50_000);
    expect(all.slice(0, 4)).toEqual([
      `${SITE}/`,
      `${SITE}/games`,
      `${SITE}/news`,
      `${SITE}/contact`,
    ]);
    expect(new Set(all).size).toBe(50_000);
  }, 120_000);

  it("past that, an index of parts, each within the limit, every article once", async () => {
    await addNews(5); // 50,001 articles
    const index = await read(sitemap.loader({ context } as never));
    expect(index.xml).toContain("<sitemapindex");
    expect(locs(index.xml)).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      `${SITE}/sitemaps/news-1.xml`,
      `${SITE}/sitemaps/news-2.xml`,
    ]);
    const part = (file: string) => read(sitemapPart.loader({ context, params: { file } } as never));
    expect(locs((await part("pages.xml")).xml)).toHaveLength(4);
    const first = locs((await part("news-1.xml")).xml);
    const second = locs((await part("news-2.xml")).xml);
    expect(first).toHaveLength(50_000);
    expect(second).toHaveLength(1);
    expect(new Set([...first, ...second]).size).toBe(50_001);
    for (const file of ["news-3.xml", "news-0.xml", "news-x.xml", "other.xml"]) {
      await expect(part(file), file).rejects.toMatchObject({ init: { status: 404 } });
    }
  }, 120_000);
});
