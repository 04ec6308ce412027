import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { readArticle } from "../../app/news/news-article.server";
import { runtimeContext } from "../../app/platform/server/context.server";
import { queryRows } from "../support/explain";
import { testContext } from "../support/runtime";

// The publishing migration (drizzle/0008) on a database that already holds the spec's news and
// games: every item stays public with its date, renders exactly as before (plain text, a paragraph
// per line), and gets a readable address; repeated titles get distinct ones.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A copy of drizzle/ holding the migrations before 0008 only. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "studio-migrations-"));
  const journal = JSON.parse(
    fs.readFileSync(path.join(ROOT, "drizzle/meta/_journal.json"), "utf8"),
  );
  const end = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, end);
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[])
    fs.copyFileSync(
      path.join(ROOT, `drizzle/${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  return folder;
}

describe("the publishing migration on existing content", () => {
  let handle: DatabaseHandle;
  afterAll(() => handle?.close());

  it("keeps every item public, dated and rendered as before, with unique readable addresses", async () => {
    handle = await openDatabase({ engine: "pglite" });
    await migrate(handle, { migrationsFolder: migrationsBefore("0008_publishing") });
    await handle.db.execute(sql`
      insert into news (title, content, created_at) values
        ('Devlog #1: Lanterns & Moths!', E'First line <b>not bold</b>.\nSecond line.', '2026-01-02T10:00:00Z'),
        ('Devlog #1: Lanterns & Moths!', E'\n  A repeat.  \n', '2026-01-03T10:00:00Z'),
        ('日本語', 'Only non-latin title.', '2026-01-04T10:00:00Z')`);
    await handle.db.execute(sql`
      insert into games (title, description, image_url, url, display_order) values
        ('Lantern Keeper', 'd', '/i.png', 'https://x.example', 1),
        ('Lantern Keeper', 'd', '/i.png', 'https://x.example', 2)`);

    await migrate(handle);

    const rows = await queryRows<{
      title: string;
      slug: string;
      format: string;
      published_at: string;
      created_at: string;
      excerpt: string;
    }>(
      handle.db,
      sql`select title, slug, format, published_at::text, created_at::text, excerpt from news order by created_at`,
    );
    expect(rows.map((row) => row.format)).toEqual(["text", "text", "text"]);
    for (const row of rows) expect(row.published_at).toBe(row.created_at);
    expect(rows[0]!.slug).toBe("devlog-1-lanterns-moths");
    expect(rows[1]!.slug).toMatch(/^devlog-1-lanterns-moths-[0-9a-f]{8}$/);
    expect(rows[2]!.slug).toBe("news");
    expect(rows.map((row) => row.excerpt)).toEqual([
      "First line <b>not bold</b>.",
      "A repeat.",
      "Only non-latin title.",
    ]);
    const games = await queryRows<{ slug: string }>(
      handle.db,
      sql`select slug from games order by display_order`,
    );
    // Written at the same moment: which one keeps the plain address is the id's draw.
    const slugs = games.map((game) => game.slug).sort();
    expect(slugs[0]).toBe("lantern-keeper");
    expect(slugs[1]).toMatch(/^lantern-keeper-[0-9a-f]{8}$/);

    // Rendered as before: a paragraph per line, markup as text.
    const context = testContext(handle);
    const article = await readArticle(context.get(runtimeContext), rows[0]!.slug);
    expect(article!.html).toBe(
      "<p>First line &lt;b&gt;not bold&lt;/b&gt;.</p>\n<p>Second line.</p>",
    );
    expect(article!.article.state).toBe("published");
  });
});

// Issue 37: the news-about-games migration (drizzle/0024) on a site with news and chosen lists: every
// post stays about the studio, kind News, with no tags; the lists already chosen move onto their
// posts (studio first as chosen, then the games); a send not yet started is dropped (the queue makes
// it again from the post once it is public) and a started one is kept with its deliveries.
describe("the news-about-games migration on existing posts and sends", () => {
  let handle: DatabaseHandle;
  afterAll(() => handle?.close());

  it("leaves posts about the studio as News and moves the chosen lists onto them", async () => {
    handle = await openDatabase({ engine: "pglite" });
    await migrate(handle, { migrationsFolder: migrationsBefore("0024_news_about_games") });
    await handle.db.execute(sql`
      insert into games (id, title, description, image_url, url, display_order, slug) values
        ('0b7e1a52-5c1d-4e8f-9a40-3d2c1b0a9f87', 'Star Drift', 'd', '/i.png', 'https://x.example', 1, 'star-drift')`);
    await handle.db.execute(sql`
      insert into news (id, title, content, slug, published_at) values
        ('11111111-1111-4111-8111-111111111111', 'Sent', 'c', 'sent', now() - interval '1 day'),
        ('22222222-2222-4222-8222-222222222222', 'Waiting', 'c', 'waiting', now() + interval '1 day'),
        ('33333333-3333-4333-8333-333333333333', 'Plain', 'c', 'plain', now())`);
    await handle.db.execute(sql`
      insert into subscriber_lists (id, game_id) values
        ('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', null),
        ('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', '0b7e1a52-5c1d-4e8f-9a40-3d2c1b0a9f87')`);
    await handle.db.execute(sql`
      insert into newsletter_sends (news_id, lists, state) values
        ('11111111-1111-4111-8111-111111111111', '["bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"]', 'done'),
        ('22222222-2222-4222-8222-222222222222', '["aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"]', 'pending')`);

    await migrate(handle);

    const posts = await queryRows<{
      slug: string;
      kind: string;
      version: string | null;
      tags: string[];
      mail_lists: string[];
      games: number;
    }>(
      handle.db,
      sql`select slug, kind, version, tags, mail_lists,
        (select count(*)::int from news_games g where g.news_id = news.id) as games
        from news order by slug`,
    );
    expect(posts).toEqual([
      { slug: "plain", kind: "news", version: null, tags: [], mail_lists: [], games: 0 },
      {
        slug: "sent",
        kind: "news",
        version: null,
        tags: [],
        mail_lists: ["0b7e1a52-5c1d-4e8f-9a40-3d2c1b0a9f87", "studio"],
        games: 0,
      },
      { slug: "waiting", kind: "news", version: null, tags: [], mail_lists: ["studio"], games: 0 },
    ]);
    const sends = await queryRows<{ news_id: string; state: string }>(
      handle.db,
      sql`select news_id, state from newsletter_sends`,
    );
    expect(sends).toEqual([{ news_id: "11111111-1111-4111-8111-111111111111", state: "done" }]);
  });
});
