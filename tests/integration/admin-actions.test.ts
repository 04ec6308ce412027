import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import yazl from "yazl";
import { ADMIN_INTENTS, type AdminIntent } from "../../app/admin/admin-actions.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { contactMessages, staffAuditLog, subscribers, userPreferences } from "../../app/db/schema";
import { listGames } from "../../app/games/games.server";
import { listNews } from "../../app/news/news.server";
import { listPages } from "../../app/pages/pages.server";
import { SERVER_FAILURE } from "../../app/platform/forms/fetcher-reply";
import type { FormReply } from "../../app/platform/forms/submission.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { readToast } from "../../app/platform/toast/toast.server";
import * as contact from "../../app/routes/contact";
import { type FormFields, request, signedInAs } from "../support/accounts";
import { adminLoader, openAdmin, postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { testContext } from "../support/runtime";

const game = (title: string, extra: Record<string, string> = {}) => ({
  title,
  description: `${title} description`,
  imageUrl: "https://img.example/x.png",
  status: "Released",
  url: "https://play.example/x",
  ...extra,
});

/** The messages of an action's reply, by field ("" for the whole form). */
const errorsOf = (body: unknown) => (body as FormReply).error;

describe.each(testEngines())("admin actions on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let owner: { id: string; email: string; cookie: string };
  let moderator: { id: string; email: string; cookie: string };

  // Each form is posted to its intent's tab, as the dashboard posts it.
  const act = (cookie: string, form: FormFields, extraCookie = "") =>
    postAdmin(context, form, extraCookie ? `${cookie}; ${extraCookie}` : cookie);

  beforeAll(async () => {
    handle = await engine.open();
    context = testContext(handle, { env: { FAULT_INJECTION: "true" } });
    owner = await signedInAs(context, "owner");
    moderator = await signedInAs(context, "moderator");
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.execute(
      sql`truncate news, games, contact_messages, staff_audit_log, pages cascade`,
    );
  });

  /** Everything an admin write could change. */
  const snapshot = async () => ({
    news: await listNews(handle.db),
    games: await listGames(handle.db),
    messages: await handle.db.select().from(contactMessages),
    audit: (await handle.db.select().from(staffAuditLog)).length,
    pages: await listPages(handle.db),
    subscribers: await handle.db.select().from(subscribers),
  });

  it("adds, updates and deletes news, each in the audit log with who did it", async () => {
    expect(
      (await act(owner.cookie, { intent: "news-create", title: "Launch", content: "We launched." }))
        .status,
    ).toBe(200);
    const [item] = await listNews(handle.db);
    expect(item?.title).toBe("Launch");
    expect(
      (
        await act(owner.cookie, {
          intent: "news-update",
          id: item!.id,
          title: "Launched",
          content: "Yes.",
        })
      ).status,
    ).toBe(200);
    expect((await listNews(handle.db))[0]).toMatchObject({ title: "Launched", content: "Yes." });
    expect((await act(owner.cookie, { intent: "news-delete", id: item!.id })).status).toBe(200);
    expect(await listNews(handle.db)).toEqual([]);
    const audit = await handle.db.select().from(staffAuditLog);
    // Added as published (the form's default): its publication is an entry of its own.
    expect(audit.map((a) => a.action).sort()).toEqual([
      "news.create",
      "news.delete",
      "news.publish",
      "news.update",
    ]);
    expect(new Set(audit.map((a) => a.actorId))).toEqual(new Set([owner.id]));
  });

  it("answers 'Please fill in all fields' for blank news and changes nothing", async () => {
    const result = await act(owner.cookie, { intent: "news-create", title: " ", content: "x" });
    expect(result.status).toBe(400);
    expect(errorsOf(result.body)).toEqual({ title: ["Please fill in all fields"] });
    expect(await listNews(handle.db)).toEqual([]);
  });

  it("updating or deleting news that is gone answers 404", async () => {
    const gone = "00000000-0000-4000-8000-000000000000";
    expect(
      (await act(owner.cookie, { intent: "news-update", id: gone, title: "a", content: "b" }))
        .status,
    ).toBe(404);
    expect((await act(owner.cookie, { intent: "news-delete", id: "not-a-uuid" })).status).toBe(404);
  });

  it("a moderator's forged news post is refused with 403 and stores nothing", async () => {
    const result = await act(moderator.cookie, {
      intent: "news-create",
      title: "Forged",
      content: "x",
    });
    expect(result.status).toBe(403);
    expect(await listNews(handle.db)).toEqual([]);
  });

  it("games get display_order max+1, deleting closes the gap, and a javascript: link is refused", async () => {
    for (const title of ["A", "B", "C"])
      expect((await act(owner.cookie, { intent: "game-create", ...game(title) })).status).toBe(200);
    expect((await listGames(handle.db)).map((g) => [g.title, g.displayOrder])).toEqual([
      ["A", 1],
      ["B", 2],
      ["C", 3],
    ]);
    const b = (await listGames(handle.db))[1]!;
    expect((await act(owner.cookie, { intent: "game-delete", id: b.id })).status).toBe(200);
    expect((await listGames(handle.db)).map((g) => [g.title, g.displayOrder])).toEqual([
      ["A", 1],
      ["C", 2],
    ]);
    const evil = await act(owner.cookie, {
      intent: "game-create",
      ...game("Evil", { url: "javascript:alert(1)" }),
    });
    expect(evil.status).toBe(400);
    expect(errorsOf(evil.body)).toEqual({ url: ["Game Link must start with http:// or https://"] });
    expect(await listGames(handle.db)).toHaveLength(2);
  });

  it("reorders in one request and renumbers from 1; unknown ids change nothing", async () => {
    for (const title of ["A", "B", "C"])
      await act(owner.cookie, { intent: "game-create", ...game(title) });
    const ids = (await listGames(handle.db)).map((g) => g.id);
    const reversed = [...ids].reverse();
    expect(
      (await act(owner.cookie, { intent: "games-reorder", ids: JSON.stringify(reversed) })).status,
    ).toBe(200);
    expect((await listGames(handle.db)).map((g) => [g.title, g.displayOrder])).toEqual([
      ["C", 1],
      ["B", 2],
      ["A", 3],
    ]);
    const forged = [...reversed.slice(0, 2), "00000000-0000-4000-8000-000000000000"];
    const refused = await act(owner.cookie, {
      intent: "games-reorder",
      ids: JSON.stringify(forged),
    });
    expect(refused.status).toBe(409);
    expect(
      (
        await act(owner.cookie, {
          intent: "games-reorder",
          ids: JSON.stringify(reversed.slice(0, 2)),
        })
      ).status,
    ).toBe(409);
    expect((await listGames(handle.db)).map((g) => g.title)).toEqual(["C", "B", "A"]);
  });

  it("an injected server fault answers 500 and changes nothing", async () => {
    await act(owner.cookie, { intent: "news-create", title: "Kept", content: "x" });
    const [item] = await listNews(handle.db);
    const failed = await act(
      owner.cookie,
      { intent: "news-delete", id: item!.id },
      "studio_fault=news-delete",
    );
    expect(failed.status).toBe(500);
    expect(await listNews(handle.db)).toHaveLength(1);
  });

  it("the fault is injected once, at the entry: every intent answers the failure and writes nothing", async () => {
    const [message] = await handle.db
      .insert(contactMessages)
      .values({ name: "Vi", email: "vi@example.com", subject: "Hello", message: "Hi" })
      .returning();
    await act(owner.cookie, { intent: "news-create", title: "Kept", content: "x" });
    await act(owner.cookie, { intent: "game-create", ...game("Kept") });
    const [item] = await listNews(handle.db);
    const [kept] = await listGames(handle.db);
    await act(owner.cookie, { intent: "page-create", title: "Kept page", content: "x" });
    const [page] = await listPages(handle.db);
    const [subscriber] = await handle.db
      .insert(subscribers)
      .values({ email: `fault-${Date.now()}@example.com` })
      .returning();
    // A presskit() folder, zipped: its data.xml and a screenshot.
    const folder = path.join(__dirname, "../fixtures/presskit/rich-game");
    const zip = new yazl.ZipFile();
    zip.addBuffer(fs.readFileSync(path.join(folder, "data.xml")), "data.xml");
    zip.addBuffer(fs.readFileSync(path.join(folder, "images/shot-a.png")), "images/shot-a.png");
    zip.end();
    const zipped: Buffer[] = [];
    for await (const chunk of zip.outputStream) zipped.push(Buffer.from(chunk));
    const forms: Record<AdminIntent, FormFields> = {
      "mark-read": { id: message!.id },
      "news-create": { title: "New", content: "y" },
      "news-update": { id: item!.id, title: "Changed", content: "y" },
      "news-mail-test": { id: item!.id },
      "news-delete": { id: item!.id },
      "game-create": game("New"),
      "game-update": { id: kept!.id, ...game("Changed") },
      "game-delete": { id: kept!.id },
      "games-reorder": { ids: JSON.stringify([kept!.id]) },
      "page-create": { title: "New page", content: "y" },
      "page-update": { id: page!.id, title: "Changed page", content: "y" },
      "page-delete": { id: page!.id },
      "page-template": { template: "privacy" },
      "settings-save": { name: "Changed Studio" },
      "navigation-save": {
        "entries[0].kind": "route",
        "entries[0].route": "news",
        "entries[0].place": "header",
      },
      "subscriber-delete": { id: subscriber!.id },
      "press-save": { history: "Changed history", logos: "[]" },
      // The studio's kit, saved by press-save just before it in the second round.
      "press-revoke-links": { kit: "studio" },
      "presskit-import": {
        zip: new File([new Uint8Array(Buffer.concat(zipped))], "kit.zip"),
        game: "",
      },
      "sms-countries-save": { countries: "SE, GB" },
      "backup-schedule-save": { enabled: "on", time: "03:00", keep: "7", destination: "folder" },
      "backup-now": {},
    };
    const before = await snapshot();
    for (const intent of Object.keys(ADMIN_INTENTS) as AdminIntent[]) {
      const fault = `studio_fault=${intent}`;
      const failed = await act(owner.cookie, { intent, ...forms[intent] }, fault);
      expect(failed.status, intent).toBe(500);
      expect(errorsOf(failed.body), intent).toEqual({ "": [SERVER_FAILURE] });
      // The checks and the parse come first: a refused or invalid form is answered as such.
      expect((await act(moderator.cookie, { intent, ...forms[intent] }, fault)).status).toBe(
        intent === "mark-read" ? 500 : 403,
      );
      expect((await act(owner.cookie, { intent, ids: "[1]" }, fault)).status, intent).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
    // Without the fault the same forms are written (the reorder naming the games left by then).
    for (const intent of Object.keys(ADMIN_INTENTS) as AdminIntent[]) {
      const ids = JSON.stringify((await listGames(handle.db)).map((g) => g.id));
      const form = intent === "games-reorder" ? { ids } : forms[intent];
      const done = await act(owner.cookie, { intent, ...form });
      expect(done.status, `${intent} ${JSON.stringify(done.body)}`).toBe(200);
    }
  });

  // Intents are a closed set: a name that walks the prototype (`constructor`, `__proto__`) or
  // names nothing is a 400 with a clear message, and no write happens.
  it.each([
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "news-publish",
    "NEWS-CREATE",
    "",
  ])("an unknown intent %j answers 400 and changes nothing", async (intent) => {
    const [message] = await handle.db
      .insert(contactMessages)
      .values({ name: "Vi", email: "vi@example.com", subject: "Hello", message: "Hi" })
      .returning();
    await act(owner.cookie, { intent: "news-create", title: "Kept", content: "x" });
    const [item] = await listNews(handle.db);
    const before = await snapshot();
    for (const who of [owner, moderator]) {
      const result = await act(who.cookie, {
        intent,
        id: intent.includes("news") ? item!.id : message!.id,
        ...game("Injected"),
        content: "Injected",
      });
      expect(result.status).toBe(400);
      expect((result.body as FormReply).status).toBe("error");
      expect(errorsOf(result.body)?.[""]?.[0]).toMatch(/Reload the page/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("opening marks a message read, and read never goes back", async () => {
    const [message] = await handle.db
      .insert(contactMessages)
      .values({ name: "Vi", email: "vi@example.com", subject: "Hello", message: "Hi" })
      .returning();
    expect((await act(moderator.cookie, { intent: "mark-read", id: message!.id })).status).toBe(
      200,
    );
    expect((await act(moderator.cookie, { intent: "mark-read", id: message!.id })).status).toBe(
      200,
    );
    const [row] = await handle.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message!.id));
    expect(row?.read).toBe(true);
    expect(
      (await handle.db.select().from(staffAuditLog)).filter((a) => a.action === "message.read"),
    ).toHaveLength(1);
  });

  it("a new contact message is mailed to staff with notifications on, not to others", async () => {
    const quiet = await signedInAs(context, "admin");
    await handle.db
      .update(userPreferences)
      .set({ emailNotifications: false })
      .where(eq(userPreferences.userId, quiet.id));
    const guest = await signedInAs(context, "guest");
    await contact.action({
      request: request("/contact", {
        form: { name: "Ada", email: "ada@example.com", subject: "Collab?", message: "Hi!" },
      }),
      context,
      params: {},
    } as never);
    const outbox = path.join(context.get(runtimeContext).env.DATA_DIR, "outbox");
    let mails: string[] = [];
    for (let i = 0; i < 50 && mails.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      mails = fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .map((f) => fs.readFileSync(path.join(outbox, f), "utf8"))
            .filter((m) => m.includes("New message: Collab?"))
        : [];
    }
    const to = mails.map((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim());
    // "Reply" answers the visitor who wrote, on every copy.
    expect(mails.map((m) => /^Reply-To: (.+)$/m.exec(m)?.[1]?.trim())).toEqual(
      mails.map(() => "ada@example.com"),
    );
    expect(to).toContain(owner.email);
    expect(to).toContain(moderator.email);
    expect(to).not.toContain(quiet.email);
    expect(to).not.toContain(guest.email);
  });

  it("each tab's action answers its own intents only: another tab's is refused and writes nothing", async () => {
    const [message] = await handle.db
      .insert(contactMessages)
      .values({ name: "Vi", email: "vi@example.com", subject: "Hello", message: "Hi" })
      .returning();
    const before = await snapshot();
    const elsewhere: [Record<string, string>, "messages" | "news" | "games"][] = [
      [{ intent: "news-create", title: "Elsewhere", content: "x" }, "games"],
      [{ intent: "game-create", ...game("Elsewhere") }, "news"],
      [{ intent: "mark-read", id: message!.id }, "news"],
      [{ intent: "news-create", title: "Elsewhere", content: "x" }, "messages"],
    ];
    for (const [form, tab] of elsewhere) {
      const result = await postAdmin(context, form, owner.cookie, tab);
      expect(result.status, `${form.intent} on ${tab}`).toBe(400);
      expect(errorsOf(result.body)?.[""]?.[0]).toMatch(/Reload the page/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("each tab loads only its own list, paged and searched by its address", async () => {
    await act(owner.cookie, { intent: "news-create", title: "Lantern news", content: "x" });
    await act(owner.cookie, { intent: "news-create", title: "Other news", content: "y" });
    await act(owner.cookie, { intent: "game-create", ...game("Kept") });
    await handle.db
      .insert(contactMessages)
      .values({ name: "Vi", email: "vi@example.com", subject: "Lantern", message: "Hi" });
    const body = async (path: string) => {
      const result = await openAdmin(context, path, owner.cookie);
      expect(result.status, path).toBe(200);
      return result.body as Record<string, unknown>;
    };
    const messages = await body("/admin/messages?mq=lantern&unread=1");
    expect(Object.keys(messages).sort()).toEqual(["error", "filter", "page", "unread"]);
    expect(messages).toMatchObject({ unread: 1, filter: { search: "lantern", unreadOnly: true } });
    const news = await body("/admin/news?nq=lantern");
    // The games are the editor's About and the list's game filter: their names, not the catalogue.
    expect(Object.keys(news).sort()).toEqual([
      "covers",
      "error",
      "filter",
      "games",
      "mailing",
      "page",
      "search",
      "state",
    ]);
    expect(Object.keys((news.games as object[])[0]!).sort()).toEqual([
      "announceAt",
      "id",
      "slug",
      "title",
      "visibility",
    ]);
    const titles = (news.page as { items: { title: string }[] }).items.map((item) => item.title);
    expect(titles).toEqual(["Lantern news"]);
    const games = await body("/admin/games");
    expect(Object.keys(games).sort()).toEqual(["error", "images", "items"]);
    expect((games.items as { title: string }[]).map((item) => item.title)).toEqual(["Kept"]);
  });

  it("/admin opens the first tab the role may; an old ?tab= link opens its tab with its query", async () => {
    const adminUser = await signedInAs(context, "admin");
    const target = async (path: string, cookie: string) => {
      const result = await openAdmin(context, path, cookie);
      expect(result.status, path).toBe(302);
      return result.location;
    };
    expect(await target("/admin", owner.cookie)).toBe("/admin/messages");
    expect(await target("/admin?tab=games", owner.cookie)).toBe("/admin/games");
    expect(await target("/admin?tab=news&nq=x&news_before=y", owner.cookie)).toBe(
      "/admin/news?nq=x&news_before=y",
    );
    expect(await target("/admin?tab=news", adminUser.cookie)).toBe("/admin/news");
    // A tab the role may not open, or no tab at all, opens the first one it may.
    expect(await target("/admin?tab=games", adminUser.cookie)).toBe("/admin/messages");
    expect(await target("/admin?tab=news", moderator.cookie)).toBe("/admin/messages");
    expect(await target("/admin?tab=%00", moderator.cookie)).toBe("/admin/messages");
    expect(await target("/admin/games", adminUser.cookie)).toBe("/admin/messages");
  });

  it("a tab the role may not open lands on the first it may, with a toast saying whom it is for", async () => {
    const adminUser = await signedInAs(context, "admin");
    const { AUTH_SECRET } = context.get(runtimeContext).env;
    /** The redirect and the toast it carries, as the next page reads it. */
    const landing = async (path: string, cookie: string) => {
      const answer = await adminLoader(context, path, cookie).catch((thrown: unknown) => thrown);
      if (!(answer instanceof Response)) throw new Error(`${path}: no redirect`);
      const toastCookie = answer.headers.get("Set-Cookie")?.split(";")[0] ?? "";
      const { toast } = await readToast(
        request(answer.headers.get("Location") ?? "", { cookie: `${cookie}; ${toastCookie}` }),
        AUTH_SECRET,
      );
      return { status: answer.status, location: answer.headers.get("Location"), toast };
    };
    expect(await landing("/admin/games", adminUser.cookie)).toEqual({
      status: 302,
      location: "/admin/messages",
      toast: {
        type: "error",
        title: "Game Management is not open to your role",
        description:
          "Game Management is for Developer and above; your role is Admin. Ask an owner if you need it.",
      },
    });
    expect((await landing("/admin/settings", moderator.cookie)).toast?.description).toBe(
      "Site Settings is for Admin and above; your role is Moderator. Ask an owner if you need it.",
    );
    // An old link naming a tab in the query says so too; /admin alone says nothing.
    expect((await landing("/admin?tab=press", moderator.cookie)).toast?.title).toBe(
      "Press Kits is not open to your role",
    );
    expect(await landing("/admin", moderator.cookie)).toMatchObject({
      location: "/admin/messages",
      toast: null,
    });
  });
});
