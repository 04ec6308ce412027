import { count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { openApiDocument } from "../../app/api/openapi.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games, news, newsGames } from "../../app/db/schema";
import {
  GAME_REF_RULE,
  NEWS_KINDS,
  TAG_RULE,
  TOO_MANY_TAGS,
  UNKNOWN_KIND,
  VERSION_NEEDED,
  VERSION_ONLY_PATCH_NOTES,
  VERSION_RULE,
} from "../../app/news/news-about";
import { UNKNOWN_MAIL_LIST_VALUE } from "../../app/news/news-schema";
import { createNews } from "../../app/news/news-writes.server";
import type { AppContext } from "../../app/platform/server/context.server";
import { signedInAs } from "../support/accounts";
import { apiCaller } from "../support/api-call";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// The news API with what a post is about (docs/api.md#news, docs/product.md#news-about-games), on
// both engines: posts written about games by id or slug with a kind, a version and tags; the list
// filtered by game, kind and tag and paged with its filter; PUT replacing what it is about and
// keeping the mail lists it leaves out; bad input refused with a 400 naming the field, nothing
// stored; who sees a post following its games; the lists shown to staff only.

type Game = { id: string; slug: string; title: string };

describe.each(testEngines())("the news API about games on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let call: ReturnType<typeof apiCaller>;
  let admin: string;
  let owner: string;
  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    call = apiCaller(context);
    admin = (await signedInAs(context, "admin")).cookie;
    owner = (await signedInAs(context, "owner")).cookie;
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate news, games cascade`);
  });

  async function game(title: string, visibility = "public"): Promise<Game> {
    const made = await call("POST", "games", {
      cookie: owner,
      body: {
        title,
        description: "A game.",
        imageUrl: "https://img.example/g.png",
        status: "Released",
        url: "https://play.example/g",
        visibility,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return { id: made.body.id, slug: made.body.slug, title };
  }

  const post = (body: Record<string, unknown>) =>
    call("POST", "news", { cookie: admin, body: { title: "A post", content: "Words.", ...body } });
  const titles = (answer: { body: { data: { title: string }[] } }) =>
    answer.body.data.map((item) => item.title);
  const stored = async () => ({
    news: await handle.db.select().from(news).orderBy(news.title),
    ties: await handle.db.select().from(newsGames).orderBy(newsGames.newsId, newsGames.position),
  });

  it("creates a post about games named by slug or id, with its kind, version, tags and lists; only staff see the lists", async () => {
    const [keeper, orchard] = [await game("Lantern Keeper"), await game("Hollow Orchard")];
    const created = await post({
      title: "Lantern Keeper 1.2",
      games: [keeper.slug, orchard.id, keeper.id],
      kind: "patch-notes",
      version: "1.2.0",
      tags: ["Level Design", "#roadmap", "level_design"],
      mailLists: ["studio", keeper.slug],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      games: [keeper, orchard],
      kind: "patch-notes",
      version: "1.2.0",
      tags: ["level-design", "roadmap"],
      mailLists: ["studio", keeper.id],
    });
    const [row] = (await stored()).news;
    expect(row).toMatchObject({
      kind: "patch-notes",
      version: "1.2.0",
      tags: ["level-design", "roadmap"],
      mailLists: ["studio", keeper.id],
    });
    expect((await stored()).ties.map((tie) => [tie.gameId, tie.position])).toEqual([
      [keeper.id, 0],
      [orchard.id, 1],
    ]);

    // The public reads say what it is about, never where it is mailed.
    const one = await call("GET", `news/${created.body.id}`);
    expect(one.body).toMatchObject({
      games: [keeper, orchard],
      kind: "patch-notes",
      tags: ["level-design", "roadmap"],
    });
    expect(one.body).not.toHaveProperty("mailLists");
    const list = await call("GET", "news");
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty("mailLists");
    // About no game: the studio, kind News, no tags.
    const studio = await post({ title: "Studio post" });
    expect(studio.body).toMatchObject({
      games: [],
      kind: "news",
      version: null,
      tags: [],
      mailLists: [],
    });
  });

  it("filters the list by game (slug or id), kind and tag, alone and together, and pages with the filter kept", async () => {
    const [keeper, orchard] = [await game("Lantern Keeper"), await game("Hollow Orchard")];
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    const rows: [string, string[], (typeof NEWS_KINDS)[number], string[], string?][] = [
      ["K patch 1.1", [keeper.id], "patch-notes", ["roadmap"], "1.1.0"],
      ["K devlog", [keeper.id], "devlog", ["art"]],
      ["K+O event", [keeper.id, orchard.id], "event", ["roadmap", "showcase"]],
      ["O patch 2.0", [orchard.id], "patch-notes", ["roadmap"], "2.0.0"],
      ["Studio hiring", [], "news", ["jobs"]],
      ["K patch 1.2", [keeper.id], "patch-notes", ["roadmap", "art"], "1.2.0"],
    ];
    for (const [i, [title, about, kind, tags, version]] of rows.entries())
      await createNews(handle.db, {
        title,
        content: "Words.",
        createdAt: at(rows.length - i),
        games: about,
        kind,
        tags,
        version,
      });

    const bySlug = await call("GET", `news?game=${keeper.slug}`);
    expect(titles(bySlug)).toEqual(["K patch 1.2", "K+O event", "K devlog", "K patch 1.1"]);
    expect(titles(await call("GET", `news?game=${keeper.id}`))).toEqual(titles(bySlug));
    expect(titles(await call("GET", `news?game=${keeper.id.toUpperCase()}`))).toEqual(
      titles(bySlug),
    );
    expect(titles(await call("GET", "news?kind=patch-notes"))).toEqual([
      "K patch 1.2",
      "O patch 2.0",
      "K patch 1.1",
    ]);
    // A tag as typed: normalised as the posts' tags are.
    expect(titles(await call("GET", "news?tag=Roadmap"))).toEqual([
      "K patch 1.2",
      "O patch 2.0",
      "K+O event",
      "K patch 1.1",
    ]);
    expect(titles(await call("GET", `news?game=${keeper.slug}&kind=patch-notes&tag=art`))).toEqual([
      "K patch 1.2",
    ]);
    expect(titles(await call("GET", `news?game=${orchard.slug}&kind=devlog`))).toEqual([]);

    // Paged: the next page keeps the filter, in `next` and in the Link header alike.
    const seen: string[] = [];
    let path = `news?game=${keeper.slug}&tag=roadmap&limit=2`;
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(3);
      const page = await call("GET", path);
      expect(page.status).toBe(200);
      seen.push(...titles(page));
      if (page.body.next === null) break;
      const link = page.headers.get("Link")!;
      expect(link).toBe(
        `</api/v1/news?game=${keeper.slug}&tag=roadmap&limit=2&cursor=${page.body.next}>; rel="next"`,
      );
      path = link.slice("</api/v1/".length, link.indexOf(">"));
    }
    expect(seen).toEqual(["K patch 1.2", "K+O event", "K patch 1.1"]);
  });

  it("shows posts as their games are seen: an unlisted game's by address and its own list, a draft game's nowhere", async () => {
    const [shown, unlisted, secret] = [
      await game("Shown"),
      await game("Quiet", "unlisted"),
      await game("Secret", "draft"),
    ];
    const about = async (title: string, ids: string[]) =>
      (await post({ title, games: ids })).body.id as string;
    const open = await about("About shown", [shown.id]);
    const quiet = await about("About quiet", [unlisted.id]);
    const both = await about("About shown and quiet", [shown.id, unlisted.id]);
    const hidden = await about("About secret", [secret.id]);
    const mixed = await about("About quiet and secret", [unlisted.id, secret.id]);

    expect(titles(await call("GET", "news"))).toEqual(["About shown"]);
    expect(titles(await call("GET", `news?game=${shown.slug}`))).toEqual(["About shown"]);
    // The unlisted game's own list holds what its page would: its posts guests may open.
    expect(titles(await call("GET", `news?game=${unlisted.slug}`))).toEqual([
      "About shown and quiet",
      "About quiet",
    ]);
    for (const id of [open, quiet, both])
      expect((await call("GET", `news/${id}`)).status).toBe(200);
    for (const id of [hidden, mixed]) {
      const answer = await call("GET", `news/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("not_found");
    }
    // A draft game is as unknown as one that does not exist: the answer does not tell it exists.
    for (const ref of [secret.slug, secret.id, "no-such-game"]) {
      const answer = await call("GET", `news?game=${ref}`);
      expect(answer.status, ref).toBe(400);
      expect(answer.body.error).toEqual({
        code: "validation_failed",
        message: `Unknown game: ${ref}.`,
        fields: { game: `Unknown game: ${ref}.` },
      });
    }
  });

  it("refuses bad filters with a 400 naming the parameter", async () => {
    for (const [query, field, message] of [
      ["game=%3Cscript%3E", "game", GAME_REF_RULE],
      ["kind=rumour", "kind", UNKNOWN_KIND],
      ["kind=Patch-Notes", "kind", UNKNOWN_KIND],
      ["tag=%3Cb%3E", "tag", TAG_RULE],
      [`tag=${"x".repeat(33)}`, "tag", TAG_RULE],
    ] as const) {
      const answer = await call("GET", `news?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toMatchObject({ code: "validation_failed", message });
      expect(answer.body.error.fields, query).toEqual({ [field]: message });
    }
  });

  it("refuses a body about what the post is about when it is wrong, naming the field; nothing is stored or changed", async () => {
    const keeper = await game("Lantern Keeper");
    const kept = await post({ title: "Kept", games: [keeper.id], kind: "devlog", tags: ["art"] });
    const before = await stored();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { games: [keeper.slug, "no-such-game", "gone-too"] },
        "games",
        "Unknown games: no-such-game, gone-too. Name games by their id or address.",
      ],
      [
        { games: ["00000000-0000-4000-8000-000000000000"] },
        "games",
        "Unknown game: 00000000-0000-4000-8000-000000000000. Name games by their id or address.",
      ],
      [{ games: ["<script>"] }, "games", GAME_REF_RULE],
      [{ games: [1] }, "games", GAME_REF_RULE],
      [{ kind: "rumour" }, "kind", UNKNOWN_KIND],
      [{ kind: "patch-notes", version: "1.0<script>" }, "version", VERSION_RULE],
      [{ kind: "patch-notes", version: `1.${"0".repeat(31)}` }, "version", VERSION_RULE],
      [{ kind: "patch-notes", version: 1.2 }, "version", VERSION_RULE],
      [{ kind: "patch-notes" }, "version", VERSION_NEEDED],
      [{ kind: "patch-notes", version: "  " }, "version", VERSION_NEEDED],
      [{ kind: "devlog", version: "1.0.0" }, "version", VERSION_ONLY_PATCH_NOTES],
      [{ version: "1.0.0" }, "version", VERSION_ONLY_PATCH_NOTES],
      [{ tags: ["<b>"] }, "tags", `${TAG_RULE}: “<b>”`],
      [{ tags: Array.from({ length: 9 }, (_, i) => `tag-${i}`) }, "tags", TOO_MANY_TAGS],
      [{ tags: [1] }, "tags", TAG_RULE],
      [{ tags: { a: 1 } }, "tags", TAG_RULE],
      [
        { mailLists: ["studio", "no-such-game"] },
        "mailLists",
        "Choose lists from those shown: no game is named no-such-game.",
      ],
      [{ mailLists: ["javascript:alert(1)"] }, "mailLists", UNKNOWN_MAIL_LIST_VALUE],
    ];
    for (const [body, field, message] of cases) {
      const label = JSON.stringify(body);
      for (const [method, path] of [
        ["POST", "news"],
        ["PUT", `news/${kept.body.id}`],
      ]) {
        const answer = await call(method!, path!, {
          cookie: admin,
          body: { title: "Changed", content: "Changed.", ...body },
        });
        expect(answer.status, `${method} ${label}`).toBe(400);
        expect(answer.body.error.message, `${method} ${label}`).toBe(message);
        expect(answer.body.error.fields, `${method} ${label}`).toEqual({ [field]: message });
      }
    }
    // A version of 32 characters is one.
    expect((await post({ kind: "patch-notes", version: `1.${"0".repeat(30)}` })).status).toBe(201);
    await handle.db.delete(news).where(eq(news.title, "A post"));
    expect(await stored()).toEqual(before);
  });

  it("PUT replaces what a post is about: left out, it is about the studio, News, without tags; its mail lists are kept", async () => {
    const [keeper, orchard] = [await game("Lantern Keeper"), await game("Hollow Orchard")];
    const created = await post({
      title: "Patch",
      games: [keeper.id],
      kind: "patch-notes",
      version: "1.0.0",
      tags: ["art"],
      mailLists: ["studio", keeper.id],
      state: "draft",
    });
    const put = (body: Record<string, unknown>) =>
      call("PUT", `news/${created.body.id}`, {
        cookie: admin,
        body: { title: "Patch", content: "Words.", state: "draft", ...body },
      });
    const changed = await put({
      games: [orchard.slug, keeper.slug],
      kind: "patch-notes",
      version: "1.0.1",
      tags: ["Balance"],
      mailLists: [orchard.slug],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      games: [orchard, keeper],
      kind: "patch-notes",
      version: "1.0.1",
      tags: ["balance"],
      mailLists: [orchard.id],
    });
    const bare = await put({});
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({
      games: [],
      kind: "news",
      version: null,
      tags: [],
      mailLists: [orchard.id],
    });
    expect(await handle.db.select().from(newsGames)).toEqual([]);
    // An empty list withdraws the mail.
    expect((await put({ mailLists: [] })).body.mailLists).toEqual([]);
    const missing = await call("PUT", "news/00000000-0000-4000-8000-000000000000", {
      cookie: admin,
      body: { title: "Nobody", content: "Words." },
    });
    expect(missing.status).toBe(404);
  });

  it("DELETE takes the post's ties to its games, never the games", async () => {
    const keeper = await game("Lantern Keeper");
    const created = await post({ games: [keeper.id] });
    expect((await call("DELETE", `news/${created.body.id}`, { cookie: admin })).status).toBe(200);
    expect(await handle.db.select({ n: count() }).from(newsGames)).toEqual([{ n: 0 }]);
    expect(await handle.db.select({ id: games.id }).from(games)).toEqual([{ id: keeper.id }]);
  });

  it("the OpenAPI document names the list's filters and the body's fields", () => {
    const document = openApiDocument("http://localhost:3000");
    const list = document.paths["/api/v1/news"]!.get as {
      parameters: { name: string; in: string; schema: { enum?: string[] } }[];
    };
    const query = Object.fromEntries(
      list.parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema]),
    );
    expect(Object.keys(query)).toEqual(["limit", "game", "kind", "tag", "cursor"]);
    expect(query.kind!.enum).toEqual([...NEWS_KINDS]);
    for (const [path, method] of [
      ["/api/v1/news", "post"],
      ["/api/v1/news/{id}", "put"],
    ] as const) {
      const operation = document.paths[path]![method] as {
        requestBody: {
          content: {
            "application/json": {
              schema: { properties: Record<string, { enum?: string[]; type?: string }> };
            };
          };
        };
        responses: Record<string, unknown>;
      };
      const fields = operation.requestBody.content["application/json"].schema.properties;
      expect(fields).toMatchObject({
        games: { type: "array" },
        kind: { enum: [...NEWS_KINDS] },
        version: { type: "string" },
        tags: { type: "array" },
        mailLists: { type: "array" },
      });
      if (method === "put") expect(Object.keys(operation.responses)).toContain("409");
    }
  });
});
