import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { contactMessages, games, news } from "../../app/db/schema";
import { createGame, listGames } from "../../app/games/games.server";
import { getNews, listNews } from "../../app/news/news.server";
import { createNews } from "../../app/news/news-writes.server";
import { seedDemo } from "../../app/runtime/demo.server";
import { testEngines } from "../support/database";

describe.each(testEngines())("data layer on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate news, games, contact_messages, rate_limits cascade`);
  });

  it("applying the migrations again changes nothing", async () => {
    await createNews(handle.db, { title: "Kept", content: "Still here" });
    await migrate(handle);
    expect((await listNews(handle.db)).map((n) => n.title)).toEqual(["Kept"]);
  });

  it("an up-to-date database is checked with one query: no migration file is read again", async () => {
    // Only the journal: replaying would need every .sql file and fail without them.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "studio-journal-only-"));
    fs.mkdirSync(path.join(folder, "meta"));
    fs.copyFileSync(
      path.join(import.meta.dirname, "../../drizzle/meta/_journal.json"),
      path.join(folder, "meta/_journal.json"),
    );
    try {
      await expect(migrate(handle, { migrationsFolder: folder })).resolves.toBeUndefined();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("lists news newest first and limits it", async () => {
    const base = Date.UTC(2026, 0, 1);
    for (const [i, title] of ["Oldest", "Middle", "Newest", "Latest"].entries()) {
      await createNews(handle.db, {
        title,
        content: "Body",
        createdAt: new Date(base + i * 86_400_000),
      });
    }
    expect((await listNews(handle.db)).map((n) => n.title)).toEqual([
      "Latest",
      "Newest",
      "Middle",
      "Oldest",
    ]);
    expect((await listNews(handle.db, { limit: 3 })).map((n) => n.title)).toEqual([
      "Latest",
      "Newest",
      "Middle",
    ]);
  });

  it("maps created_at to date and finds an item by id; unknown and malformed ids give null", async () => {
    const created = await createNews(handle.db, {
      title: "  Patch notes  ",
      content: "Line one\nLine two",
      createdAt: new Date("2026-05-04T12:00:00Z"),
    });
    expect(created.title).toBe("Patch notes");
    expect(created.date).toBe("2026-05-04T12:00:00.000Z");
    expect(await getNews(handle.db, created.id)).toEqual(created);
    expect(await getNews(handle.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getNews(handle.db, "not-a-uuid")).toBeNull();
    expect(await getNews(handle.db, "1; drop table news")).toBeNull();
  });

  /** The check constraint a write broke, as the database names it (23514: check_violation). */
  async function brokenCheck(write: PromiseLike<unknown>) {
    const error = await Promise.resolve(write).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    const cause = ((error as { cause?: unknown } | null)?.cause ?? error) as {
      code?: string;
      constraint?: string;
    } | null;
    return { code: cause?.code, constraint: cause?.constraint };
  }

  it("refuses blank news and unknown game statuses at the database", async () => {
    expect(
      await brokenCheck(
        handle.db.insert(news).values({ title: "  ", slug: "blank", content: "x" }),
      ),
    ).toEqual({ code: "23514", constraint: "news_title_not_blank" });
    expect(
      await brokenCheck(
        handle.db.insert(games).values({
          title: "Odd",
          slug: "odd",
          description: "d",
          imageUrl: "/x.png",
          url: "https://example.com",
          status: "Abandoned",
          displayOrder: 1,
        }),
      ),
    ).toEqual({ code: "23514", constraint: "games_status_valid" });
    expect(
      await brokenCheck(
        handle.db
          .insert(contactMessages)
          .values({ name: "", email: "a@b.co", subject: "s", message: "m" }),
      ),
    ).toEqual({ code: "23514", constraint: "contact_messages_fields_not_blank" });
    expect(await listNews(handle.db)).toEqual([]);
  });

  it("gives a new game the highest display_order plus one, starting at 1, and lists by it", async () => {
    const input = {
      description: "d",
      imageUrl: "/i.svg",
      url: "https://example.com",
      status: "Released" as const,
    };
    const first = await createGame(handle.db, { ...input, title: "First" });
    const second = await createGame(handle.db, {
      ...input,
      title: "Second",
      status: "Coming Soon",
    });
    expect(first.displayOrder).toBe(1);
    expect(second.displayOrder).toBe(2);
    await handle.db.execute(sql`update games set display_order = 7 where id = ${first.id}`);
    const third = await createGame(handle.db, { ...input, title: "Third" });
    expect(third.displayOrder).toBe(8);
    expect((await listGames(handle.db)).map((g) => g.title)).toEqual(["Second", "First", "Third"]);
  });

  it("a new game's status defaults to Released", async () => {
    await handle.db.execute(
      sql`insert into games (title, slug, description, image_url, url, display_order) values ('T', 't', 'D', '/i', 'https://e.x', 1)`,
    );
    expect((await listGames(handle.db))[0]?.status).toBe("Released");
  });

  it("demo seeding adds the sample content once", async () => {
    const first = await seedDemo(handle.db);
    expect(first.news).toBeGreaterThanOrEqual(3);
    expect(first.games).toBeGreaterThanOrEqual(3);
    const again = await seedDemo(handle.db);
    expect(again).toEqual({ news: 0, games: 0, pictures: 0, settings: false });
    expect(await listNews(handle.db)).toHaveLength(first.news);
    const orders = (await listGames(handle.db)).map((g) => g.displayOrder);
    expect(orders).toEqual(orders.map((_, i) => i + 1));
  });
});
