import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { news, newsletterSends, subscribers, subscriptions } from "../../app/db/schema";
import { MAIL_LISTS_LOCKED } from "../../app/news/index.server";
import { resolveLists } from "../../app/newsletter/index.server";
import { newsletterQueues } from "../../app/newsletter/queues.server";
import { NEWSLETTER_DELIVER, NEWSLETTER_SEND } from "../../app/newsletter/send.server";
import { sendProgress } from "../../app/newsletter/send-lists.server";
import { clockNow, setClockOffset } from "../../app/platform/clock/clock.server";
import { createJobs, type Jobs } from "../../app/platform/jobs/jobs.server";
import { createLogger } from "../../app/platform/logging/logger.server";
import type { Mail, Mailer } from "../../app/platform/mail/mailer.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { signedInAs } from "../support/accounts";
import { apiCaller } from "../support/api-call";
import { testEngines } from "../support/database";
import { queryRows } from "../support/explain";
import { openForSuite } from "../support/suite";
import { passInProcess } from "../support/test-clock";

// One publication path (docs/product.md#newsletter-sending), on both engines: a post's mail lists
// live on the post, whoever wrote it (here the API), and the newsletter's queue makes the send when
// the post is listed: at its scheduled time, or when its game is announced. Each subscriber gets
// it once, whatever lists they are on; the lists are fixed once the mail has started.

const HOUR = 3_600_000;
const GAME = {
  description: "A game.",
  imageUrl: "https://img.example/g.png",
  status: "Released",
  url: "https://play.example/g",
};

describe.each(testEngines())("publishing a post about a game by mail on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let call: ReturnType<typeof apiCaller>;
  let admin: string;
  let owner: string;
  let jobs: Jobs;
  let sent: Mail[];
  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    call = apiCaller(context);
    admin = (await signedInAs(context, "admin")).cookie;
    owner = (await signedInAs(context, "owner")).cookie;
  });

  beforeEach(async () => {
    await handle.db.execute(
      sql`truncate news, games, subscribers, subscriber_lists, subscriptions, newsletter_sends cascade`,
    );
    await handle.db.execute(sql`delete from pgboss.job where name like 'newsletter.%'`);
    sent = [];
    const mailer: Mailer = {
      describe: "test",
      identity: async () => ({
        studioName: "Moth",
        fromName: "Moth",
        fromAddress: "post@moth.test",
      }),
      async send(mail) {
        sent.push(mail);
      },
    };
    const { env, logger } = context.get(runtimeContext);
    jobs = createJobs(handle, createLogger("silent"));
    await jobs.start(
      newsletterQueues({
        db: handle.db,
        env: { ...env, NEWSLETTER_RATE: 1000 },
        jobs,
        logger,
        mailer,
      }),
      { work: false },
    );
  });
  afterEach(async () => {
    await jobs.stop();
    setClockOffset(0);
  });

  async function game(title: string, visibility = "public") {
    const made = await call("POST", "games", {
      cookie: owner,
      body: { ...GAME, title, visibility },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: string; slug: string };
  }

  /** Confirmed subscribers of these lists ("studio" or game ids), one address each. */
  async function subscribed(name: string, lists: string[], confirmed = true) {
    const [row] = await handle.db
      .insert(subscribers)
      .values({ email: `${name}@example.com`, confirmedAt: confirmed ? new Date() : null })
      .returning();
    const ids = await resolveLists(handle.db, lists);
    await handle.db
      .insert(subscriptions)
      .values(ids.map((listId) => ({ subscriberId: row!.id, listId })));
    return row!.email;
  }

  /** What the queue does now: the jobs that are due (nudges, the sweep if sent) and deliveries. */
  async function drainAll() {
    await jobs.drain(NEWSLETTER_SEND);
    while ((await jobs.drain(NEWSLETTER_DELIVER)) > 0);
  }
  /** The minute's sweep, then whatever it queued. */
  async function sweepNow() {
    await jobs.send(NEWSLETTER_SEND, {});
    await drainAll();
  }
  const recipients = () => sent.map((mail) => mail.to).sort();

  it("mails a scheduled post written through the API once to each confirmed subscriber of its lists, at its time", async () => {
    const keeper = await game("Lantern Keeper");
    const other = await game("Hollow Orchard");
    const studioOnly = await subscribed("studio-only", ["studio"]);
    const gameOnly = await subscribed("game-only", [keeper.id]);
    const both = await subscribed("both", ["studio", keeper.id]);
    await subscribed("unconfirmed", [keeper.id], false);
    await subscribed("other-game", [other.id]);

    const at = new Date(clockNow().getTime() + HOUR);
    const created = await call("POST", "news", {
      cookie: admin,
      body: {
        title: "Lantern Keeper 1.2",
        content: "The Night Market is open.",
        games: [keeper.slug],
        kind: "patch-notes",
        version: "1.2.0",
        state: "scheduled",
        publishAt: at.toISOString(),
        mailLists: ["studio", keeper.slug],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.mailLists).toEqual(["studio", keeper.id]);
    // The write's nudges: one now, one waiting for the publication time.
    const nudges = await queryRows<{ due: boolean }>(
      handle.db,
      sql`select start_after <= now() as due from pgboss.job
          where name = ${NEWSLETTER_SEND} and data->>'id' = ${created.body.id} order by start_after`,
    );
    expect(nudges).toEqual([{ due: true }, { due: false }]);

    // Before its time: nothing made, nothing sent, even by the minute's sweep.
    await sweepNow();
    expect(sent).toEqual([]);
    expect(await handle.db.select().from(newsletterSends)).toEqual([]);

    // Its time comes: the write's nudge at the publication time makes the send, no sweep needed.
    await passInProcess(handle.db, HOUR + 1000);
    await drainAll();
    expect(recipients()).toEqual([both, gameOnly, studioOnly].sort());
    expect(sent.every((mail) => mail.subject === "Lantern Keeper 1.2")).toBe(true);
    // Named by the first chosen list each is on.
    const listIds = Object.fromEntries(sent.map((mail) => [mail.to, mail.headers?.["List-Id"]]));
    expect(listIds[both]).toBe(listIds[studioOnly]);
    expect(listIds[gameOnly]).not.toBe(listIds[studioOnly]);

    // Later sweeps and nudges send nothing more.
    await sweepNow();
    await sweepNow();
    expect(sent).toHaveLength(3);
    expect(await sendProgress(handle.db, [created.body.id])).toEqual({
      [created.body.id]: {
        state: "done",
        lists: ["studio", keeper.id],
        queued: 0,
        sent: 3,
        failed: 0,
        skipped: 0,
      },
    });
  });

  it("keeps a post about a hidden game unmailed until the game is announced; then the minute's sweep mails it", async () => {
    const secret = await game("Starling Post", "draft");
    const reader = await subscribed("reader", ["studio"]);
    const created = await call("POST", "news", {
      cookie: admin,
      body: {
        title: "Starling Post revealed",
        content: "Letters by glider.",
        games: [secret.id],
        kind: "launch",
        mailLists: ["studio", secret.slug],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.state).toBe("published");
    await drainAll();
    await sweepNow();
    expect(sent).toEqual([]);
    expect(await handle.db.select().from(newsletterSends)).toEqual([]);

    // Announced at a time: still hidden until then.
    const announceAt = new Date(clockNow().getTime() + 2 * HOUR);
    const scheduled = await call("PUT", `games/${secret.id}`, {
      cookie: owner,
      body: {
        ...GAME,
        title: "Starling Post",
        visibility: "scheduled",
        announceAt: announceAt.toISOString(),
      },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    await sweepNow();
    expect(sent).toEqual([]);

    // The game's time comes: no write nudges the post, the minute's sweep finds it listed.
    await passInProcess(handle.db, 2 * HOUR + 1000);
    await sweepNow();
    expect(recipients()).toEqual([reader]);
    // The game's own list is mailed too now that guests can join it: nobody is on it yet.
    const [send] = await handle.db.select().from(newsletterSends);
    expect(send!.lists).toEqual(await resolveLists(handle.db, ["studio", secret.id]));
    await sweepNow();
    expect(sent).toHaveLength(1);
  });

  it("refuses changing the lists through the API once the mail started (409), and takes the same lists", async () => {
    const keeper = await game("Lantern Keeper");
    await subscribed("reader", ["studio"]);
    const created = await call("POST", "news", {
      cookie: admin,
      body: { title: "Out now", content: "Play it.", games: [keeper.id], mailLists: ["studio"] },
    });
    const id = created.body.id as string;
    await drainAll();
    expect(sent).toHaveLength(1);

    const put = (body: Record<string, unknown>) =>
      call("PUT", `news/${id}`, {
        cookie: admin,
        body: { content: "Play it.", games: [keeper.id], ...body },
      });
    for (const lists of [["studio", keeper.slug], [keeper.id], []]) {
      const refused = await put({ title: "Renamed", mailLists: lists });
      expect(refused.status, JSON.stringify(lists)).toBe(409);
      expect(refused.body.error).toEqual({
        code: "conflict",
        message: MAIL_LISTS_LOCKED,
        fields: { mailLists: MAIL_LISTS_LOCKED },
      });
    }
    const [unchanged] = await handle.db.select().from(news).where(eq(news.id, id));
    expect(unchanged).toMatchObject({ title: "Out now", mailLists: ["studio"] });

    // The same lists, or none said (kept), are no change.
    expect((await put({ title: "Out now!", mailLists: ["studio"] })).status).toBe(200);
    const kept = await put({ title: "Out now!!" });
    expect(kept.status).toBe(200);
    expect(kept.body.mailLists).toEqual(["studio"]);
    await sweepNow();
    expect(sent).toHaveLength(1);
  });
});
