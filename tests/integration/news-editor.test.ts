import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { news, newsGames, staffAuditLog } from "../../app/db/schema";
import { createGame } from "../../app/games/games.server";
import { getNews } from "../../app/news/news.server";
import {
  GAME_REF_RULE,
  TAG_RULE,
  TOO_MANY_TAGS,
  UNKNOWN_KIND,
  VERSION_NEEDED,
  VERSION_ONLY_PATCH_NOTES,
  VERSION_RULE,
} from "../../app/news/news-about";
import type { FormReply } from "../../app/platform/forms/submission.server";
import type { AppContext } from "../../app/platform/server/context.server";
import { type FormFields, signedInAs } from "../support/accounts";
import { adminLoader, postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// The news editor's About part and its mail lists, posted as the dashboard posts them
// (docs/product.md#news-management-tab): the games, kind, version and tags are saved with the post;
// hostile input is refused with its field's message and stores nothing; a role without
// canManageNews is refused on the server.

const DAY = 86_400_000;
const game = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `${title}: a small handmade game.`,
  imageUrl: "/images/games/tidewright.svg",
  status: "Coming Soon" as const,
  url: "https://play.example/game",
  ...extra,
});

type NewsTabData = {
  page: { items: { id: string; title: string; kind: string; games: { title: string }[] }[] };
  mailing: { sends: Record<string, { state: string; lists: string[] }> };
  filter: { kind: string | null; game: string | null };
  games: {
    id: string;
    title: string;
    slug: string;
    visibility: string;
    announceAt: string | null;
  }[];
};

describe.each(testEngines())("the news editor's About part on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let developer: { id: string; cookie: string };
  let moderator: { cookie: string };
  let tidewright: { id: string; slug: string };
  let orchard: { id: string; slug: string };

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    // Developers hold canManageNews (admin and above); moderators do not.
    developer = await signedInAs(context, "developer");
    moderator = await signedInAs(context, "moderator");
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate news, games, staff_audit_log cascade`);
    tidewright = await createGame(handle.db, game("Tidewright"));
    orchard = await createGame(handle.db, game("Hollow Orchard", { visibility: "draft" }));
  });

  const post = (form: FormFields, cookie = developer.cookie) =>
    postAdmin(
      context,
      { intent: "news-create", title: "Patch 1.2", content: "Fixed the **tides**.", ...form },
      cookie,
    );

  /** Everything a refused write must leave as it was. */
  const stored = async () => ({
    news: await handle.db.select().from(news),
    games: await handle.db.select().from(newsGames),
    audit: (await handle.db.select().from(staffAuditLog)).length,
  });

  it("saves the games in the order sent, the kind, the version, the tags and the lists", async () => {
    const saved = await post({
      games: [orchard.id, tidewright.id],
      kind: "patch-notes",
      version: " 1.2.0 ",
      tags: "Level Design, #roadmap, level_design",
      mailLists: ["studio", tidewright.id],
    });
    expect(saved.status).toBe(200);
    const [row] = await handle.db.select().from(news);
    const entry = await getNews(handle.db, row!.id);
    expect(entry).toMatchObject({
      kind: "patch-notes",
      version: "1.2.0",
      tags: ["level-design", "roadmap"],
      mailLists: ["studio", tidewright.id],
      games: [
        { id: orchard.id, title: "Hollow Orchard" },
        { id: tidewright.id, title: "Tidewright" },
      ],
    });

    // Edited: another kind drops the version; a game unticked is no longer named; no tags.
    const updated = await postAdmin(
      context,
      {
        intent: "news-update",
        id: row!.id,
        title: "Devlog: tides",
        content: "How the tides work.",
        kind: "devlog",
        games: [tidewright.id],
        tags: "",
        mailLists: "studio",
      },
      developer.cookie,
    );
    expect(updated.status).toBe(200);
    expect(await getNews(handle.db, row!.id)).toMatchObject({
      kind: "devlog",
      version: null,
      tags: [],
      mailLists: ["studio"],
      games: [{ id: tidewright.id }],
    });
  });

  it("saves a post with no game and no kind as news about the studio", async () => {
    expect((await post({})).status).toBe(200);
    const [row] = await handle.db.select().from(news);
    expect(await getNews(handle.db, row!.id)).toMatchObject({
      kind: "news",
      version: null,
      tags: [],
      games: [],
      mailLists: [],
    });
  });

  // Each: the form's fields, the field the message is on, and the message.
  const hostile: [string, FormFields, string, string][] = [
    ["a kind not offered", { kind: "<script>" }, "kind", UNKNOWN_KIND],
    [
      "a version with markup",
      { kind: "patch-notes", version: "1.2<script>" },
      "version",
      VERSION_RULE,
    ],
    [
      "a version of 40 characters",
      { kind: "patch-notes", version: "1".repeat(40) },
      "version",
      VERSION_RULE,
    ],
    [
      "patch notes without a version",
      { kind: "patch-notes", version: "  " },
      "version",
      VERSION_NEEDED,
    ],
    ["a version on news", { kind: "news", version: "1.2.0" }, "version", VERSION_ONLY_PATCH_NOTES],
    [
      "nine tags",
      { tags: "one, two, three, four, five, six, seven, eight, nine" },
      "tags",
      TOO_MANY_TAGS,
    ],
    ["a tag with markup", { tags: "art, <b>" }, "tags", `${TAG_RULE}: “<b>”`],
    ["a game that is no id", { games: ["<img src=x>"] }, "games[0]", GAME_REF_RULE],
  ];

  it.each(hostile)(
    "refuses %s with its field's message and stores nothing",
    async (_, form, field, message) => {
      const before = await stored();
      const result = await post(form);
      expect(result.status).toBe(400);
      expect((result.body as FormReply).error).toEqual({ [field]: [message] });
      expect(await stored()).toEqual(before);
    },
  );

  it("refuses a game that does not exist, naming it, and stores nothing", async () => {
    const gone = "00000000-0000-4000-8000-000000000000";
    const result = await post({ games: [tidewright.id, gone] });
    expect(result.status).toBe(400);
    expect((result.body as FormReply).error).toEqual({
      games: [`Unknown game: ${gone}. Name games by their id or address.`],
    });
    expect(await stored()).toEqual({ news: [], games: [], audit: 0 });
  });

  it("leaves an edited post as it was when its new About is refused", async () => {
    expect((await post({ games: [tidewright.id], kind: "event" })).status).toBe(200);
    const before = await stored();
    const [row] = before.news;
    const result = await postAdmin(
      context,
      {
        intent: "news-update",
        id: row!.id,
        title: "Changed",
        content: "Changed.",
        games: [orchard.id],
        tags: "one, two, three, four, five, six, seven, eight, nine",
      },
      developer.cookie,
    );
    expect(result.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it("refuses a moderator's post with games and tags with 403 and stores nothing", async () => {
    const result = await post(
      { games: [tidewright.id], kind: "patch-notes", version: "1.0.0", tags: "roadmap" },
      moderator.cookie,
    );
    expect(result.status).toBe(403);
    expect(await stored()).toEqual({ news: [], games: [], audit: 0 });
  });

  it("hands the tab every game with its visibility, and filters the list by kind and game", async () => {
    const announceAt = new Date(Date.now() + 30 * DAY);
    const later = await createGame(
      handle.db,
      game("Starling Post", { visibility: "scheduled", announceAt: announceAt.toISOString() }),
    );
    await post({ title: "Tides", games: [tidewright.id], kind: "patch-notes", version: "1.1" });
    await post({ title: "Orchard devlog", games: [orchard.id], kind: "devlog" });
    await post({ title: "Studio news" });

    const tab = (await adminLoader(context, "/admin/news", developer.cookie)) as NewsTabData;
    expect(tab.games).toEqual([
      {
        id: tidewright.id,
        title: "Tidewright",
        slug: tidewright.slug,
        visibility: "public",
        announceAt: null,
      },
      {
        id: orchard.id,
        title: "Hollow Orchard",
        slug: orchard.slug,
        visibility: "draft",
        announceAt: null,
      },
      {
        id: later.id,
        title: "Starling Post",
        slug: later.slug,
        visibility: "scheduled",
        announceAt: announceAt.toISOString(),
      },
    ]);
    expect(
      tab.page.items.map((item) => [item.title, item.kind, item.games.map((g) => g.title)]),
    ).toEqual([
      ["Studio news", "news", []],
      ["Orchard devlog", "devlog", ["Hollow Orchard"]],
      ["Tides", "patch-notes", ["Tidewright"]],
    ]);

    const titles = async (query: string) =>
      (
        (await adminLoader(context, `/admin/news?${query}`, developer.cookie)) as NewsTabData
      ).page.items.map((item) => item.title);
    expect(await titles("nkind=devlog")).toEqual(["Orchard devlog"]);
    expect(await titles(`ngame=${tidewright.slug}`)).toEqual(["Tides"]);
    expect(await titles(`ngame=${orchard.slug}&nkind=patch-notes`)).toEqual([]);
    // What cannot be a filter is left out: the whole list, and the filter shown as none.
    const odd = (await adminLoader(
      context,
      "/admin/news?nkind=<script>&ngame=%3Cb%3E",
      developer.cookie,
    )) as NewsTabData;
    expect(odd.page.items).toHaveLength(3);
    expect(odd.filter).toEqual({ kind: null, game: null });
  });

  it("shows the mail of a post with lists as waiting until the post is public", async () => {
    await post({
      title: "Draft",
      state: "draft",
      games: [tidewright.id],
      mailLists: ["studio", tidewright.id],
    });
    await post({ title: "No mail", state: "draft", mailLists: [] });
    const tab = (await adminLoader(context, "/admin/news", developer.cookie)) as NewsTabData;
    const id = (title: string) => tab.page.items.find((item) => item.title === title)!.id;
    expect(tab.mailing.sends[id("Draft")]).toMatchObject({
      state: "pending",
      lists: ["studio", tidewright.id],
    });
    expect(tab.mailing.sends[id("No mail")]).toBeUndefined();
  });
});
