import fc from "fast-check";
import { ADMIN_INTENTS } from "../../app/admin/admin-actions.server";
import { ENDPOINTS } from "../../app/api/api.server";
import { GAME_STATUSES } from "../../app/games/game-status";
import { NEWS_KINDS } from "../../app/news/news-about";
import { THEMES } from "../../app/platform/theme/theme";
import { ProfileIntentSchema } from "../../app/profiles/profile-schema";
import { ROLES } from "../../app/roles/permissions";
import { E2E_PASSWORD, roleEmail } from "../support/users";
import {
  type Body,
  brokenBody,
  type Entry,
  type FuzzRequest,
  fields,
  formBody,
  origin,
  type Sent,
  WHO,
  type Who,
} from "./support/http";
import {
  email,
  httpUrl,
  idFrom,
  imageBytes,
  MARK,
  markerPayload,
  password,
  percentEncode,
  queryString,
  storedZip,
  text,
  uuid,
} from "./support/inputs";

// Every form action and API endpoint, each as a generator of requests, with the rule that says
// whether the server refused the request.

export type Pools = {
  news: string[];
  games: string[];
  messages: string[];
  /** Accounts made for role changes (never the suite's own staff accounts). */
  targetEmails: string[];
  targetIds: string[];
};

export type Target = {
  name: string;
  /** Share of FUZZ_RUNS this target gets. */
  weight: number;
  arbitrary: fc.Arbitrary<FuzzRequest>;
  /** Whether the server refused the input (then nothing may have been stored). */
  refused?: (sent: Sent) => boolean;
  /** Tables a refused request may still write by design. */
  mayChange?: string[];
  /** Reads only: no refused/stored bookkeeping. */
  readOnly?: boolean;
};

/** 4xx, or a redirect to sign-in: the request was turned away. */
export const defaultRefused = (sent: Sent) =>
  sent.status >= 400 ||
  sent.status === 0 ||
  (sent.location?.startsWith("/auth?redirectTo=") ?? false);

const who = (...allowed: Who[]) => fc.constantFrom(...allowed);
const anyone = who(...WHO);
const staff = who("moderator", "admin", "developer", "owner");
const orText = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: text });
const words = fc
  .array(fc.constantFrom("Lantern", "fly", "news", "update", "patch", "beta", "é", "日本"), {
    minLength: 1,
    maxLength: 6,
  })
  .map((w) => w.join(" "));
const markedWords = fc.tuple(words, markerPayload).map(([w, m]) => `${w} ${m}`);
const goodText = fc.oneof(words, markedWords);

function post(
  path: string,
  as: fc.Arbitrary<Who>,
  body: fc.Arbitrary<Body>,
  accept: FuzzRequest["accept"] = "html",
): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ as, body, origin, query: fc.oneof(fc.constant(""), queryString) })
    .map((r) => ({ method: "POST", path, accept, ...r }));
}

const passwords = fc.tuple(password, fc.boolean()).map(([p, same]) => [p, same ? p : `${p}x`]);

export function targets(pools: Pools): Target[] {
  const newsId = idFrom(() => pools.news);
  const gameId = idFrom(() => pools.games);
  const messageId = idFrom(() => pools.messages);

  const contact: Target = {
    name: "contact form",
    weight: 1.5,
    arbitrary: post(
      "/contact",
      anyone,
      formBody(
        fields({
          name: orText(goodText),
          email: email,
          subject: orText(goodText),
          message: orText(goodText),
        }),
      ),
    ),
  };

  const signIn: Target = {
    name: "sign-in form",
    weight: 1,
    arbitrary: post(
      "/auth",
      who("anonymous"),
      formBody(
        fields(
          {
            email: fc.oneof(email, fc.constant(roleEmail("guest"))),
            password: fc.oneof(password, fc.constant(E2E_PASSWORD)),
            redirectTo: fc.oneof(
              fc.constantFrom("/", "/profile", "/news?x=1"),
              text.map((t) => `/${t}`),
              text,
            ),
          },
          [["intent", "login"]],
        ),
      ),
    ),
  };

  const signUp: Target = {
    name: "sign-up form",
    weight: 1,
    arbitrary: post(
      "/auth",
      who("anonymous"),
      formBody(
        fc.tuple(email, passwords).chain(([e, [p, c]]) =>
          fields(
            {
              email: fc.constant(e),
              password: fc.constant(p!),
              confirmPassword: fc.constant(c!),
            },
            [["intent", "register"]],
          ),
        ),
      ),
    ),
  };

  const forgot: Target = {
    name: "forgot-password form",
    weight: 0.5,
    arbitrary: post("/auth/forgot-password", who("anonymous"), formBody(fields({ email }))),
  };

  const reset: Target = {
    name: "reset-password form",
    weight: 0.5,
    arbitrary: post(
      "/auth/reset-password",
      who("anonymous"),
      formBody(
        passwords.chain(([p, c]) =>
          fields({
            token: orText(fc.string({ minLength: 10, maxLength: 40 })),
            password: fc.constant(p!),
            confirmPassword: fc.constant(c!),
          }),
        ),
      ),
    ),
  };

  const twoFactor: Target = {
    name: "two-factor form",
    weight: 0.5,
    arbitrary: post(
      "/auth/two-factor",
      who("anonymous"),
      formBody(
        fields({
          code: orText(
            fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[A-Za-z0-9-]{8,20}$/)),
          ),
          trustDevice: fc.constantFrom("on", "off", ""),
          redirectTo: text,
        }),
      ),
    ),
  };

  const ownerSetup: Target = {
    name: "owner set-up form",
    weight: 0.5,
    arbitrary: post(
      "/auth/setup-owner",
      who("anonymous"),
      formBody(
        fc.tuple(email, passwords).chain(([e, [p, c]]) =>
          fields({
            token: orText(fc.string({ minLength: 10, maxLength: 64 })),
            email: fc.constant(e),
            password: fc.constant(p!),
            confirmPassword: fc.constant(c!),
          }),
        ),
      ),
    ),
  };

  const signOut: Target = {
    name: "sign-out",
    weight: 0.25,
    arbitrary: post("/auth/sign-out", who("anonymous"), formBody(fields({ x: text }))),
  };

  // The profile writes act on the signed-in guest account; its password is never generated, so
  // password change, two-factor and account deletion are always refused.
  const profileIntent = fc.constantFrom(...ProfileIntentSchema.options);
  const profile: Target = {
    name: "profile forms (profile, settings, theme, security)",
    weight: 2,
    arbitrary: post(
      "/profile",
      fc.oneof({ weight: 5, arbitrary: who("guest") }, { weight: 1, arbitrary: who("anonymous") }),
      formBody(
        fc.oneof(profileIntent, text).chain((intent) =>
          fields(
            {
              displayName: orText(goodText),
              bio: orText(goodText),
              emailNotifications: fc.constantFrom("on", "true", "off", ""),
              // The games' newsletter lists beside the switch: ids, unknown ids or any text.
              gameLists: fc.oneof(uuid, text),
              newsletterShown: orText(fc.constant("on")),
              themePreference: orText(fc.constantFrom(...THEMES)),
              privacyLevel: orText(fc.constantFrom("public", "private")),
              theme: orText(fc.constantFrom(...THEMES)),
              password: password,
              code: orText(fc.stringMatching(/^\d{6}$/)),
              currentPassword: password,
              newPassword: password,
              confirmPassword: password,
              sessionId: fc.oneof(uuid, text),
            },
            [["intent", intent]],
          ),
        ),
      ),
    ),
    // A refused "profile"/"settings" may not touch the profile; nothing else writes there.
  };

  const avatar: Target = {
    name: "avatar upload",
    weight: 1,
    arbitrary: fc
      .record({
        as: fc.oneof(
          { weight: 5, arbitrary: who("guest") },
          { weight: 1, arbitrary: who("anonymous") },
        ),
        origin,
        accept: fc.constantFrom<FuzzRequest["accept"]>("html", "json", "any"),
        body: fc.oneof(
          {
            weight: 4,
            arbitrary: fc
              .tuple(
                imageBytes,
                fc.constantFrom("avatar", "avatar", "file", ""),
                fc.constantFrom(
                  "image/png",
                  "image/webp",
                  "text/html",
                  "application/octet-stream",
                  "",
                ),
                fc.oneof(fc.constant("a.png"), text),
              )
              .map(
                ([bytes, field, type, name]): Body => ({
                  kind: "form",
                  encoding: "multipart",
                  entries: [[field, { file: bytes, name, type }]],
                }),
              ),
          },
          { weight: 1, arbitrary: formBody(fields({ avatar: text })) },
        ),
      })
      .map((r) => ({ method: "POST", path: "/profile/avatar", query: "", ...r })),
  };

  // The Press Kits tab's presskit() zip: a folder zipped with a title of any text and a picture
  // of any bytes, or bytes that are no zip, or a zip whose entry climbs out of its folder.
  const xmlText = (value: string) =>
    value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const presskitZip = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(fc.oneof(goodText, text), imageBytes).map(([title, picture]) =>
        storedZip({
          "data.xml": `<game><title>${xmlText(title)}</title><website>https://example.com/k</website></game>`,
          "images/shot.png": picture,
        }),
      ),
    },
    { weight: 1, arbitrary: imageBytes },
    {
      weight: 1,
      arbitrary: fc.constant(null).map(() => storedZip({ "../data.xml": "<game/>" })),
    },
  );
  const presskitImport: Target = {
    name: "presskit() zip import (Press Kits tab)",
    weight: 1,
    arbitrary: post(
      "/admin/press",
      fc.oneof({ weight: 4, arbitrary: staff }, { weight: 1, arbitrary: anyone }),
      fc
        .tuple(
          presskitZip,
          fc.constantFrom("zip", "zip", "file"),
          fc.oneof(fc.constant("kit.zip"), text),
          fc.oneof(
            fc.constant(""),
            fc.constant(null).map(() => "no-such-game"),
            text,
          ),
        )
        .map(
          ([bytes, field, name, game]): Body => ({
            kind: "form",
            encoding: "multipart",
            entries: [
              ["intent", "presskit-import"],
              [field, { file: bytes, name, type: "application/zip" }],
              ["game", game],
            ],
          }),
        ),
    ),
    refused: (sent) => sent.status !== 200,
  };

  const adminIntent = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...Object.keys(ADMIN_INTENTS)) },
    { weight: 1, arbitrary: text },
  );
  const reorderIds = fc.oneof(
    fc.constant(null).map(() => JSON.stringify([...pools.games].reverse())),
    fc.shuffledSubarray(pools.games.length ? pools.games : ["x"]).map((ids) => JSON.stringify(ids)),
    fc.array(fc.oneof(uuid, text), { maxLength: 4 }).map((ids) => JSON.stringify(ids)),
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? ""),
    text,
  );
  // Mostly to the intent's own tab, sometimes to another (which must refuse it).
  const ADMIN_PATHS = [
    "/admin/messages",
    "/admin/news",
    "/admin/games",
    "/admin/pages",
    "/admin/settings",
  ];
  const adminPath = (intent: string) =>
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constant(
          Object.hasOwn(ADMIN_INTENTS, intent)
            ? `/admin/${ADMIN_INTENTS[intent as keyof typeof ADMIN_INTENTS]}`
            : "/admin/messages",
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom(...ADMIN_PATHS) },
    );
  const admin: Target = {
    name: "admin dashboard intents (messages, news, games, reorder, pages, site settings, navigation)",
    weight: 3,
    arbitrary: adminIntent.chain((intent) =>
      adminPath(intent).chain((path) =>
        post(
          path,
          fc.oneof(
            { weight: 6, arbitrary: staff },
            { weight: 1, arbitrary: who("anonymous", "guest") },
          ),
          formBody(
            fields(
              {
                id: intent.startsWith("game")
                  ? gameId
                  : intent.startsWith("news")
                    ? newsId
                    : messageId,
                title: orText(goodText),
                content: orText(goodText),
                description: orText(goodText),
                imageUrl: httpUrl,
                status: orText(fc.constantFrom(...GAME_STATUSES)),
                url: httpUrl,
                ids: reorderIds,
                // Pages: mostly published and linked, so the crawl below reads what was stored.
                slug: orText(fc.constantFrom("about", "jobs", "news", "admin", "press-kit")),
                state: orText(fc.constantFrom("published", "draft")),
                placement: orText(fc.constantFrom("header", "footer", "none")),
                template: orText(fc.constant("privacy")),
                // The site settings: shown on every page, the Markdown ones rendered on Home.
                name: orText(goodText),
                tagline: orText(goodText),
                heroText: orText(goodText),
                vision: orText(goodText),
                values: orText(goodText),
                callToAction: orText(goodText),
                location: orText(goodText),
                socialLinks: orText(httpUrl),
                accentColor: orText(fc.constantFrom("#0b5a3c", "#5b3fd1", "#ffff00", "red")),
                // The navigation: a link of the studio's own, shown in every page's header.
                "entries[0].kind": orText(fc.constantFrom("link", "route", "page")),
                "entries[0].label": orText(goodText),
                "entries[0].url": httpUrl,
                "entries[0].route": orText(fc.constantFrom("home", "press")),
                "entries[0].place": orText(fc.constantFrom("header", "footer", "both", "hidden")),
                "entries[0].button": orText(fc.constant("on")),
                "entries[0].newTab": orText(fc.constant("on")),
              },
              [["intent", intent]],
            ),
          ),
        ),
      ),
    ),
    refused: (sent) => sent.status !== 200,
  };

  const roleManagement: Target = {
    name: "role management (assign by email, set per user)",
    weight: 1,
    arbitrary: post(
      "/role-management",
      fc.oneof({ weight: 5, arbitrary: who("owner") }, { weight: 1, arbitrary: anyone }),
      formBody(
        fc.oneof(fc.constantFrom("assign", "set"), text).chain((intent) =>
          fields(
            {
              email: fc.oneof(
                fc.constant(null).map(() => pools.targetEmails[0] ?? "nobody@example.com"),
                fc
                  .nat()
                  .map((i) => pools.targetEmails[i % Math.max(1, pools.targetEmails.length)] ?? ""),
                email,
              ),
              userId: fc.oneof(
                fc.nat().map((i) => pools.targetIds[i % Math.max(1, pools.targetIds.length)] ?? ""),
                uuid,
                text,
              ),
              role: orText(fc.constantFrom(...ROLES)),
            },
            [["intent", intent]],
          ),
        ),
      ),
    ),
    refused: (sent) => sent.location !== "/role-management",
  };

  const invitationToken = orText(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/));

  // docs/product.md#staff-invitations: a made-up token never opens an invitation, whoever posts it.
  const invitationPage: Target = {
    name: "staff invitation page (create the account, accept)",
    weight: 0.5,
    arbitrary: post(
      "/auth/invitation",
      anyone,
      formBody(
        fc
          .tuple(fc.oneof(fc.constantFrom("create", "accept"), text), passwords)
          .chain(([intent, [p, c]]) =>
            fields(
              {
                token: invitationToken,
                password: fc.constant(p!),
                confirmPassword: fc.constant(c!),
              },
              [["intent", intent]],
            ),
          ),
      ),
    ),
    refused: (sent) => !sent.location?.startsWith("/admin"),
  };

  const invitations: Target = {
    name: "staff invitations (invite, resend, revoke)",
    weight: 0.75,
    arbitrary: post(
      "/role-management",
      fc.oneof({ weight: 3, arbitrary: who("owner") }, { weight: 1, arbitrary: anyone }),
      formBody(
        fc.oneof(fc.constantFrom("invite", "resend", "revoke"), text).chain((intent) =>
          fields(
            {
              email,
              role: orText(fc.constantFrom(...ROLES)),
              invitationId: fc.oneof(uuid, text),
            },
            [["intent", intent]],
          ),
        ),
      ),
    ),
    refused: (sent) => sent.location !== "/role-management",
  };

  const gamePlayed: Target = {
    name: "game played beacon",
    weight: 0.5,
    arbitrary: fc
      .record({
        as: anyone,
        origin,
        id: gameId,
        body: fc.oneof(brokenBody, fc.constant<Body>({ kind: "none" })),
      })
      .map(({ id, ...r }) => ({
        method: "POST",
        path: `/games/${percentEncode(id)}/played`,
        query: "",
        accept: "any" as const,
        ...r,
      })),
  };

  const api: Target = {
    name: "REST API v1 (every endpoint and method)",
    weight: 6,
    arbitrary: apiRequest(pools),
    mayChange: ["staff_audit_log"],
  };

  const writePaths = [
    "/contact",
    "/auth",
    "/auth/forgot-password",
    "/auth/reset-password",
    "/auth/two-factor",
    "/auth/setup-owner",
    "/auth/invitation",
    "/auth/sign-out",
    "/profile",
    "/profile/avatar",
    "/admin/messages",
    "/admin/news",
    "/admin/games",
    "/admin/pages",
    "/admin/settings",
    "/admin/announcements",
    "/role-management",
    "/api/v1/news",
    "/api/v1/games",
    "/api/v1/query",
    "/api/v1/developer_work/me",
    "/api/v1/cache/clear",
  ];
  const crossSite: Target = {
    name: "cross-site writes (refused with 403)",
    weight: 1,
    arbitrary: fc
      .record({
        path: fc.constantFrom(...writePaths),
        method: fc.constantFrom("POST", "PUT", "DELETE", "PATCH"),
        as: fc.constantFrom<Who>("anonymous", "guest", "owner"),
        origin: fc.constantFrom("foreign", "null", "sec-fetch-cross"),
        body: formBody(
          fields({
            title: goodText,
            content: goodText,
            name: goodText,
            message: goodText,
            intent: text,
          }),
        ),
      })
      .map((r) => ({ ...r, query: "", accept: "html" as const })),
    refused: () => true,
  };

  const malformed: Target = {
    name: "malformed bodies to every write",
    weight: 1.5,
    arbitrary: fc
      .record({
        path: fc.constantFrom(...writePaths, "/games/00000000-0000-4000-8000-000000000000/played"),
        as: fc.constantFrom<Who>("anonymous", "guest", "owner"),
        body: brokenBody,
        method: fc.constantFrom("POST", "PUT"),
        accept: fc.constantFrom<FuzzRequest["accept"]>("html", "json", "any"),
      })
      // Signing out needs no body: with the owner's cookie it would end the suite's own session.
      .map((r) => ({
        ...r,
        as: r.path === "/auth/sign-out" ? ("anonymous" as const) : r.as,
        query: "",
        origin: "same" as const,
      })),
  };

  return [
    contact,
    signIn,
    signUp,
    forgot,
    reset,
    twoFactor,
    ownerSetup,
    signOut,
    profile,
    avatar,
    admin,
    presskitImport,
    roleManagement,
    invitationPage,
    invitations,
    gamePlayed,
    api,
    crossSite,
    malformed,
  ];
}

const API_PATHS = [...new Set(ENDPOINTS.map((e) => e.path))];

function apiRequest(pools: Pools): fc.Arbitrary<FuzzRequest> {
  const pathArb = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...API_PATHS) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("", "openapi.json", "news/", "news//x", "games/x/y", "nope"),
    },
    {
      weight: 1,
      arbitrary: text.map((t) => percentEncode(t.replace(/[\ud800-\udfff]/g, ""))),
    },
  );
  const idArb = idFrom(() => [...pools.news, ...pools.games]);
  const gameRef = fc.oneof(
    idFrom(() => pools.games),
    text,
  );
  const validBody: Record<string, fc.Arbitrary<unknown>> = {
    // What a post is about, each field often sensible, sometimes wrong, sometimes left out.
    news: fc.record(
      {
        title: orText(goodText),
        content: orText(goodText),
        games: fc.oneof(fc.array(gameRef, { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
        kind: orText(fc.constantFrom(...NEWS_KINDS)),
        version: orText(fc.constantFrom("1.2.0", "v0.9b", "1.0.0-beta.2+build.7")),
        tags: fc.oneof(
          fc.array(orText(fc.constantFrom("roadmap", "Level Design", "#art")), { maxLength: 9 }),
          text,
        ),
        mailLists: fc.array(fc.oneof(fc.constant("studio"), gameRef), { maxLength: 3 }),
      },
      { requiredKeys: ["title", "content"] },
    ),
    games: fc.record({
      title: orText(goodText),
      description: orText(goodText),
      imageUrl: httpUrl,
      status: orText(fc.constantFrom(...GAME_STATUSES)),
      url: httpUrl,
    }),
    "developer_work/me": fc.record({ current_task: fc.oneof(text, fc.constant(null), goodText) }),
    query: fc.record({
      sql: fc.oneof(
        fc.constantFrom(
          "select id, username from profiles",
          "select * from user_roles",
          "SELECT username FROM profiles WHERE username LIKE '%a%'",
          "select 1",
          "delete from profiles",
          "select * from profiles; drop table news",
          "select pg_sleep(10) from profiles",
          "select * from users",
          "select (select count(*) from accounts) from profiles",
          "",
        ),
        fc
          .tuple(
            fc.constantFrom("select ", "SELECT ", "with x as (select 1) select "),
            text,
            fc.constantFrom(" from profiles", " from user_roles", ""),
          )
          .map((p) => p.join("")),
        text.map((t) => `select '${t}' as x from profiles`),
        text,
      ),
    }),
  };
  const jsonish: fc.Arbitrary<unknown> = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(
      fc.constantFrom("title", "content", "sql", "current_task", "url", "status"),
      fc.oneof(text, fc.jsonValue({ maxDepth: 1 })),
    ),
    fc.array(text, { maxLength: 3 }).map((values) => ({ title: values, content: values })),
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE") },
        { weight: 1, arbitrary: fc.constantFrom("PATCH", "HEAD", "OPTIONS") },
      ),
      path: pathArb,
      id: idArb,
      as: anyone,
      origin,
      query: queryString,
      accept: fc.constantFrom<FuzzRequest["accept"]>("json", "any", "html"),
      bodyChoice: fc.nat({ max: 9 }),
      valid: fc.oneof(...Object.values(validBody)),
      other: jsonish,
      broken: brokenBody,
      contentType: fc.constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "text/plain",
        "application/x-www-form-urlencoded",
      ),
    })
    .map((r) => {
      const path = r.path.replace(":id", percentEncode(r.id));
      const specific =
        validBody[
          path
            .split("/")
            .slice(0, path.startsWith("developer_work") ? 2 : 1)
            .join("/")
        ];
      let body: Body;
      if (r.bodyChoice < 5)
        body = { kind: "json", contentType: r.contentType, value: specific ? r.valid : r.other };
      else if (r.bodyChoice < 8)
        body = { kind: "json", contentType: r.contentType, value: r.other };
      else body = r.broken;
      return {
        method: r.method,
        path: `/api/v1/${path}`,
        query: r.query,
        as: r.as,
        origin: r.origin,
        accept: r.accept,
        body,
      } satisfies FuzzRequest;
    });
}

/** Pages and resources read with random ids and query strings. */
export function pageRequests(pools: Pools): fc.Arbitrary<FuzzRequest> {
  const id = idFrom(() => [...pools.news, ...pools.games]);
  const paths = fc.oneof(
    fc.constantFrom(
      "/",
      "/news",
      "/games",
      "/contact",
      "/auth",
      "/auth/forgot-password",
      "/auth/reset-password",
      "/auth/setup-owner",
      "/auth/invitation",
      "/auth/two-factor",
      "/auth/sign-out",
      "/profile",
      "/profile/avatar",
      "/profile/export",
      "/admin",
      "/admin?tab=news",
      "/admin/messages",
      "/admin/news",
      "/admin/games",
      "/admin/pages",
      "/admin/settings",
      "/role-management",
      "/api/docs",
      "/api/v1/openapi.json",
      "/news/feed.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/healthz",
      "/readyz",
      "/livez",
      "/sitemaps/pages.xml",
      "/sitemaps/news-1.xml",
    ),
    id.map((i) => `/news/${percentEncode(i)}`),
    text.map((t) => `/news?q=${percentEncode(t)}`),
    text.map((t) => `/news?before=${percentEncode(t)}&q=${percentEncode(t)}`),
    text.map((t) => `/news?after=${percentEncode(t)}`),
    text.map(
      (t) => `/news?kind=${percentEncode(t)}&game=${percentEncode(t)}&tag=${percentEncode(t)}`,
    ),
    text.map((t) => `/news/tag/${percentEncode(t)}`),
    text.map((t) => `/news/tag/${percentEncode(t)}?before=${percentEncode(t)}`),
    text.map((t) => `/sitemaps/${percentEncode(t)}`),
    // A game's news page and feed, a tag's feed.
    id.map((i) => `/games/${percentEncode(i)}/news`),
    fc
      .tuple(id, text)
      .map(
        ([i, t]) =>
          `/games/${percentEncode(i)}/news?kind=${percentEncode(t)}&before=${percentEncode(t)}`,
      ),
    id.map((i) => `/games/${percentEncode(i)}/feed.xml`),
    text.map((t) => `/news/tag/${percentEncode(t)}/feed.xml`),
    id.map((i) => `/news/${i.replace(/[\ud800-\udfff]/g, "")}`),
    id.map((i) => `/avatars/${percentEncode(i)}/avatar.webp`),
    text.map((t) => `/${percentEncode(t)}`),
    fc.constantFrom(
      "/%",
      "/news/%E0%A4%A",
      "/%00",
      "/..%2F..%2Fetc%2Fpasswd",
      "/assets/%zz",
      "//x",
      "/news/%2e%2e",
    ),
  );
  return fc
    .record({
      path: paths,
      query: queryString,
      as: anyone,
      accept: fc.constantFrom<FuzzRequest["accept"]>("html", "any", "json"),
      method: fc.constantFrom("GET", "GET", "HEAD"),
    })
    .map((r) => ({ ...r, origin: "none" as const, body: { kind: "none" } as Body }));
}

export type { Entry };
export { MARK };
