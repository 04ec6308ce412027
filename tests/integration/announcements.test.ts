import fs from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  announcementQueues,
  SYNC_QUEUE,
  saveHook,
  sweep,
  syncPost,
} from "../../app/announcements/index.server";
import type { AnnouncementDeps } from "../../app/announcements/sync.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import {
  announcementDeliveries,
  announcementHooks,
  announcementMessages,
} from "../../app/db/schema";
import { addNews, deleteNews, updateNews } from "../../app/news/index.server";
import { setClockOffset } from "../../app/platform/clock/clock.server";
import { createJobs, type Jobs } from "../../app/platform/jobs/jobs.server";
import { createLogger } from "../../app/platform/logging/logger.server";
import type { AppContext } from "../../app/platform/server/context.server";
import { signedInAs } from "../support/accounts";
import { openAdmin, postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { testContext } from "../support/runtime";
import { openForSuite } from "../support/suite";
import { standIn } from "../support/webhook-stand-in";

// Announcements on both engines (docs/product.md#announcements), against a local stand-in that
// plays Discord (/api/webhooks/…) and a generic receiver (/receiver): a scheduled post goes out at
// its time once with two queue workers racing, edits and unpublishing follow, failures are
// retried and logged, the documented signature recipe verifies, and the tab refuses a moderator.

const DISCORD_URL =
  "https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789";
const RECEIVER_URL = "https://hooks.example.com/receiver";
const SECRET = "test-secret-test-secret-test-secret-1234";

/** The verification function exactly as docs/api.md prints it. */
function documentedVerifier(): (raw: string, headers: object, secret: string) => boolean {
  const doc = fs.readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
  const code = doc.split("<!-- verify-recipe")[1]?.match(/```js\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error("docs/api.md has no verify-recipe block");
  const context = vm.createContext({ require: createRequire(import.meta.url), Buffer, Date });
  return vm.runInContext(`${code}\nverifyStudioSignature`, context);
}

describe.each(testEngines())("announcements on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  const remote = standIn();
  let origin = "";
  let workers: Jobs[] = [];
  const logger = createLogger("silent");

  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });
  beforeAll(async () => {
    origin = await remote.listen();
  });
  afterAll(() => remote.close());
  beforeEach(async () => {
    await handle.db.execute(
      sql`truncate announcement_deliveries, announcement_messages, announcement_hooks, news, staff_audit_log cascade`,
    );
    await handle.db.execute(sql`delete from pgboss.job where name = ${SYNC_QUEUE}`);
    remote.seen.length = 0;
    remote.script.length = 0;
    remote.messages.clear();
  });
  afterEach(async () => {
    await Promise.all(workers.map((jobs) => jobs.stop()));
    workers = [];
  });

  /** A process: its own queue client and the announcements' handler bound to it. */
  async function process(): Promise<{ jobs: Jobs; deps: AnnouncementDeps }> {
    const jobs = createJobs(handle, logger);
    const deps: AnnouncementDeps = {
      db: handle.db,
      env: { SITE_URL: "https://studio.example", AUTH_SECRET: SECRET, WEBHOOK_TEST_ORIGIN: origin },
      logger,
      jobs,
      retryDelayMs: () => 0,
    };
    await jobs.start(announcementQueues(deps) as never, { work: false });
    workers.push(jobs);
    return { jobs, deps };
  }

  const env = { AUTH_SECRET: SECRET };
  const discordHook = () =>
    saveHook(handle.db, env, {
      hookId: "",
      kind: "discord",
      scope: "studio",
      label: "Community",
      url: DISCORD_URL,
      roleId: "112233445566778899",
      threadName: "",
    });

  async function staff(jobs: Jobs) {
    const admin = await signedInAs(context, "admin");
    return { actor: { id: admin.id, email: admin.email }, studio: { timeZone: "UTC", jobs } };
  }

  const calls = (method: string) => remote.seen.filter((call) => call.method === method);

  it("announces a scheduled post at its time exactly once, with two processes draining at once", async () => {
    const [a, b] = [await process(), await process()];
    const hook = await discordHook();
    const { actor, studio } = await staff(a.jobs);
    const at = new Date(Date.now() + 3 * 60_000);
    const item = await addNews(
      handle.db,
      {
        title: "Launch day",
        content: "Out now.",
        state: "scheduled",
        publishAt: at.toISOString().slice(0, 16),
      } as never,
      actor,
      studio,
    );
    // The nudge of the write itself: the post is not public yet, nothing is sent.
    await Promise.all([a.jobs.drain(SYNC_QUEUE), b.jobs.drain(SYNC_QUEUE)]);
    expect(remote.seen).toEqual([]);
    // The second nudge waits for the publication time.
    const [waiting] = (
      await handle.db.execute<{ start_after: Date | string }>(
        sql`select start_after from pgboss.job where name = ${SYNC_QUEUE} and state = 'created'`,
      )
    ).rows;
    expect(new Date(waiting!.start_after).toISOString().slice(0, 16)).toBe(
      at.toISOString().slice(0, 16),
    );

    // The time comes (moved forward rather than waited for): both processes, and a sweep in each,
    // race for the one post.
    await handle.db.execute(sql`update news set published_at = now() where id = ${item.id}`);
    await handle.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${SYNC_QUEUE} and state = 'created'`,
    );
    await Promise.all([
      a.jobs.drain(SYNC_QUEUE),
      b.jobs.drain(SYNC_QUEUE),
      syncPost(a.deps, item.id),
      syncPost(b.deps, item.id),
    ]);
    const posts = calls("POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe(
      "/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789",
    );
    expect(posts[0]!.query.get("wait")).toBe("true");
    const body = JSON.parse(posts[0]!.body);
    expect(body.content).toBe("<@&112233445566778899>");
    expect(body.embeds[0]).toMatchObject({
      title: "Launch day",
      url: `https://studio.example/news/${item.slug}`,
      description: "Out now.",
    });
    const [row] = await handle.db
      .select()
      .from(announcementMessages)
      .where(eq(announcementMessages.hookId, hook.id));
    expect(row).toMatchObject({ live: true, state: "done", remoteId: "1000", attempts: 1 });
    const log = await handle.db.select().from(announcementDeliveries);
    expect(log.map((entry) => [entry.action, entry.statusCode, entry.outcome])).toEqual([
      ["create", 200, "ok"],
    ]);

    // Nudged again with nothing changed: nothing is sent.
    await Promise.all([syncPost(a.deps, item.id), syncPost(b.deps, item.id)]);
    expect(remote.seen).toHaveLength(1);
  });

  it("edits the Discord message when the post changes and deletes it when unpublished or deleted", async () => {
    const { jobs } = await process();
    await discordHook();
    const { actor, studio } = await staff(jobs);
    const item = await addNews(
      handle.db,
      { title: "Patch 1.1", content: "Notes.", state: "published" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    const messageId = (await handle.db.select().from(announcementMessages))[0]!.remoteId;
    expect(messageId).toBe([...remote.messages][0]);

    await updateNews(
      handle.db,
      item.id,
      { title: "Patch 1.1 (fixed)", content: "Notes.", state: "published" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    const patches = calls("PATCH");
    expect(patches).toHaveLength(1);
    expect(patches[0]!.path).toBe(
      `/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789/messages/${messageId}`,
    );
    expect(JSON.parse(patches[0]!.body).embeds[0].title).toBe("Patch 1.1 (fixed)");
    expect(JSON.parse(patches[0]!.body)).not.toHaveProperty("thread_name");

    await updateNews(
      handle.db,
      item.id,
      { title: "Patch 1.1 (fixed)", content: "Notes.", state: "draft" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    expect(calls("DELETE").map((call) => call.path)).toEqual([patches[0]!.path]);
    expect(remote.messages.size).toBe(0);
    const [row] = await handle.db.select().from(announcementMessages);
    expect(row).toMatchObject({ live: false, remoteId: null, state: "done" });

    // Published again: a new message; then the post is deleted: the message goes with it.
    await updateNews(
      handle.db,
      item.id,
      { title: "Patch 1.1 (fixed)", content: "Notes.", state: "published" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    expect(calls("POST")).toHaveLength(2);
    await deleteNews(handle.db, item.id, actor, studio);
    await jobs.drain(SYNC_QUEUE);
    expect(calls("DELETE")).toHaveLength(2);
    expect(remote.messages.size).toBe(0);
    expect(
      (await handle.db.select().from(announcementDeliveries)).map((d) => d.action).sort(),
    ).toEqual(["create", "create", "delete", "delete", "edit"]);
  });

  it("posts to a forum channel as a thread, edits there, and takes a 404 as a message gone", async () => {
    const { jobs } = await process();
    await saveHook(handle.db, env, {
      hookId: "",
      kind: "discord",
      scope: "studio",
      label: "Forum",
      url: DISCORD_URL,
      roleId: "",
      threadName: "Studio news",
    });
    const { actor, studio } = await staff(jobs);
    const input = { title: "Roadmap", content: "Plans.", state: "published" };
    const item = await addNews(handle.db, input as never, actor, studio);
    await jobs.drain(SYNC_QUEUE);
    const created = JSON.parse(calls("POST")[0]!.body);
    expect(created.thread_name).toBe("Studio news");
    expect(created.allowed_mentions).toEqual({ parse: [] });
    // The stand-in answers the thread's id as the message's channel: edits address that thread.
    await updateNews(
      handle.db,
      item.id,
      { ...input, title: "Roadmap 2027" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    expect(calls("PATCH")[0]!.query.get("thread_id")).toBe("42");
    // Someone deleted the message in Discord: the next edit's 404 ends it, no new message.
    remote.messages.clear();
    await updateNews(
      handle.db,
      item.id,
      { ...input, title: "Roadmap 2028" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    expect(calls("PATCH")).toHaveLength(2);
    expect(calls("POST")).toHaveLength(1);
    const [row] = await handle.db.select().from(announcementMessages);
    expect(row).toMatchObject({ state: "done", lastAction: "edit" });
    const last = (await handle.db.select().from(announcementDeliveries)).find(
      (d) => d.statusCode === 404,
    );
    expect(last).toMatchObject({ action: "edit", outcome: "ok" });
  });

  it("retries a receiver that answers 500, logging each attempt, then succeeds; a 4xx stops", async () => {
    const { jobs } = await process();
    const saved = await saveHook(handle.db, env, {
      hookId: "",
      kind: "webhook",
      scope: "studio",
      label: "Site bot",
      url: RECEIVER_URL,
      roleId: "",
      threadName: "",
    });
    expect(saved.secret).toMatch(/^whsec_/);
    const { actor, studio } = await staff(jobs);
    remote.script.push({ status: 500 }, { status: 503 });
    const item = await addNews(
      handle.db,
      { title: "Devlog 7", content: "Words.", state: "published" } as never,
      actor,
      studio,
    );
    // Each failed attempt queues its retry (at once here: the test's backoff is 0).
    expect(await jobs.drain(SYNC_QUEUE)).toBe(3);
    const log = await handle.db
      .select()
      .from(announcementDeliveries)
      .orderBy(announcementDeliveries.attempt);
    expect(
      log.map((entry) => [entry.action, entry.statusCode, entry.attempt, entry.outcome]),
    ).toEqual([
      ["create", 500, 1, "retry"],
      ["create", 503, 2, "retry"],
      ["create", 200, 3, "ok"],
    ]);
    expect(log[0]!.nextRetryAt).not.toBeNull();
    expect(log[2]!.nextRetryAt).toBeNull();
    expect(remote.seen.map((call) => call.path)).toEqual(["/receiver", "/receiver", "/receiver"]);
    const bodies = remote.seen.map((call) => JSON.parse(call.body));
    expect(
      bodies.every((body) => body.event === "post.published" && body.post.id === item.id),
    ).toBe(true);

    // The documented recipe verifies the call as received; altered, stale or under another
    // secret, it does not.
    const verify = documentedVerifier();
    const last = remote.seen[2]!;
    expect(last.headers["x-studio-timestamp"]).toMatch(/^\d+$/);
    expect(verify(last.body, last.headers, saved.secret!)).toBe(true);
    expect(verify(last.body.replace("Devlog 7", "Devlog 8"), last.headers, saved.secret!)).toBe(
      false,
    );
    expect(verify(last.body, last.headers, "whsec_other")).toBe(false);
    const stale = {
      ...last.headers,
      "x-studio-signature": last.headers["x-studio-signature"]!.toString().replace(
        /t=\d+/,
        "t=1000",
      ),
    };
    expect(verify(last.body, stale, saved.secret!)).toBe(false);

    // A change refused with 400 is failed and not retried.
    remote.script.push({ status: 400, body: '{"error":"no"}' });
    await updateNews(
      handle.db,
      item.id,
      { title: "Devlog 7b", content: "Words.", state: "published" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    await jobs.drain(SYNC_QUEUE);
    const updates = remote.seen.filter((call) => JSON.parse(call.body).event === "post.updated");
    expect(updates).toHaveLength(1);
    const [row] = await handle.db.select().from(announcementMessages);
    expect(row).toMatchObject({ state: "failed", lastAction: "edit" });
    // The log keeps the answer's status line, not the other server's body.
    const [refused] = await handle.db
      .select()
      .from(announcementDeliveries)
      .where(eq(announcementDeliveries.action, "edit"));
    expect(refused?.error).toBe("Refused (HTTP 400 Bad Request)");
    expect(log.map((entry) => entry.error)).toEqual([
      "Server error (HTTP 500 Internal Server Error)",
      "Server error (HTTP 503 Service Unavailable)",
      null,
    ]);
  });

  it("a receiver gets the same publishedAt in post.unpublished as in post.published", async () => {
    const { jobs } = await process();
    await saveHook(handle.db, env, {
      hookId: "",
      kind: "webhook",
      scope: "studio",
      label: "Site bot",
      url: RECEIVER_URL,
      roleId: "",
      threadName: "",
    });
    const { actor, studio } = await staff(jobs);
    // Written as a draft, published later: its publication time is not its creation time.
    const draft = await addNews(
      handle.db,
      { title: "Devlog 9", content: "Words.", state: "draft" } as never,
      actor,
      studio,
    );
    setClockOffset(60_000);
    const item = await updateNews(
      handle.db,
      draft.id,
      { title: "Devlog 9", content: "Words.", state: "published" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    await updateNews(
      handle.db,
      item.id,
      { title: "Devlog 9", content: "Words.", state: "draft" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    const bodies = remote.seen.map((call) => JSON.parse(call.body));
    expect(bodies.map((body) => body.event)).toEqual(["post.published", "post.unpublished"]);
    const [published, unpublished] = bodies;
    expect(published.post.publishedAt).toBe(item.publishedAt);
    expect(unpublished.post.publishedAt).toBe(published.post.publishedAt);
    setClockOffset(0);
  });

  it("gives up after the eighth failed attempt: failed, no retry queued, not tried again", async () => {
    const { jobs, deps } = await process();
    await discordHook();
    const { actor, studio } = await staff(jobs);
    // More failures than the cap: a call retried past it would meet a ninth 500.
    for (let i = 0; i < 10; i++) remote.script.push({ status: 500 });
    const item = await addNews(
      handle.db,
      { title: "Hotfix", content: "Fixed.", state: "published" } as never,
      actor,
      studio,
    );
    // Each failed attempt queues its retry (at once here: the test's backoff is 0), but the eighth.
    await jobs.drain(SYNC_QUEUE);
    expect(remote.seen).toHaveLength(8);
    const log = await handle.db
      .select()
      .from(announcementDeliveries)
      .orderBy(announcementDeliveries.attempt);
    expect(log.map((entry) => [entry.statusCode, entry.attempt, entry.outcome])).toEqual([
      [500, 1, "retry"],
      [500, 2, "retry"],
      [500, 3, "retry"],
      [500, 4, "retry"],
      [500, 5, "retry"],
      [500, 6, "retry"],
      [500, 7, "retry"],
      [500, 8, "failed"],
    ]);
    expect(log[7]!.nextRetryAt).toBeNull();
    const [row] = await handle.db.select().from(announcementMessages);
    expect(row).toMatchObject({
      state: "failed",
      attempts: 8,
      live: false,
      nextAttemptAt: null,
      lastAction: "create",
    });
    expect(await jobs.counts(SYNC_QUEUE)).not.toHaveProperty("created");
    // Neither the sweep nor another nudge tries the same post again.
    await sweep(deps);
    await syncPost(deps, item.id);
    expect(remote.seen).toHaveLength(8);
  });

  it("waits as long as Discord's 429 asks before trying again", async () => {
    const { jobs, deps } = await process();
    await discordHook();
    const { actor, studio } = await staff(jobs);
    remote.script.push({
      status: 429,
      body: '{"message":"You are being rate limited.","retry_after":30.5,"global":false}',
    });
    const before = Date.now();
    const item = await addNews(
      handle.db,
      { title: "Sale", content: "Half off.", state: "published" } as never,
      actor,
      studio,
    );
    await jobs.drain(SYNC_QUEUE);
    const [row] = await handle.db.select().from(announcementMessages);
    expect(row!.state).toBe("retry");
    const wait = row!.nextAttemptAt!.getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(30_500);
    expect(wait).toBeLessThan(40_000);
    // Not before its time, whoever asks.
    await syncPost(deps, item.id);
    expect(remote.seen).toHaveLength(1);
    await handle.db
      .update(announcementMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await syncPost(deps, item.id);
    expect(calls("POST")).toHaveLength(2);
    const [done] = await handle.db.select().from(announcementMessages);
    expect(done).toMatchObject({ state: "done", live: true, attempts: 2 });
  });

  it("the minute's sweep finds what a lost nudge missed: a post to announce, a message to delete", async () => {
    const { jobs, deps } = await process();
    await discordHook();
    const { actor, studio } = await staff(jobs);
    const item = await addNews(
      handle.db,
      { title: "Quiet launch", content: "Shh.", state: "published" } as never,
      actor,
      studio,
    );
    // The nudge is lost: only the sweep can find the post.
    await handle.db.execute(sql`delete from pgboss.job where name = ${SYNC_QUEUE}`);
    expect(await sweep(deps)).toBeGreaterThanOrEqual(1);
    expect(calls("POST")).toHaveLength(1);
    // A second sweep finds nothing more to do.
    await sweep(deps);
    expect(remote.seen).toHaveLength(1);
    // Deleted behind the queue's back (no nudge): the sweep deletes its message.
    await handle.db.execute(sql`delete from news where id = ${item.id}`);
    await sweep(deps);
    expect(calls("DELETE")).toHaveLength(1);
    expect(remote.messages.size).toBe(0);
  });

  it("editing a hook keeps its stored URL when the field is left blank; its kind cannot change", async () => {
    const admin = await signedInAs(context, "admin");
    const { id } = await discordHook();
    const [before] = await handle.db.select().from(announcementHooks);
    const edit = {
      intent: "hook-save",
      hookId: id,
      kind: "discord",
      scope: "studio",
      label: "Renamed",
      url: "",
    };
    expect((await postAdmin(context, edit, admin.cookie, "announcements")).status).toBe(200);
    const [after] = await handle.db.select().from(announcementHooks);
    expect(after).toMatchObject({ label: "Renamed", urlSealed: before!.urlSealed, roleId: null });
    const asWebhook = await postAdmin(
      context,
      { ...edit, kind: "webhook" },
      admin.cookie,
      "announcements",
    );
    expect(asWebhook.status).toBe(400);
    expect(JSON.stringify(asWebhook.body)).toContain("kind cannot change");
    const unknown = await postAdmin(
      context,
      { intent: "hook-test", hookId: "00000000-0000-4000-8000-000000000000" },
      admin.cookie,
      "announcements",
    );
    expect(unknown.status).toBe(404);
  });

  it("the tab: admins add hooks sealed, hostile input is refused, a moderator is refused on the server", async () => {
    const admin = await signedInAs(context, "admin");
    const moderator = await signedInAs(context, "moderator");
    const good = {
      intent: "hook-save",
      kind: "discord",
      scope: "studio",
      label: "Community",
      url: DISCORD_URL,
    };

    const refused = await postAdmin(context, good, moderator.cookie, "announcements");
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain("Only admins and above");
    expect((await openAdmin(context, "/admin/announcements", moderator.cookie)).status).toBe(302);
    expect(await handle.db.select().from(announcementHooks)).toEqual([]);

    for (const [field, value, message] of [
      [
        "url",
        "http://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWx",
        "https://",
      ],
      [
        "url",
        "https://discord.evil.example/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWx",
        "discord.com",
      ],
      ["label", "a\u0000b", "control characters"],
      ["label", "x".repeat(200), "at most 80"],
      ["roleId", "<@&1>", "17 to 20 digit"],
      ["scope", "not-a-game", "studio or one of its games"],
    ] as const) {
      const answer = await postAdmin(
        context,
        { ...good, [field]: value },
        admin.cookie,
        "announcements",
      );
      expect(answer.status, `${field}=${value}`).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    expect(await handle.db.select().from(announcementHooks)).toEqual([]);

    const added = await postAdmin(context, good, admin.cookie, "announcements");
    expect(added.status).toBe(200);
    const [stored] = await handle.db.select().from(announcementHooks);
    const everything = JSON.stringify(
      (await handle.db.execute(sql`select * from announcement_hooks`)).rows,
    );
    expect(everything).not.toContain("AbCdEfGh");
    expect(stored!.urlHint).toBe("discord.com/api/webhooks/…5678/••••••");
    const audited = (
      await handle.db.execute<{ action: string; actor_email: string; details: unknown }>(
        sql`select action, actor_email, details from staff_audit_log where subject_type = 'announcement_hook'`,
      )
    ).rows;
    expect(audited).toMatchObject([{ action: "announcements.hook-add", actor_email: admin.email }]);
    expect(JSON.stringify(audited)).not.toContain("AbCdEfGh");
    const tab = await openAdmin(context, "/admin/announcements", admin.cookie);
    expect(tab.status).toBe(200);
    expect(JSON.stringify(tab.body)).not.toContain("AbCdEfGh");

    // A generic hook's secret is answered once, sealed at rest.
    const generic = await postAdmin(
      context,
      { intent: "hook-save", kind: "webhook", scope: "studio", label: "Bot", url: RECEIVER_URL },
      admin.cookie,
      "announcements",
    );
    const secret = (generic.body as { result?: { secret?: string } }).result?.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(
      JSON.stringify((await handle.db.execute(sql`select * from announcement_hooks`)).rows),
    ).not.toContain(secret!.slice(6));
    expect(
      JSON.stringify((await openAdmin(context, "/admin/announcements", admin.cookie)).body),
    ).not.toContain(secret!.slice(6));

    // Send test, against the stand-in, logged; a moderator's test is refused.
    const tester = testContext(handle, { env: { WEBHOOK_TEST_ORIGIN: origin } });
    const testAdmin = await signedInAs(tester, "admin");
    expect(
      (
        await postAdmin(
          tester,
          { intent: "hook-test", hookId: stored!.id },
          moderator.cookie,
          "announcements",
        )
      ).status,
    ).toBe(403);
    const tested = await postAdmin(
      tester,
      { intent: "hook-test", hookId: stored!.id },
      testAdmin.cookie,
      "announcements",
    );
    expect(tested.status).toBe(200);
    expect(calls("POST")).toHaveLength(1);
    const [entry] = await handle.db.select().from(announcementDeliveries);
    expect(entry).toMatchObject({ action: "test", statusCode: 200, outcome: "ok" });

    // Deleting: a moderator cannot, an admin can.
    expect(
      (
        await postAdmin(
          context,
          { intent: "hook-delete", hookId: stored!.id },
          moderator.cookie,
          "announcements",
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await postAdmin(
          context,
          { intent: "hook-delete", hookId: stored!.id },
          admin.cookie,
          "announcements",
        )
      ).status,
    ).toBe(200);
    expect(
      await handle.db.select().from(announcementHooks).where(eq(announcementHooks.id, stored!.id)),
    ).toEqual([]);
  });
});
