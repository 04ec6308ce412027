import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { news } from "../../app/db/schema";
import { listNewsPage, newsPageQuery } from "../../app/news/news.server";
import { decodeCursor, type PageRequest } from "../../app/platform/paging/cursor";
import { testEngines } from "../support/database";
import { explain, queryRows } from "../support/explain";

// The news list pages by keyset: every item exactly once, in order, walking older
// and back newer, with ties on the same microsecond; search finds words in title and text; and the
// list queries use the indexes on a large table, never a sequential scan.

describe.each(testEngines())("news pages on $name", (engine) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(() => handle?.close());

  async function walk(search?: string) {
    const seen: string[][] = [];
    let request: PageRequest = { direction: "first" };
    for (;;) {
      const page = await listNewsPage(handle.db, { page: request, search, size: 5 });
      seen.push(page.items.map((item) => item.title));
      if (!page.older) return { seen, last: page };
      request = { direction: "older", cursor: decodeCursor(page.older)! };
    }
  }

  it("walks 23 items older page by page and back newer, each once, ties broken by id", async () => {
    // Three items share one microsecond, two more differ from it by a microsecond only.
    const base = Date.parse("2026-06-01T12:00:00Z");
    const rows = Array.from({ length: 23 }, (_, i) => ({
      title: `Item ${String(i).padStart(2, "0")}`,
      slug: `item-${i}`,
      content: `Paragraph one of ${i}.\nParagraph two.`,
      excerpt: `Paragraph one of ${i}.`,
      publishedAt: new Date(base + Math.floor(i / 3) * 1000),
    }));
    await handle.db.insert(news).values(rows);
    await handle.db.execute(
      sql`update news set published_at = published_at + interval '1 microsecond' where title in ('Item 01', 'Item 04')`,
    );
    const { seen, last } = await walk();
    expect(seen.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);
    const order = seen.flat();
    expect(new Set(order).size).toBe(23);
    const expected = await queryRows<{ title: string }>(
      handle.db,
      sql`select title from news order by published_at desc, id desc`,
    );
    expect(order).toEqual(expected.map((row) => row.title));
    // And back: each newer page is the one before it, in the same order.
    let page = last;
    const back: string[][] = [page.items.map((item) => item.title)];
    while (page.newer) {
      page = await listNewsPage(handle.db, {
        page: { direction: "newer", cursor: decodeCursor(page.newer)! },
        size: 5,
      });
      back.unshift(page.items.map((item) => item.title));
    }
    expect(back).toEqual(seen);
    expect(page.newer).toBeNull();
  });

  it("cards get the first paragraph, never the whole text", async () => {
    const { items } = await listNewsPage(handle.db, { size: 1 });
    expect(items[0]?.excerpt).toMatch(/^Paragraph one of \d+\.$/);
    expect(items[0]).not.toHaveProperty("content");
  });

  it("search finds words of the title and the text (any form of the word), paged the same way", async () => {
    const now = new Date();
    await handle.db.insert(news).values([
      {
        title: "Lantern festival",
        slug: "a",
        content: "Lights over the market.",
        publishedAt: now,
      },
      {
        title: "Patch notes",
        slug: "b",
        content: "The lanterns now glow in the rain.",
        publishedAt: now,
      },
      {
        title: "Orchard diary",
        slug: "c",
        content: "Nothing about lights here.",
        publishedAt: now,
      },
      // Not public: never found.
      { title: "Lantern draft", slug: "d", content: "Lanterns to come." },
      {
        title: "Lantern scheduled",
        slug: "e",
        content: "Lanterns soon.",
        publishedAt: new Date(Date.now() + 3_600_000),
      },
    ]);
    const titles = async (search: string) =>
      (await walk(search)).seen.flat().sort((a, b) => a.localeCompare(b));
    expect(await titles("lantern")).toEqual(["Lantern festival", "Patch notes"]);
    expect(await titles("LIGHT")).toEqual(["Lantern festival", "Orchard diary"]);
    expect(await titles('"over the market"')).toEqual(["Lantern festival"]);
    expect(await titles("lights -market")).toEqual(["Orchard diary"]);
    expect(await titles("Paragraph")).toHaveLength(23);
    expect(await titles("nowhere-to-be-found")).toEqual([]);
    // Operators and quotes alone are words, not errors.
    expect(await titles(`"' & | ! ( ) :*`)).toEqual([]);
    // Found by fuzzing: a NUL in the search made the database refuse the query (the page said
    // "Failed to fetch news" with a 503); control characters are spaces.
    expect(await titles("\u0000lantern\u0007")).toEqual(["Lantern festival", "Patch notes"]);
    expect(await titles("\u0000")).toHaveLength(23 + 3);
  });

  it("on a large table the first page, a deep page and a search use the indexes", async () => {
    await handle.db.execute(sql`
      insert into news (title, slug, content, created_at, published_at)
      select 'Devlog ' || n, 'devlog-' || n, 'Text of devlog ' || n || E'.\\nMore.',
        now() - n * interval '1 hour', now() - n * interval '1 hour'
      from generate_series(1, 5000) as n`);
    await handle.db.execute(sql`analyze news`);
    const [deep] = await queryRows<{ at: string; id: string }>(
      handle.db,
      sql`select to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
          from news order by published_at desc, id desc offset 4000 limit 1`,
    );
    const plans = {
      first: await explain(
        handle.db,
        newsPageQuery(handle.db, { direction: "first" }, undefined, 12),
      ),
      deep: await explain(
        handle.db,
        newsPageQuery(handle.db, { direction: "older", cursor: deep! }, undefined, 12),
      ),
      newer: await explain(
        handle.db,
        newsPageQuery(handle.db, { direction: "newer", cursor: deep! }, undefined, 12),
      ),
      search: await explain(
        handle.db,
        newsPageQuery(handle.db, { direction: "first" }, "devlog 42", 12),
      ),
    };
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).not.toMatch(/Seq Scan on news/);
    }
    expect(plans.first).toMatch(/news_published_at_id_idx/);
    expect(plans.deep).toMatch(/news_published_at_id_idx/);
    expect(plans.search).toMatch(/news_search_idx|news_published_at_id_idx/);
  });
});
