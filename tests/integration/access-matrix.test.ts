import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import yazl from "yazl";
import type { DatabaseHandle } from "../../app/db/database.server";
import {
  contactMessages,
  pages,
  profiles,
  sessions,
  subscribers,
  userPreferences,
  userRoles,
} from "../../app/db/schema";
import { createGame, listGames } from "../../app/games/games.server";
import { createInvitation } from "../../app/invitations/invitations.server";
import { createNews } from "../../app/news/news-writes.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { ensureKitId } from "../../app/press/press.server";
import * as auth from "../../app/routes/auth";
import * as profile from "../../app/routes/profile";
import * as roleManagement from "../../app/routes/role-management";
import {
  adminAction,
  announcementsForbidden,
  type Cell,
  describeMatrix,
  forbidden,
  ok,
  toAuth,
  toAuthAndBack,
  toHome,
  toMessages,
} from "../support/access-matrix";
import { outcome, PASSWORD, request, signedInAs } from "../support/accounts";
import { adminLoader, adminAction as callAdminAction } from "../support/admin";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";
import { uniqueEmail } from "../support/users";

// Every guarded route, loader and action × every role (and signed out), asserted on the server's
// answer (tests/support/access-matrix.ts). The Announcements hooks, the key desk and the staff
// endpoints outside the tabs are in access-matrix-more.test.ts. Later issues add their rows here.

/** A presskit() folder, zipped (its data.xml and a screenshot), as the Press Kits tab uploads it. */
async function presskitZip(): Promise<File> {
  const folder = path.join(__dirname, "../fixtures/presskit/rich-game");
  const zip = new yazl.ZipFile();
  zip.addBuffer(fs.readFileSync(path.join(folder, "data.xml")), "data.xml");
  zip.addBuffer(fs.readFileSync(path.join(folder, "images/shot-a.png")), "images/shot-a.png");
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(Buffer.from(chunk));
  return new File([new Uint8Array(Buffer.concat(chunks))], "kit.zip");
}

/** A game's card fields, under a title of its own. */
const gameFields = (title: string) => ({
  title: `Matrix ${title} ${crypto.randomUUID().slice(0, 8)}`,
  description: "D",
  imageUrl: "https://img.example/x.png",
  status: "Released" as const,
  url: "https://play.example/x",
});

/** A draft page at an address of its own. */
async function newPage(context: AppContext) {
  const [page] = await context
    .get(runtimeContext)
    .db.insert(pages)
    .values({ title: "Matrix page", slug: `matrix-${crypto.randomUUID()}`, content: "Body" })
    .returning();
  return page!;
}

const MATRIX: Cell[] = [
  {
    name: "POST /admin/messages mark-read (action)",
    call: async (context, cookie) => {
      const [message] = await context
        .get(runtimeContext)
        .db.insert(contactMessages)
        .values({ name: "V", email: "v@example.com", subject: "Hi", message: "Hello" })
        .returning();
      return adminAction({ intent: "mark-read", id: message!.id })(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/messages"),
      guest: toAuth,
      moderator: ok,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/news news-create (action)",
    call: adminAction({ intent: "news-create", title: "Matrix news", content: "Body" }),
    expect: {
      "signed out": toAuthAndBack("/admin/news"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/news news-delete (action)",
    call: async (context, cookie) => {
      const item = await createNews(context.get(runtimeContext).db, {
        title: "To delete",
        content: "Body",
      });
      return adminAction({ intent: "news-delete", id: item.id })(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/news"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/news news-update (action)",
    call: async (context, cookie) => {
      const item = await createNews(context.get(runtimeContext).db, {
        title: "To update",
        content: "Body",
      });
      return adminAction({ intent: "news-update", id: item.id, title: "Updated", content: "Body" })(
        context,
        cookie,
      );
    },
    expect: {
      "signed out": toAuthAndBack("/admin/news"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    // The post's test mail goes to the caller only, into the test outbox.
    name: "POST /admin/news news-mail-test (action)",
    call: async (context, cookie) => {
      const item = await createNews(context.get(runtimeContext).db, {
        title: "To mail",
        content: "Body",
      });
      return adminAction({ intent: "news-mail-test", id: item.id })(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/news"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/games game-create (action)",
    call: adminAction({
      intent: "game-create",
      title: "Matrix game",
      description: "D",
      imageUrl: "https://img.example/x.png",
      status: "Released",
      url: "https://play.example/x",
    }),
    expect: {
      "signed out": toAuthAndBack("/admin/games"),
      guest: toAuth,
      moderator: forbidden,
      admin: forbidden,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/games games-reorder (action)",
    call: async (context, cookie) => {
      const ids = (await listGames(context.get(runtimeContext).db)).map((g) => g.id).reverse();
      return adminAction({ intent: "games-reorder", ids: JSON.stringify(ids) })(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/games"),
      guest: toAuth,
      moderator: forbidden,
      admin: forbidden,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/games game-update (action)",
    call: async (context, cookie) => {
      const game = await createGame(context.get(runtimeContext).db, gameFields("To update"));
      return adminAction({ intent: "game-update", id: game.id, ...gameFields("Updated") })(
        context,
        cookie,
      );
    },
    expect: {
      "signed out": toAuthAndBack("/admin/games"),
      guest: toAuth,
      moderator: forbidden,
      admin: forbidden,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/games game-delete (action)",
    call: async (context, cookie) => {
      const game = await createGame(context.get(runtimeContext).db, gameFields("To delete"));
      return adminAction({ intent: "game-delete", id: game.id })(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/games"),
      guest: toAuth,
      moderator: forbidden,
      admin: forbidden,
      developer: ok,
      owner: ok,
    },
  },
  {
    // A tab's action answers its own intents only: another tab's is unknown there.
    name: "POST /admin/games news-create (action, another tab's intent)",
    call: (context, cookie) =>
      callAdminAction(
        context,
        { intent: "news-create", title: "Elsewhere", content: "Body" },
        cookie,
        "games",
      ),
    expect: {
      "signed out": toAuthAndBack("/admin/games"),
      guest: toAuth,
      moderator: forbidden,
      admin: forbidden,
      developer: { status: 400 },
      owner: { status: 400 },
    },
  },
  {
    name: "GET /admin (loader)",
    call: (context, cookie) => adminLoader(context, "/admin", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin"),
      guest: toAuth,
      moderator: toMessages,
      admin: toMessages,
      developer: toMessages,
      owner: toMessages,
    },
  },
  {
    name: "GET /admin?tab=games (loader, an old link)",
    call: (context, cookie) => adminLoader(context, "/admin?tab=games&nq=x", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin?tab=games&nq=x"),
      guest: toAuth,
      moderator: { status: 302, location: "/admin/messages?nq=x" },
      admin: { status: 302, location: "/admin/messages?nq=x" },
      developer: { status: 302, location: "/admin/games?nq=x" },
      owner: { status: 302, location: "/admin/games?nq=x" },
    },
  },
  {
    name: "GET /admin/messages (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/messages", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/messages"),
      guest: toAuth,
      moderator: ok,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "GET /admin/news (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/news", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/news"),
      guest: toAuth,
      moderator: toMessages,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "GET /admin/pages (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/pages", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/pages"),
      guest: toAuth,
      moderator: toMessages,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/pages page-create (action)",
    call: (context, cookie) =>
      adminAction({
        intent: "page-create",
        title: `Matrix page ${crypto.randomUUID().slice(0, 8)}`,
        content: "Body",
      })(context, cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/pages"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/pages page-update (action)",
    call: async (context, cookie) => {
      const page = await newPage(context);
      return adminAction({ intent: "page-update", id: page.id, title: "Updated", content: "Body" })(
        context,
        cookie,
      );
    },
    expect: {
      "signed out": toAuthAndBack("/admin/pages"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/pages page-delete (action)",
    call: async (context, cookie) => {
      const page = await newPage(context);
      return adminAction({ intent: "page-delete", id: page.id })(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/pages"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    // The privacy policy is offered once (then 409): each call starts from a site without it.
    name: "POST /admin/pages page-template (action)",
    call: async (context, cookie) => {
      await context.get(runtimeContext).db.delete(pages).where(eq(pages.slug, "privacy"));
      return adminAction({ intent: "page-template", template: "privacy" })(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/pages"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "GET /admin/games (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/games", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/games"),
      guest: toAuth,
      moderator: toMessages,
      admin: toMessages,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/settings settings-save (action)",
    call: adminAction({ intent: "settings-save", name: "Matrix Studio" }),
    expect: {
      "signed out": toAuthAndBack("/admin/settings"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/settings navigation-save (action)",
    call: adminAction({
      intent: "navigation-save",
      "entries[0].kind": "link",
      "entries[0].label": "Matrix link",
      "entries[0].url": "https://example.com/matrix",
      "entries[0].place": "header",
      "entries[0].button": "on",
    }),
    expect: {
      "signed out": toAuthAndBack("/admin/settings"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "GET /admin/settings (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/settings", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/settings"),
      guest: toAuth,
      moderator: toMessages,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "GET /admin/subscribers (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/subscribers", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/subscribers"),
      guest: toAuth,
      moderator: toMessages,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/subscribers subscriber-delete (action)",
    call: async (context, cookie) => {
      const [subscriber] = await context
        .get(runtimeContext)
        .db.insert(subscribers)
        .values({ email: uniqueEmail("subscriber") })
        .returning();
      return adminAction({ intent: "subscriber-delete", id: subscriber!.id })(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/subscribers"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/announcements hook-save (action)",
    call: (context, cookie) =>
      callAdminAction(
        context,
        {
          intent: "hook-save",
          kind: "webhook",
          scope: "studio",
          label: "Matrix",
          url: "https://hooks.example.com/matrix",
        },
        cookie,
        "announcements",
      ),
    expect: {
      "signed out": toAuthAndBack("/admin/announcements"),
      guest: toAuth,
      moderator: announcementsForbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "GET /admin/announcements (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/announcements", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/announcements"),
      guest: toAuth,
      moderator: toMessages,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /admin/press press-save (action)",
    call: adminAction({ intent: "press-save", history: "Matrix", logos: "[]" }),
    expect: {
      "signed out": toAuthAndBack("/admin/press"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    // The studio's kit, saved once so it has links to revoke.
    name: "POST /admin/press press-revoke-links (action)",
    call: async (context, cookie) => {
      await ensureKitId(context.get(runtimeContext).db, null);
      return adminAction({ intent: "press-revoke-links", kit: "studio" })(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/press"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    // A new game needs the game permission as well as the press one.
    name: "POST /admin/press presskit-import into a new game (action)",
    call: adminAction(async () => ({ intent: "presskit-import", zip: await presskitZip() })),
    expect: {
      "signed out": toAuthAndBack("/admin/press"),
      guest: toAuth,
      moderator: forbidden,
      admin: {
        status: 403,
        message:
          "Importing into a new game needs the developer role: choose the game whose press kit this is.",
      },
      developer: ok,
      owner: ok,
    },
  },
  {
    // Into an existing game: an admin's import takes the kit's fields only (press-kits.test.ts).
    name: "POST /admin/press presskit-import into an existing game (action)",
    call: async (context, cookie) => {
      const game = await createGame(context.get(runtimeContext).db, {
        title: `Matrix kit game ${crypto.randomUUID()}`,
        description: "D",
        imageUrl: "https://img.example/x.png",
        status: "Released",
        url: "https://play.example/x",
      });
      return adminAction(async () => ({
        intent: "presskit-import",
        zip: await presskitZip(),
        game: game.slug,
      }))(context, cookie);
    },
    expect: {
      "signed out": toAuthAndBack("/admin/press"),
      guest: toAuth,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "GET /admin/press (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/press", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/press"),
      guest: toAuth,
      moderator: toMessages,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "GET /role-management (loader)",
    call: (context, cookie) =>
      roleManagement.loader({
        request: request("/role-management", { cookie }),
        context,
        params: {},
      } as never),
    expect: {
      "signed out": toHome,
      guest: toHome,
      moderator: toHome,
      admin: toHome,
      developer: toHome,
      owner: ok,
    },
  },
  {
    name: "POST /role-management assign (action)",
    call: (context, cookie, target) =>
      roleManagement.action({
        request: request("/role-management", {
          cookie,
          form: { intent: "assign", email: target, role: "admin" },
        }),
        context,
        params: {},
      } as never),
    expect: {
      "signed out": toHome,
      guest: toHome,
      moderator: toHome,
      admin: toHome,
      developer: toHome,
      owner: { status: 302, location: "/role-management" },
    },
  },
  {
    name: "POST /role-management set (action)",
    call: (context, cookie, target) =>
      roleManagement.action({
        request: request("/role-management", {
          cookie,
          form: { intent: "set", userId: target, role: "developer" },
        }),
        context,
        params: {},
      } as never),
    expect: {
      "signed out": toHome,
      guest: toHome,
      moderator: toHome,
      admin: toHome,
      developer: toHome,
      owner: { status: 302, location: "/role-management" },
    },
  },
  {
    name: "POST /role-management invite (action)",
    call: (context, cookie) =>
      roleManagement.action({
        request: request("/role-management", {
          cookie,
          form: { intent: "invite", email: uniqueEmail("invited"), role: "admin" },
        }),
        context,
        params: {},
      } as never),
    expect: {
      "signed out": toHome,
      guest: toHome,
      moderator: toHome,
      admin: toHome,
      developer: toHome,
      owner: { status: 302, location: "/role-management" },
    },
  },
  ...(["resend", "revoke"] as const).map(
    (intent): Cell => ({
      name: `POST /role-management ${intent} (action)`,
      call: async (context, cookie) => {
        const { db } = context.get(runtimeContext);
        const { id } = await createInvitation(db, {
          email: uniqueEmail("invited"),
          role: "moderator",
          by: null,
          send: async () => {},
        });
        return roleManagement.action({
          request: request("/role-management", { cookie, form: { intent, invitationId: id } }),
          context,
          params: {},
        } as never);
      },
      expect: {
        "signed out": toHome,
        guest: toHome,
        moderator: toHome,
        admin: toHome,
        developer: toHome,
        owner: { status: 302, location: "/role-management" },
      },
    }),
  ),
  {
    name: "GET /profile (loader)",
    call: (context, cookie) =>
      profile.loader({ request: request("/profile", { cookie }), context, params: {} } as never),
    expect: {
      "signed out": { status: 401 },
      guest: ok,
      moderator: ok,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "POST /profile (action)",
    call: (context, cookie) =>
      profile.action({
        request: request("/profile", {
          cookie,
          form: { intent: "revoke-session", sessionId: "none" },
        }),
        context,
        params: {},
      } as never),
    expect: {
      "signed out": { status: 302, location: "/auth?redirectTo=/profile" },
      guest: { status: 404 },
      moderator: { status: 404 },
      admin: { status: 404 },
      developer: { status: 404 },
      owner: { status: 404 },
    },
  },
];

// The role-management rows: refused callers change nothing; the owner's change lands.
describeMatrix("access matrix", MATRIX, async ({ handle, cell, who, target }) => {
  if (!/^POST \/role-management (assign|set) /.test(cell.name)) return;
  const [row] = await handle.db.select().from(userRoles).where(eq(userRoles.userId, target.id));
  expect(row?.role).toBe(
    who === "owner" ? (cell.name.includes(" set ") ? "developer" : "admin") : undefined,
  );
});

// Every action that dispatches on a form's intent takes only the intents it knows: a name that walks
// the prototype (`constructor`, `__proto__`) or names nothing answers 400 and changes nothing, even
// when the rest of the form would be a valid write.
const UNKNOWN_INTENTS = ["constructor", "__proto__", "toString", "valueOf", "unknown", ""];

describe.each(testEngines())("unknown intents on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;

  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  const told = (body: unknown) =>
    typeof body === "string" ? body : (body as { formError?: string; error?: string }).formError;

  it.each(UNKNOWN_INTENTS)("POST /role-management with intent %j", async (intent) => {
    const owner = await signedInAs(context, "owner");
    const target = await signedInAs(context, "guest");
    const result = await outcome(() =>
      roleManagement.action({
        request: request("/role-management", {
          cookie: owner.cookie,
          form: { intent, email: target.email, userId: target.id, role: "admin" },
        }),
        context,
        params: {},
      } as never),
    );
    expect(result.status).toBe(400);
    expect(told(result.body)).toMatch(/Reload the page/);
    const [row] = await handle.db.select().from(userRoles).where(eq(userRoles.userId, target.id));
    expect(row).toBeUndefined();
  });

  it.each(UNKNOWN_INTENTS)("POST /profile with intent %j", async (intent) => {
    const user = await signedInAs(context, "guest");
    const read = async () => ({
      profile: await handle.db.select().from(profiles).where(eq(profiles.id, user.id)),
      preferences: await handle.db
        .select()
        .from(userPreferences)
        .where(eq(userPreferences.userId, user.id)),
      sessions: await handle.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    });
    const before = await read();
    const result = await outcome(() =>
      profile.action({
        request: request("/profile", {
          cookie: user.cookie,
          form: {
            intent,
            displayName: "Changed",
            bio: "Changed",
            themePreference: "dark",
            privacyLevel: "private",
            theme: "dark",
            password: PASSWORD,
          },
        }),
        context,
        params: {},
      } as never),
    );
    expect(result.status).toBe(400);
    expect(told(result.body)).toMatch(/Reload the page/);
    expect(await read()).toEqual(before);
  });

  it.each(UNKNOWN_INTENTS)("POST /auth with intent %j", async (intent) => {
    const user = await signedInAs(context, "guest");
    const sessionCount = async () =>
      (await handle.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;
    const before = await sessionCount();
    const result = await outcome(() =>
      auth.action({
        request: request("/auth", {
          form: { intent, email: user.email, password: PASSWORD, confirmPassword: PASSWORD },
        }),
        context,
        params: {},
      } as never),
    );
    expect(result.status).toBe(400);
    expect(told(result.body)).toMatch(/Reload the page/);
    expect(await sessionCount()).toBe(before);
  });
});
