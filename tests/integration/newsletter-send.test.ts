import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import {
  news,
  newsletterDeliveries,
  newsletterSends,
  siteSettings,
  subscribers,
  subscriptions,
} from "../../app/db/schema";
import { MAIL_LISTS_LOCKED } from "../../app/news/index.server";
import { deliverBatch } from "../../app/newsletter/deliver.server";
import { resolveLists } from "../../app/newsletter/index.server";
import { newsletterQueues } from "../../app/newsletter/queues.server";
import {
  HARD_BOUNCE_LIMIT,
  NEWSLETTER_DELIVER,
  NEWSLETTER_SEND,
  UNSUBSCRIBED_SINCE,
} from "../../app/newsletter/send.server";
import { sendProgress } from "../../app/newsletter/send-lists.server";
import { createJobs, type Jobs } from "../../app/platform/jobs/jobs.server";
import { createLogger } from "../../app/platform/logging/logger.server";
import type { Mail, Mailer } from "../../app/platform/mail/mailer.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as mailPreview from "../../app/routes/news-mail-preview";
import { request, signedInAs } from "../support/accounts";
import { postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { mailsIn } from "../support/outbox";
import { openForSuite } from "../support/suite";

// Sending a post (docs/product.md#newsletter-sending) on both engines: lists chosen in the news
// form, deliveries made once the post is public, each mailed once with its own Message-ID,
// temporary refusals retried, permanent ones not, and what changed since the send began.

type FakeMailer = Mailer & { sent: Mail[]; refuse: Map<string, number[]> };

/** A mailer that keeps what it sends and answers the SMTP codes queued for an address. */
function fakeMailer(): FakeMailer {
  const sent: Mail[] = [];
  const refuse = new Map<string, number[]>();
  return {
    sent,
    refuse,
    describe: "test",
    identity: async () => ({ studioName: "Moth", fromName: "Moth", fromAddress: "post@moth.test" }),
    async send(mail) {
      const code = refuse.get(mail.to)?.shift();
      if (code) throw Object.assign(new Error(`${code} refused`), { responseCode: code });
      sent.push(mail);
    },
  };
}

describe.each(testEngines())("newsletter sending on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let staff: { id: string; email: string; cookie: string };
  let moderator: { cookie: string };
  let mailer: FakeMailer;
  let jobs: Jobs;
  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    staff = await signedInAs(context, "admin");
    moderator = await signedInAs(context, "moderator");
  });

  beforeEach(async () => {
    await jobs?.stop();
    await handle.db.execute(
      sql`truncate news, subscribers, subscriber_lists, subscriptions, newsletter_sends cascade`,
    );
    await handle.db.execute(sql`delete from pgboss.job where name like 'newsletter.%'`);
    mailer = fakeMailer();
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

  /** Confirmed subscribers of the studio's list (and unconfirmed or unsubscribed ones). */
  async function people(count: number, extra: Partial<typeof subscribers.$inferInsert> = {}) {
    const [studio] = await resolveLists(handle.db, ["studio"]);
    const rows = await handle.db
      .insert(subscribers)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `p${i}-${Math.random().toString(36).slice(2, 8)}@example.com`,
          confirmedAt: new Date(),
          ...extra,
        })),
      )
      .returning();
    await handle.db
      .insert(subscriptions)
      .values(rows.map((row) => ({ subscriberId: row.id, listId: studio! })));
    return rows;
  }

  const post = (form: Record<string, string>, cookie = staff.cookie) =>
    postAdmin(
      context,
      { intent: "news-create", title: "Patch 1", content: "Hello **all**", ...form },
      cookie,
    );

  async function published(id: string) {
    await handle.db.execute(
      sql`update news set published_at = now() - interval '1 second' where id = ${id}`,
    );
  }

  /** Runs the sweep and every delivery job until none is left. */
  async function runAll() {
    await jobs.send(NEWSLETTER_SEND, {});
    await jobs.drain(NEWSLETTER_SEND);
    for (;;) {
      const ran = await jobs.drain(NEWSLETTER_DELIVER).catch(() => 1);
      if (ran === 0) return;
    }
  }

  it("records the lists with the post, and mails each confirmed subscriber once when it is public", async () => {
    const confirmed = await people(5);
    await people(2, { confirmedAt: null });
    await people(1, { unsubscribedAt: new Date() });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const saved = await post({ mailLists: "studio", state: "scheduled", publishAt: at });
    expect(saved.status).toBe(200);
    const [item] = await handle.db.select().from(news);
    // The lists are the post's; its send is made by the queue once the post is public.
    expect(item!.mailLists).toEqual(["studio"]);
    expect(await handle.db.select().from(newsletterSends)).toEqual([]);

    // Scheduled: nothing goes out before its time.
    await runAll();
    expect(mailer.sent).toHaveLength(0);

    await published(item!.id);
    await runAll();
    await runAll();
    const to = mailer.sent.map((mail) => mail.to).sort();
    expect(to).toEqual(confirmed.map((row) => row.email).sort());
    const ids = new Set(mailer.sent.map((mail) => mail.headers?.["Message-ID"]));
    expect(ids.size).toBe(5);
    const mail = mailer.sent[0]!;
    expect(mail.subject).toBe("Patch 1");
    expect(mail.html).toContain("<strong");
    expect(mail.text).toContain("Hello all");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers?.["List-Id"]).toBe("<studio.localhost>");
    expect(await sendProgress(handle.db, [item!.id])).toEqual({
      [item!.id]: { state: "done", lists: ["studio"], queued: 0, sent: 5, failed: 0, skipped: 0 },
    });
  });

  // Issue 36: the mails' footer had no postal address although the settings knew the location.
  it("shows the studio's postal address from the settings at the foot of every mail", async () => {
    await handle.db
      .insert(siteSettings)
      .values({ id: 1, values: { name: "Moth", postalAddress: "Moth GmbH\nHafenstraße 1" } });
    try {
      await people(2);
      await post({ mailLists: "studio", state: "published" });
      await runAll();
      expect(mailer.sent).toHaveLength(2);
      for (const mail of mailer.sent) {
        expect(mail.text!.split("\n").slice(-2)).toEqual(["Moth GmbH", "Hafenstraße 1"]);
        expect(mail.html).toContain("Moth GmbH<br>Hafenstraße 1");
      }
    } finally {
      await handle.db.delete(siteSettings);
    }
  });

  it("retries a temporary refusal, stops at a permanent one, and skips who unsubscribed since", async () => {
    const [later, gone, bouncing, left] = await people(4);
    mailer.refuse.set(later!.email, [451]);
    mailer.refuse.set(gone!.email, [550]);
    await post({ mailLists: "studio" });
    await jobs.send(NEWSLETTER_SEND, {});
    await jobs.drain(NEWSLETTER_SEND);
    const [send] = await handle.db.select().from(newsletterSends);
    // The subscriber leaves after the send began, before their delivery is taken.
    await handle.db.delete(subscriptions).where(eq(subscriptions.subscriberId, left!.id));
    await handle.db
      .update(subscribers)
      .set({ hardBounces: HARD_BOUNCE_LIMIT - 1 })
      .where(eq(subscribers.id, bouncing!.id));
    mailer.refuse.set(bouncing!.email, [550]);
    await expect(jobs.drain(NEWSLETTER_DELIVER)).rejects.toThrow(/refused for now/);

    const state = async () =>
      Object.fromEntries(
        (await handle.db.select().from(newsletterDeliveries)).map((row) => [row.subscriberId, row]),
      );
    let rows = await state();
    expect(rows[later!.id]).toMatchObject({ state: "queued", attempts: 1 });
    expect(rows[gone!.id]).toMatchObject({ state: "failed", attempts: 1 });
    expect(rows[gone!.id]!.lastError).toMatch(/550/);
    expect(rows[left!.id]).toMatchObject({ state: "skipped", lastError: UNSUBSCRIBED_SINCE });
    // A third permanent refusal in a row marks the address bouncing: no more mail.
    const [marked] = await handle.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, bouncing!.id));
    expect(marked!.bouncingAt).not.toBeNull();

    // Its backoff over, the temporary one is taken again (the job's retry) and delivered.
    await handle.db.execute(
      sql`update newsletter_deliveries set not_before = now() where state = 'queued'`,
    );
    await handle.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${NEWSLETTER_DELIVER} and state = 'retry'`,
    );
    await runAll();
    rows = await state();
    expect(rows[later!.id]).toMatchObject({ state: "sent", attempts: 2 });
    expect(rows[gone!.id]).toMatchObject({ state: "failed", attempts: 1 });
    expect(mailer.sent.filter((mail) => mail.to === later!.email)).toHaveLength(1);
    expect(mailer.sent.filter((mail) => mail.to === gone!.email)).toHaveLength(0);
    const [done] = await handle.db
      .select()
      .from(newsletterSends)
      .where(eq(newsletterSends.id, send!.id));
    expect(done!.state).toBe("done");
  });

  it("leaves a delivery held by a live lease alone, and takes it again with the same Message-ID once the lease has passed", async () => {
    const [held, free] = await people(2);
    await post({ mailLists: "studio" });
    await jobs.send(NEWSLETTER_SEND, {});
    await jobs.drain(NEWSLETTER_SEND);
    const [send] = await handle.db.select().from(newsletterSends);
    const rows = await handle.db.select().from(newsletterDeliveries);
    const row = rows.find((r) => r.subscriberId === held!.id)!;
    // Claimed by another process that is still at work: "sending", its lease a minute ahead.
    const lease = new Date(Date.now() + 60_000);
    await handle.db
      .update(newsletterDeliveries)
      .set({ state: "sending", leaseUntil: lease })
      .where(eq(newsletterDeliveries.id, row.id));
    await runAll();
    // The send is still open (one delivery held), so a job did run, and took only the free one.
    expect(mailer.sent.map((mail) => mail.to)).toEqual([free!.email]);
    const [still] = await handle.db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.id, row.id));
    expect(still).toMatchObject({ state: "sending", attempts: 0 });
    expect(still!.leaseUntil!.getTime()).toBe(lease.getTime());
    const [open] = await handle.db
      .select()
      .from(newsletterSends)
      .where(eq(newsletterSends.id, send!.id));
    expect(open!.state).toBe("sending");

    // The process died: once its lease has passed, the delivery is taken again, same Message-ID.
    await handle.db
      .update(newsletterDeliveries)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(newsletterDeliveries.id, row.id));
    await runAll();
    expect(mailer.sent.map((mail) => mail.to)).toEqual([free!.email, held!.email]);
    expect(mailer.sent[1]!.headers?.["Message-ID"]).toBe(row.messageId);
    const [done] = await handle.db
      .select()
      .from(newsletterSends)
      .where(eq(newsletterSends.id, send!.id));
    expect(done!.state).toBe("done");
  });

  it("fails a delivery at its fifth temporary refusal, after backoffs of 10, 20, 40 and 80 s", async () => {
    const [one] = await people(1);
    // More refusals than the cap: a delivery retried past it would take a sixth.
    mailer.refuse.set(one!.email, [451, 451, 451, 451, 451, 451, 451]);
    await post({ mailLists: "studio" });
    await jobs.send(NEWSLETTER_SEND, {});
    await jobs.drain(NEWSLETTER_SEND);
    const [send] = await handle.db.select().from(newsletterSends);
    const deps = {
      db: handle.db,
      mailer,
      keys: { secret: context.get(runtimeContext).env.AUTH_SECRET, siteUrl: "https://moth.test" },
      logger: createLogger("silent"),
      jobs,
      pace: async () => {},
      leaseSeconds: 30,
    };
    const delivery = async () => {
      const [row] = await handle.db
        .select({
          state: newsletterDeliveries.state,
          attempts: newsletterDeliveries.attempts,
          backoff: sql<number | null>`extract(epoch from not_before - updated_at)::int`,
        })
        .from(newsletterDeliveries);
      return row;
    };
    for (const [attempt, backoff] of [
      [1, 10],
      [2, 20],
      [3, 40],
      [4, 80],
    ]) {
      expect(await deliverBatch(deps, send!.id)).toMatchObject({ claimed: 1, temporary: 1 });
      expect(await delivery()).toEqual({ state: "queued", attempts: attempt, backoff });
      // Its backoff over.
      await handle.db.execute(sql`update newsletter_deliveries set not_before = now()`);
    }
    expect(await deliverBatch(deps, send!.id)).toMatchObject({
      claimed: 1,
      temporary: 0,
      failed: 1,
    });
    expect(await delivery()).toMatchObject({ state: "failed", attempts: 5 });
    // Nothing left to take: no sixth attempt, and the send is done.
    expect(await deliverBatch(deps, send!.id)).toMatchObject({ claimed: 0 });
    expect(mailer.refuse.get(one!.email)).toHaveLength(2);
    expect(mailer.sent).toHaveLength(0);
    const [done] = await handle.db
      .select()
      .from(newsletterSends)
      .where(eq(newsletterSends.id, send!.id));
    expect(done!.state).toBe("done");
  });

  it("fixes the lists once the send started, refuses hostile lists and the wrong role", async () => {
    await people(1);
    const before = await handle.db.select().from(news);
    for (const hostile of [
      "javascript:alert(1)",
      "../studio",
      "studio\u0000",
      "00000000-0000-4000-8000-000000000000",
    ]) {
      const refused = await post({ mailLists: hostile });
      expect(refused.status, hostile).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(/Choose lists from those shown/);
    }
    expect(await handle.db.select().from(news)).toEqual(before);
    expect(await handle.db.select().from(newsletterSends)).toEqual([]);
    expect((await post({ mailLists: "studio" }, moderator.cookie)).status).toBe(403);
    expect(await handle.db.select().from(newsletterSends)).toEqual([]);

    await post({ mailLists: "studio", state: "draft" });
    const [item] = await handle.db.select().from(news);
    // A draft's choice can change, or be withdrawn.
    const update = (form: Record<string, string>) =>
      postAdmin(
        context,
        { intent: "news-update", id: item!.id, title: "Patch 1", content: "Hi", ...form },
        staff.cookie,
      );
    expect((await update({ state: "draft" })).status).toBe(200);
    expect(await handle.db.select().from(newsletterSends)).toEqual([]);
    expect((await update({ state: "published", mailLists: "studio" })).status).toBe(200);
    await runAll();
    expect(mailer.sent).toHaveLength(1);
    // Started: the same lists are accepted, others refused with the reason, nothing changed.
    expect((await update({ state: "published", mailLists: "studio" })).status).toBe(200);
    const changed = await update({ state: "published", title: "Renamed" });
    expect(changed.status).toBe(409);
    expect(JSON.stringify(changed.body)).toContain(MAIL_LISTS_LOCKED);
    const [after] = await handle.db.select().from(news);
    expect(after!.title).toBe("Patch 1");
  });

  it("mails a test of the post to the staff member only, marked [Test]", async () => {
    await people(3);
    await post({ state: "draft", content: "A [link](/games)" });
    const [item] = await handle.db.select().from(news);
    expect(
      (await postAdmin(context, { intent: "news-mail-test", id: item!.id }, moderator.cookie))
        .status,
    ).toBe(403);
    expect(
      (await postAdmin(context, { intent: "news-mail-test", id: item!.id }, staff.cookie)).status,
    ).toBe(200);
    const outbox = path.join(context.get(runtimeContext).env.DATA_DIR, "outbox");
    const [mail] = mailsIn(outbox, staff.email);
    expect(mail!.subject).toBe("[Test] Patch 1");
    expect(mail!.html).toContain('href="http://localhost:3000/games"');
    expect(mail!.text).toContain("link (http://localhost:3000/games)");
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mailer.sent).toHaveLength(0);

    // The preview: the same mail's HTML for staff, under a policy without script; others refused.
    const preview = (cookie?: string) =>
      mailPreview.loader({
        request: request(`/admin/news-mail-preview?id=${item!.id}`, { cookie }),
        context,
        params: {},
      } as never);
    expect((await preview(moderator.cookie)).status).toBe(403);
    expect((await preview()).status).toBe(401);
    const shown = await preview(staff.cookie);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Content-Security-Policy")).toMatch(
      /^default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'/,
    );
    const html = await shown.text();
    expect(html).toContain("Patch 1");
    expect(html).not.toMatch(/<script/i);
  });
});
