import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { type ServerProcess, startServer } from "../support/processes";
import { startSmtp } from "../support/smtp";
import {
  AUTH_SECRET,
  createTestDatabase,
  createUser,
  missingRequirement,
  postForm,
  signIn,
  sleep,
  type TestDatabase,
  tempDir,
} from "./harness";

// Issue 28's third must-show, end to end on two server processes sharing PostgreSQL: a post
// scheduled for two lists and a Discord hook goes out at its time exactly once (each subscriber of
// either list one mail, Discord one message), a Discord answering 500 is retried and logged, and
// editing the post edits the Discord message. Nothing but the processes' own queue workers runs it.

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
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
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

      const at = new Date(Date.now() + 20_000);
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

      // Nothing before its time.
      await sleep(Math.max(0, at.getTime() - Date.now() - 3_000));
      expect(smtp.received.filter((mail) => mail.subject === title)).toEqual([]);
      expect(discord.calls).toEqual([]);

      // Then every subscriber of either list gets one mail, and Discord one message after a 500.
      const until = Date.now() + 150_000;
      for (;;) {
        const mails = smtp.received.filter((mail) => mail.subject === title);
        const created = discord.calls.filter((call) => call.method === "POST");
        if (mails.length >= 80 && created.length >= 2) break;
        if (Date.now() > until)
          throw new Error(`not out: ${mails.length} mails, ${created.length} Discord posts`);
        await sleep(500);
      }
      await sleep(3_000); // anything doubled would arrive now
      const mails = smtp.received.filter((mail) => mail.subject === title);
      const perRecipient = new Map<string, number>();
      for (const mail of mails) perRecipient.set(mail.to, (perRecipient.get(mail.to) ?? 0) + 1);
      expect(perRecipient.size).toBe(80);
      expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
      expect([...perRecipient.keys()].some((to) => to.startsWith("unconfirmed"))).toBe(false);
      expect(Math.min(...mails.map((mail) => mail.at))).toBeGreaterThanOrEqual(at.getTime());

      const posts = discord.calls.filter((call) => call.method === "POST");
      expect(posts).toHaveLength(2); // the 500, then its retry
      expect(posts[0]!.at).toBeGreaterThanOrEqual(at.getTime());
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
      const patchedBy = Date.now() + 30_000;
      while (!discord.calls.some((call) => call.method === "PATCH") && Date.now() < patchedBy)
        await sleep(300);
      await sleep(2_000);
      const patches = discord.calls.filter((call) => call.method === "PATCH");
      expect(patches).toHaveLength(1);
      expect(patches[0]!.path).toContain("/messages/900000000000000001");
      expect(JSON.parse(patches[0]!.body).embeds[0].title).toBe(`${title} today`);
    }, 300_000);
  },
);
