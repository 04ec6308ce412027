import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  announcementQueues,
  SYNC_QUEUE,
  saveHook,
  sweep,
} from "../../app/announcements/index.server";
import type { AnnouncementDeps } from "../../app/announcements/sync.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games } from "../../app/db/schema";
import { createGame } from "../../app/games/index.server";
import { addNews, deleteNews, updateNews } from "../../app/news/index.server";
import type { NewsInput } from "../../app/news/news-schema";
import { clockNow, setClockOffset } from "../../app/platform/clock/clock.server";
import { createJobs, type Jobs } from "../../app/platform/jobs/jobs.server";
import { createLogger } from "../../app/platform/logging/logger.server";
import type { AppContext } from "../../app/platform/server/context.server";
import { signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";
import { passInProcess } from "../support/test-clock";
import { standIn } from "../support/webhook-stand-in";

// Announcements of posts about games (docs/product.md#announcements), on both engines, against the
// local stand-in: a game's hooks announce the posts about their game, once, the studio's hooks
// every post; edits and unpublishing reach every message of the post; a post about a hidden game
// waits for the game's announcement, which the minute's sweep picks up; and a receiver is told
// what the post is about.

const SECRET = "test-secret-test-secret-test-secret-1234";
const DAY = 24 * 3_600_000;
/** A Discord hook's URL; its id tells the stand-in's calls apart. */
const discord = (id: string) =>
  `https://discord.com/api/webhooks/${id}/AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789`;
const HOOK_IDS = {
  studio: "100000000000000001",
  keeper: "100000000000000002",
  orchard: "100000000000000003",
};

describe.each(testEngines())("announcements of posts about games on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  const remote = standIn();
  let origin = "";
  let jobs: Jobs;
  let deps: AnnouncementDeps;
  let staff: { actor: { id: string; email: string }; studio: { timeZone: string; jobs: Jobs } };
  const logger = createLogger("silent");
  /** How many of the stand-in's calls `calls()` has reported. */
  let looked = 0;

  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });
  beforeAll(async () => {
    origin = await remote.listen();
  });
  afterAll(() => remote.close());
  beforeEach(async () => {
    await handle.db.execute(
      sql`truncate announcement_deliveries, announcement_messages, announcement_hooks, news, games cascade`,
    );
    await handle.db.execute(sql`delete from pgboss.job where name = ${SYNC_QUEUE}`);
    remote.seen.length = 0;
    remote.messages.clear();
    looked = 0;
    jobs = createJobs(handle, logger);
    deps = {
      db: handle.db,
      env: { SITE_URL: "https://studio.example", AUTH_SECRET: SECRET, WEBHOOK_TEST_ORIGIN: origin },
      logger,
      jobs,
      retryDelayMs: () => 0,
    };
    await jobs.start(announcementQueues(deps) as never, { work: false });
    const admin = await signedInAs(context, "admin");
    staff = { actor: { id: admin.id, email: admin.email }, studio: { timeZone: "UTC", jobs } };
  });
  afterEach(async () => {
    await jobs.stop();
    setClockOffset(0);
  });

  async function game(title: string, visibility: "public" | "draft" = "public") {
    return createGame(handle.db, {
      title,
      description: "A game.",
      imageUrl: "https://img.example/g.png",
      status: "Released",
      url: "https://play.example/g",
      visibility,
    });
  }
  const hook = (scope: string, id: string, kind: "discord" | "webhook" = "discord") =>
    saveHook(
      handle.db,
      { AUTH_SECRET: SECRET },
      {
        hookId: "",
        kind,
        scope,
        label: `Hook ${id}`,
        url: kind === "discord" ? discord(id) : `https://hooks.example.com/${id}`,
        roleId: "",
        threadName: "",
      },
    );
  const input = (fields: Partial<NewsInput>): NewsInput => ({
    title: "A post",
    content: "Words.",
    state: "published",
    games: [],
    kind: "news",
    tags: [],
    ...fields,
  });
  const write = (fields: Partial<NewsInput>) =>
    addNews(handle.db, input(fields), staff.actor, staff.studio);
  const rewrite = (id: string, fields: Partial<NewsInput>) =>
    updateNews(handle.db, id, input(fields), staff.actor, staff.studio);
  /** The calls made since the last look, as "METHOD hook", sorted. */
  const calls = () => {
    const made = remote.seen.slice(looked).map((call) => {
      const id = /\/api\/webhooks\/(\d+)\//.exec(call.path)?.[1] ?? call.path;
      const hookName = Object.entries(HOOK_IDS).find(([, value]) => value === id)?.[0] ?? id;
      return `${call.method} ${hookName}`;
    });
    looked = remote.seen.length;
    return made.sort();
  };
  it("a game's hook announces the posts about its game, once; the studio's hook every post", async () => {
    const [keeper, orchard] = [await game("Lantern Keeper"), await game("Hollow Orchard")];
    await hook("studio", HOOK_IDS.studio);
    await hook(keeper.id, HOOK_IDS.keeper);
    await hook(orchard.id, HOOK_IDS.orchard);

    await write({ title: "Keeper news", games: [keeper.id] });
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual(["POST keeper", "POST studio"]);

    await write({ title: "Studio news" });
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual(["POST studio"]);

    await write({ title: "Both games", games: [orchard.id, keeper.id] });
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual(["POST keeper", "POST orchard", "POST studio"]);

    // Nudged and swept again with nothing changed: nothing more.
    await sweep(deps);
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual([]);
  });

  it("editing a post about a game edits both its messages, unpublishing deletes both; moved to another game, it moves", async () => {
    const [keeper, orchard] = [await game("Lantern Keeper"), await game("Hollow Orchard")];
    await hook("studio", HOOK_IDS.studio);
    await hook(keeper.id, HOOK_IDS.keeper);
    await hook(orchard.id, HOOK_IDS.orchard);
    const item = await write({ title: "Patch 1.1", games: [keeper.id] });
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual(["POST keeper", "POST studio"]);

    await rewrite(item.id, { title: "Patch 1.1 (fixed)", games: [keeper.id] });
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual(["PATCH keeper", "PATCH studio"]);

    // Now about the other game: gone from the first game's channel, posted in the other's.
    await rewrite(item.id, { title: "Patch 1.1 (fixed)", games: [orchard.id] });
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual(["DELETE keeper", "PATCH studio", "POST orchard"]);

    await rewrite(item.id, { title: "Patch 1.1 (fixed)", games: [orchard.id], state: "draft" });
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual(["DELETE orchard", "DELETE studio"]);
    expect(remote.messages.size).toBe(0);

    // Published again, then deleted: both messages go with it.
    await rewrite(item.id, { title: "Patch 1.1 (fixed)", games: [orchard.id] });
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual(["POST orchard", "POST studio"]);
    await deleteNews(handle.db, item.id, staff.actor, staff.studio);
    await jobs.drain(SYNC_QUEUE);
    expect(calls()).toEqual(["DELETE orchard", "DELETE studio"]);
    expect(remote.messages.size).toBe(0);
  });

  it("a post about a hidden game is announced once the game is announced, days later, by the minute's sweep, and taken down when it is hidden again", async () => {
    const secret = await game("Starling Post", "draft");
    await hook("studio", HOOK_IDS.studio);
    await hook(secret.id, HOOK_IDS.keeper);
    await write({ title: "Starling Post revealed", games: [secret.id], kind: "launch" });
    await jobs.drain(SYNC_QUEUE);
    await sweep(deps);
    expect(calls()).toEqual([]);

    // Three days on, the game is announced at a time; its post was published long before.
    await passInProcess(handle.db, 3 * DAY);
    const announceAt = new Date(clockNow().getTime() + 3_600_000);
    await handle.db.update(games).set({ visibility: "public", announceAt, updatedAt: clockNow() });
    await sweep(deps);
    expect(calls()).toEqual([]);
    await passInProcess(handle.db, 3_600_000 + 1000);
    await sweep(deps);
    expect(calls()).toEqual(["POST keeper", "POST studio"]);
    await sweep(deps);
    expect(calls()).toEqual([]);

    // Hidden again: the sweep takes its messages down.
    await handle.db.update(games).set({ visibility: "draft", updatedAt: clockNow() });
    await sweep(deps);
    expect(calls()).toEqual(["DELETE keeper", "DELETE studio"]);
  });

  it("tells a receiver what the post is about: its games, kind, version and tags", async () => {
    const keeper = await game("Lantern Keeper");
    await hook(keeper.id, "receiver", "webhook");
    await hook("studio", HOOK_IDS.studio);
    const item = await write({
      title: "Lantern Keeper 1.2",
      games: [keeper.id],
      kind: "patch-notes",
      version: "1.2.0",
      tags: ["night-market", "accessibility"],
    });
    await jobs.drain(SYNC_QUEUE);
    const received = remote.seen.find((call) => call.path === "/receiver")!;
    expect(JSON.parse(received.body)).toMatchObject({
      event: "post.published",
      post: {
        id: item.id,
        games: [
          {
            id: keeper.id,
            slug: keeper.slug,
            title: "Lantern Keeper",
            url: `https://studio.example/games/${keeper.slug}`,
          },
        ],
        kind: "patch-notes",
        version: "1.2.0",
        tags: ["night-market", "accessibility"],
      },
    });
    // Discord's message names the game and the kind above the title.
    const posted = remote.seen.find((call) => call.path.includes(HOOK_IDS.studio))!;
    expect(JSON.parse(posted.body).embeds[0].author).toEqual({
      name: "Lantern Keeper · Patch notes 1.2.0",
    });

    // A change of tags alone is a change of what the message says: post.updated.
    await rewrite(item.id, {
      title: "Lantern Keeper 1.2",
      games: [keeper.id],
      kind: "patch-notes",
      version: "1.2.0",
      tags: ["night-market"],
    });
    await jobs.drain(SYNC_QUEUE);
    const updated = remote.seen
      .filter((call) => call.path === "/receiver")
      .map((c) => JSON.parse(c.body));
    expect(updated.map((body) => [body.event, body.post.tags])).toEqual([
      ["post.published", ["night-market", "accessibility"]],
      ["post.updated", ["night-market"]],
    ]);
  });
});
