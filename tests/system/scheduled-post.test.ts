import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { type ServerProcess, startServer } from "../support/processes";
import { startSmtp } from "../support/smtp";
import { type TestClock, testClock } from "../support/test-clock";
import {
  AUTH_SECRET,
  createTestDatabase,
  createUser,
  missingRequirement,
  postForm,
  queuesSettled,
  signIn,
  type TestDatabase,
  tempDir,
  waitFor,
} from "./harness";

// Issue 28's third must-show, end to end on two server processes sharing PostgreSQL: a post
// scheduled for two lists and a Discord hook goes out at its time exactly once (each subscriber of
// either list one mail, Discord one message), a Discord answering 500 is retried and logged, and
// editing the post edits the Discord message. Nothing but the processes' own queue workers runs it.
// Its time and the retry's are reached by moving the processes' shared test clock
// (tests/support/test-clock.ts), not by waiting for them.

/** Every queue that acts on a post. */
const QUEUES = ["newsletter.send", "newsletter.deliver", "announcements.sync"];

const skipped = await missingRequirement({});
const ADMIN = "admin@scheduled-post.test";
const DISCORD_HOOK =
  "https://discord.com/api/webhooks/123456789012345678/stand-in-token-abcdefghijkl";

type Call = { method: string; path: string; body: string; at: number };

/** Discord's webhook API as the announcements use it; the first create answers 500. */
async function startDiscord() {
  const calls: Call[] = [];
  let failNextCreate = true;
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      calls.push({ method: request.method ?? "", path: request.url ?? "", body, at: Date.now() });
      response.setHeader("Content-Type", "application/json");
      if (request.method === "POST" && failNextCreate) {
        failNextCreate = false;
        response.statusCode = 500;
        response.end(JSON.stringify({ message: "Internal Server Error" }));
        return;
      }
      if (request.method === "DELETE") {
        response.statusCode = 204;
        response.end();
        return;
      }
      response.end(JSON.stringify({ id: "900000000000000001", channel_id: "800000000000000001" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The news form as the editor posts it: the post, and both lists ticked (one field each). */
async function postNews(base: string, cookie: string, fields: Record<string, string>) {
  const body = new URLSearchParams({
    content: "## It is out\n\nRead [the notes](/news).",
    ...fields,
  });
  body.append("mailLists", "studio");
  body.append("mailLists", gameIdOfRun);
  const response = await fetch(`${base}/admin/news`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}
let gameIdOfRun = "";

describe.skipIf(skipped !== null)(
  `a scheduled post on two processes${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let discord: Awaited<ReturnType<typeof startDiscord>>;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let database: TestDatabase;
    let direct: DatabaseHandle;
    const servers: ServerProcess[] = [];
    const dataDirs: string[] = [];
    let gameId = "";
    const clockDir = tempDir("studio-scheduled-clock-");
    const clock: TestClock = testClock(clockDir);

    beforeAll(async () => {
      discord = await startDiscord();
      smtp = await startSmtp();
      database = await createTestDatabase();
      const env = {
        // The stand-in Discord is reachable only with the test origin, refused in production.
        NODE_ENV: "test",
        DATABASE_URL: database.url,
        AUTH_SECRET,
        SITE_URL: "http://studio.example",
        LOG_LEVEL: "error",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NEWSLETTER_RATE: "200",
        WEBHOOK_TEST_ORIGIN: discord.origin,
        TEST_CLOCK_FILE: clock.file,
      };
      for (let i = 0; i < 2; i++) {
        const dataDir = tempDir("studio-scheduled-");
        dataDirs.push(dataDir);
        servers.push(await startServer({ dataDir, env }));
      }
      direct = await openDatabase({ engine: "postgres", url: database.url, poolSize: 2 });
      await createUser(direct.db, ADMIN, "admin");
      // A game and its list, the studio's list; 30 subscribers of the studio's list, 30 of the
      // game's and 20 of both (who get one mail), and 5 who never confirmed.
      const { rows } = await direct.db.execute<{ id: string }>(
        sql.raw(`insert into games (title, description, image_url, url, display_order, slug)
          values ('Moth Lantern', 'A game', '/x.png', 'https://example.test', 1, 'moth-lantern')
          returning id`),
      );
      gameId = rows[0]!.id;
      gameIdOfRun = gameId;
      await direct.db.execute(
        sql.raw(`
        insert into subscriber_lists (game_id) values (null), ('${gameId}');
        insert into subscribers (email, confirmed_at)
          select 'p' || g || '@example.test', now() from generate_series(1, 80) g;
        insert into subscribers (email)
          select 'unconfirmed' || g || '@example.test' from generate_series(1, 5) g;
        insert into subscriptions (subscriber_id, list_id)
          select s.id, l.id from subscribers s, subscriber_lists l
          where (l.game_id is null and (s.email ~ '^p([1-9]|[1-4][0-9])@'))
             or (l.game_id is not null and (s.email ~ '^p(3[1-9]|[4-7][0-9]|80)@'))
             or s.email like 'unconfirmed%';`),
      );
    }, 120_000);

    afterAll(async () => {
      await direct?.close();
      await Promise.all(servers.map((server) => server.stop(5_000)));
      await database?.drop();
      await smtp?.close();
      await discord?.close();
      for (const dir of [...dataDirs, clockDir]) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("goes out at its time once: one mail per subscriber of either list, one Discord message, edited after", async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const cookie = await signIn(a.url, ADMIN);
      const hook = await postForm(a.url, "/admin/announcements", cookie, {
        intent: "hook-save",
        hookId: "",
        kind: "discord",
        scope: "studio",
        label: "Community",
        url: DISCORD_HOOK,
      });
      expect(hook.status).toBe(200);

      const at = new Date(clock.now().getTime() + 3_600_000);
      const title = "Moth Lantern launches";
      const saved = await postNews(a.url, cookie, {
        intent: "news-create",
        title,
        state: "scheduled",
        publishAt: at.toISOString(),
      });
      expect(saved.status, saved.text).toBe(200);
      // Saved again on the other process, as staff do before its time: still one send.
      const { rows } = await direct.db.execute<{ id: string }>(
        sql`select id from news where title = ${title}`,
      );
      const newsId = rows[0]!.id;
      const bCookie = await signIn(b.url, ADMIN);
      const edited = await postNews(b.url, bCookie, {
        intent: "news-update",
        id: newsId,
        title,
        state: "scheduled",
        publishAt: at.toISOString(),
      });
      expect(edited.status, edited.text).toBe(200);

      // Nothing before its time: each save's nudge has run on the queues, and sent nothing.
      const settled = () => queuesSettled(direct.db, QUEUES);
      await waitFor("the saves' jobs ran", settled);
      const ran = await direct.db.execute<{ name: string; count: number }>(sql`
        select name, count(*)::int as count from pgboss.job
        where name in ('newsletter.send', 'announcements.sync') and state = 'completed'
        group by name order by name`);
      expect(ran.rows.map((row) => [row.name, Number(row.count) >= 2])).toEqual([
        ["announcements.sync", true],
        ["newsletter.send", true],
      ]);
      expect(smtp.received.filter((mail) => mail.subject === title)).toEqual([]);
      expect(discord.calls).toEqual([]);
      // Before its time the lists are the post's own; the queue makes the send once it is public.
      const chosen = await direct.db.execute<{ lists: number; sends: number }>(
        sql`select cardinality(mail_lists)::int as lists,
          (select count(*)::int from newsletter_sends where news_id = ${newsId}) as sends
          from news where id = ${newsId}`,
      );
      expect(chosen.rows.map((row) => [Number(row.lists), Number(row.sends)])).toEqual([[2, 0]]);

      // Its time: every subscriber of either list gets one mail, and Discord a 500.
      const movedAt = Date.now();
      await clock.advanceTo(at, database.url);
      const ofPost = () => smtp.received.filter((mail) => mail.subject === title);
      const posted = () => discord.calls.filter((call) => call.method === "POST");
      await waitFor(
        "the post out: 80 mails, the send done, Discord's 500 set to be retried",
        async () => {
          const send = await direct.db.execute<{ state: string }>(
            sql`select state from newsletter_sends where news_id = ${newsId}`,
          );
          const message = await direct.db.execute<{ state: string }>(
            sql`select state from announcement_messages where news_id = ${newsId}`,
          );
          return (
            ofPost().length >= 80 &&
            send.rows[0]?.state === "done" &&
            message.rows[0]?.state === "retry" &&
            (await settled())
          );
        },
        { timeoutMs: 150_000 },
      );
      expect(posted()).toHaveLength(1);
      // The retry's time (30 s on): Discord gets the message.
      const retry = await direct.db.execute<{ next_attempt_at: string }>(
        sql`select next_attempt_at from announcement_messages where news_id = ${newsId}`,
      );
      await clock.advanceTo(new Date(retry.rows[0]!.next_attempt_at), database.url);
      await waitFor(
        "Discord's message made, and nothing left to do",
        async () => posted().length >= 2 && (await settled()),
        { timeoutMs: 150_000 },
      );
      // Anything doubled would have arrived by now: every queue is idle.
      const mails = ofPost();
      const perRecipient = new Map<string, number>();
      for (const mail of mails) perRecipient.set(mail.to, (perRecipient.get(mail.to) ?? 0) + 1);
      expect(perRecipient.size).toBe(80);
      expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
      expect([...perRecipient.keys()].some((to) => to.startsWith("unconfirmed"))).toBe(false);
      expect(Math.min(...mails.map((mail) => mail.at))).toBeGreaterThanOrEqual(movedAt);

      const posts = posted();
      expect(posts).toHaveLength(2); // the 500, then its retry
      expect(posts[0]!.at).toBeGreaterThanOrEqual(movedAt);
      expect(posts[1]!.path).toContain("wait=true");
      expect(JSON.parse(posts[1]!.body).embeds[0].title).toBe(title);
      const log = await direct.db.execute<{ status_code: number; outcome: string }>(
        sql`select status_code, outcome from announcement_deliveries order by at`,
      );
      expect(log.rows.map((row) => row.status_code)).toEqual([500, 200]);

      // Editing the published post edits the Discord message it made, once.
      const changed = await postNews(a.url, cookie, {
        intent: "news-update",
        id: newsId,
        title: `${title} today`,
        state: "published",
      });
      expect(changed.status, changed.text).toBe(200);
      await waitFor(
        "Discord's message edited, and nothing left to do",
        async () => discord.calls.some((call) => call.method === "PATCH") && (await settled()),
        { timeoutMs: 60_000 },
      );
      const patches = discord.calls.filter((call) => call.method === "PATCH");
      expect(patches).toHaveLength(1);
      expect(patches[0]!.path).toContain("/messages/900000000000000001");
      expect(JSON.parse(patches[0]!.body).embeds[0].title).toBe(`${title} today`);
    }, 300_000);
  },
);
