import fs from "node:fs";
import path from "node:path";
import { data } from "react-router";
import { saveHook } from "../../app/announcements/index.server";
import { pressCoverage, pressKeyRequests, pressKeys } from "../../app/db/schema";
import { createGame } from "../../app/games/games.server";
import { createNews } from "../../app/news/news-writes.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { keySealer } from "../../app/press-desk/index.server";
import * as mediaUpload from "../../app/routes/media-upload";
import * as mailPreview from "../../app/routes/news-mail-preview";
import * as newsPreview from "../../app/routes/news-preview";
import {
  announcementsForbidden,
  type Cell,
  describeMatrix,
  type Expect,
  forbidden,
  ok,
  toAuth,
  toAuthAndBack,
  toMessages,
} from "../support/access-matrix";
import { type FormFields, request } from "../support/accounts";
import { adminLoader, adminAction as callAdminAction } from "../support/admin";

// The role matrix, continued (tests/support/access-matrix.ts): the Announcements tab's other
// intents, the key desk, and the staff endpoints outside the tabs.

/** A webhook, stored as the tab stores it. */
async function newHook(context: AppContext, url: string) {
  const { db, env } = context.get(runtimeContext);
  return saveHook(db, env, {
    hookId: "",
    kind: "webhook",
    scope: "studio",
    label: "Matrix",
    url,
    roleId: "",
    threadName: "",
  });
}

// The key desk refuses a role without canManagePress itself, before it reads the form's intent.
const deskForbidden: Expect = {
  status: 403,
  message: "Only admins and above can act on the key desk.",
};

/** A game of the key desk: a pending Steam request, an available Steam key and a quote. */
async function deskGame(context: AppContext) {
  const { db, env } = context.get(runtimeContext);
  const game = await createGame(db, {
    title: `Matrix desk game ${crypto.randomUUID()}`,
    description: "D",
    imageUrl: "https://img.example/x.png",
    status: "Released",
    url: "https://play.example/x",
  });
  const [keyRequest] = await db
    .insert(pressKeyRequests)
    .values({
      gameId: game.id,
      name: "Ana Writer",
      outlet: "Example Games",
      outletUrl: "https://www.example.com",
      audience: "Weekly reviews",
      platform: "Steam",
      message: "For our review.",
      email: "ana@example.com",
    })
    .returning();
  const sealer = keySealer(env);
  const scope = { gameId: game.id, platform: "Steam" };
  const clear = `KEY-${crypto.randomUUID()}`;
  const [key] = await db
    .insert(pressKeys)
    .values({ ...scope, sealed: sealer.seal(clear, scope), fingerprint: sealer.fingerprint(clear) })
    .returning();
  const [coverage] = await db
    .insert(pressCoverage)
    .values({
      gameId: game.id,
      url: "https://www.example.com/review",
      outlet: "Example Games",
      kind: "Review",
      publishedOn: "2025-01-02",
      quote: "A fine game.",
    })
    .returning();
  return { game, request: keyRequest!, key: key!, coverage: coverage! };
}

// Each intent's smallest valid form, on a desk game of its own.
const DESK_FORMS: Record<string, (desk: Awaited<ReturnType<typeof deskGame>>) => FormFields> = {
  import: ({ game }) => ({ gameId: game.id, platform: "Steam", keys: `K-${crypto.randomUUID()}` }),
  send: ({ request }) => ({ requestId: request.id }),
  decline: ({ request }) => ({ requestId: request.id }),
  revoke: ({ key }) => ({ keyId: key.id }),
  coverage: ({ game }) => ({
    gameId: game.id,
    url: "https://www.example.com/preview",
    outlet: "Example Games",
    kind: "Preview",
    publishedOn: "2025-01-03",
  }),
  kit: ({ coverage }) => ({ coverageId: coverage.id, show: "true" }),
};

/** A text answer (a Response) read as its status and body, so a refusal's message is checked. */
async function asText(answer: Response) {
  return data(await answer.text(), { status: answer.status });
}

const MATRIX: Cell[] = [
  {
    name: "POST /admin/announcements hook-delete (action)",
    call: async (context, cookie) => {
      const hook = await newHook(context, "https://hooks.example.com/matrix");
      return callAdminAction(
        context,
        { intent: "hook-delete", hookId: hook.id },
        cookie,
        "announcements",
      );
    },
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
    // Nothing reaches the network: the receiver is an address literal of a reserved network (stored
    // past the form's check), refused by the hook call before it connects (public-address.server.ts);
    // the test is then "not accepted" (422) with no answer.
    name: "POST /admin/announcements hook-test (action)",
    call: async (context, cookie) => {
      const hook = await newHook(context, "https://192.0.2.1/matrix");
      return callAdminAction(
        context,
        { intent: "hook-test", hookId: hook.id },
        cookie,
        "announcements",
      );
    },
    expect: {
      "signed out": toAuthAndBack("/admin/announcements"),
      guest: toAuth,
      moderator: announcementsForbidden,
      admin: { status: 422, message: "The test was not accepted (no answer)" },
      developer: { status: 422, message: "The test was not accepted (no answer)" },
      owner: { status: 422, message: "The test was not accepted (no answer)" },
    },
  },
  {
    // Moderators read the key requests (with nothing to act on).
    name: "GET /admin/keys (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/keys", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/keys"),
      guest: toAuth,
      moderator: ok,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  ...Object.entries(DESK_FORMS).map(
    ([intent, form]): Cell => ({
      name: `POST /admin/keys ${intent} (action)`,
      call: async (context, cookie) =>
        callAdminAction(context, { intent, ...form(await deskGame(context)) }, cookie, "keys"),
      expect: {
        "signed out": toAuthAndBack("/admin/keys"),
        guest: toAuth,
        moderator: deskForbidden,
        admin: ok,
        developer: ok,
        owner: ok,
      },
    }),
  ),
  {
    name: "POST /admin/news-preview (action)",
    call: (context, cookie) =>
      newsPreview.action({
        request: request("/admin/news-preview", { cookie, form: { content: "# Matrix" } }),
        context,
        params: {},
      } as never),
    expect: {
      "signed out": { status: 401, message: "Please sign in to preview news." },
      guest: forbidden,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    name: "GET /admin/news-mail-preview (loader)",
    call: async (context, cookie) => {
      const item = await createNews(context.get(runtimeContext).db, {
        title: "To preview",
        content: "Body",
      });
      return asText(
        await mailPreview.loader({
          request: request(`/admin/news-mail-preview?id=${item.id}`, { cookie }),
          context,
          params: {},
        } as never),
      );
    },
    expect: {
      "signed out": { status: 401, message: "Please sign in to preview the mail." },
      guest: forbidden,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    // For the staff who manage news, games or the site settings.
    name: "POST /media/upload (action)",
    call: (context, cookie) => {
      const png = fs.readFileSync(
        path.join(__dirname, "../fixtures/presskit/rich-game/images/shot-a.png"),
      );
      const file = new File([new Uint8Array(png)], "shot.png", { type: "image/png" });
      return mediaUpload.action({
        request: request("/media/upload", { cookie, form: { file } }),
        context,
        params: {},
      } as never);
    },
    expect: {
      "signed out": { status: 401, message: "Please sign in to upload images." },
      guest: forbidden,
      moderator: forbidden,
      admin: ok,
      developer: ok,
      owner: ok,
    },
  },
  {
    // The owner alone chooses where sign-in codes may be texted (canManageTextMessages).
    name: "GET /admin/sms (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/sms", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/sms"),
      guest: toAuth,
      moderator: toMessages,
      admin: toMessages,
      developer: toMessages,
      owner: ok,
    },
  },
  {
    name: "POST /admin/sms sms-countries-save (action)",
    call: (context, cookie) =>
      callAdminAction(context, { intent: "sms-countries-save", countries: "SE" }, cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/sms"),
      guest: toAuth,
      moderator: forbidden,
      admin: forbidden,
      developer: forbidden,
      owner: ok,
    },
  },
];

describeMatrix("access matrix (more)", MATRIX);
