import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games, media, staffAuditLog, userActivity } from "../../app/db/schema";
import { createGame, getGameBySlug } from "../../app/games/games.server";
import type { FormReply } from "../../app/platform/forms/submission.server";
import type { AppContext } from "../../app/platform/server/context.server";
import * as gameDetail from "../../app/routes/game-detail";
import * as sitemap from "../../app/routes/sitemap";
import { createSite, type Site } from "../../server/app";
import { outcome, request, signedInAs } from "../support/accounts";
import { postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// The game pages (/games/<slug>): what they show, their addresses (made from the title, unique,
// editable; an old id address redirects for good), what a visit records, and who may change them.

// The site's own request handling (server/app.ts: headers, CSP, page cache) runs for real below; only
// React Router's rendering is replaced by a small document with an inline script (shareable for a
// visitor without a cookie, as a public page is), so no build is needed to see which policy each
// page gets.
vi.mock("virtual:react-router/server-build", () => ({}));
vi.mock("@react-router/express", () => ({
  createRequestHandler: () => (req: ExpressRequest, res: ExpressResponse) => {
    res
      .status(200)
      .set(
        "Cache-Control",
        req.headers.cookie ? "private, no-cache" : "public, max-age=0, s-maxage=1",
      )
      .type("html")
      .send(
        `<!DOCTYPE html><html><head><script>window.page=${JSON.stringify(req.path)}</script></head><body></body></html>`,
      );
  },
}));

const SITE = "http://localhost:3000";
const YOUTUBE = "dQw4w9WgXcQ";

const card = (title: string, extra: Record<string, string> = {}) => ({
  title,
  description: `${title}: a small handmade game.\nIts second line.`,
  imageUrl: "/images/games/tidewright.svg",
  status: "Coming Soon",
  url: "https://play.example/tidewright",
  ...extra,
});

type Loaded = Awaited<ReturnType<typeof gameDetail.loader>>;

describe.each(testEngines())("game pages on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let developer: { id: string; email: string; cookie: string };
  let adminUser: { id: string; email: string; cookie: string };
  let guest: { id: string; email: string; cookie: string };

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    developer = await signedInAs(context, "developer");
    adminUser = await signedInAs(context, "admin");
    guest = await signedInAs(context, "guest");
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate games, media, staff_audit_log, user_activity cascade`);
  });

  const act = (cookie: string, form: Record<string, string>) => postAdmin(context, form, cookie);
  const errorsOf = (body: unknown) => (body as FormReply).error;

  const open = (slug: string, cookie?: string, search = "") =>
    outcome(() =>
      gameDetail.loader({
        request: request(`/games/${slug}${search}`, { cookie }),
        params: { slug },
        context,
      } as never),
    );

  /** Uploaded images as the media library keeps them (three widths each). */
  async function uploaded(count: number): Promise<string[]> {
    const rows = await handle.db
      .insert(media)
      .values(
        Array.from({ length: count }, () => ({
          width: 2000,
          height: 1125,
          widths: [480, 960, 1600],
        })),
      )
      .returning({ id: media.id });
    return rows.map((row) => row.id);
  }

  /** The page's HTML as the route component renders it with the loader's data. */
  function render(data: Loaded, path: string): string {
    const Stub = createRoutesStub([
      {
        id: "game",
        path: "/games/:slug",
        Component: gameDetail.default as never,
        loader: () => data,
      },
    ]);
    return renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { game: data } },
      }),
    );
  }

  it("makes the address from the title, numbers a repeat, and refuses a typed address that is taken", async () => {
    expect(
      (await act(developer.cookie, { intent: "game-create", ...card("Tidewright: Ocean!") }))
        .status,
    ).toBe(200);
    expect(
      (await act(developer.cookie, { intent: "game-create", ...card("Tidewright  Ocean") })).status,
    ).toBe(200);
    const slugs = (await handle.db.select({ slug: games.slug }).from(games)).map((g) => g.slug);
    expect(slugs.sort()).toEqual(["tidewright-ocean", "tidewright-ocean-2"]);

    const taken = await act(developer.cookie, {
      intent: "game-create",
      ...card("Another"),
      slug: "tidewright-ocean",
    });
    expect(taken.status).toBe(409);
    expect(errorsOf(taken.body)).toMatchObject({
      slug: ["This address is already used by another game"],
    });
    const badSlug = await act(developer.cookie, {
      intent: "game-create",
      ...card("Another"),
      slug: "Not A Slug",
    });
    expect(badSlug.status).toBe(400);
    expect(await handle.db.select().from(games)).toHaveLength(2);

    const audit = await handle.db.select().from(staffAuditLog);
    expect(audit.map((a) => [a.action, a.actorId, a.details])).toEqual([
      [
        "game.create",
        developer.id,
        { title: "Tidewright: Ocean!", slug: "tidewright-ocean", visibility: "public" },
      ],
      [
        "game.create",
        developer.id,
        { title: "Tidewright  Ocean", slug: "tidewright-ocean-2", visibility: "public" },
      ],
    ]);
  });

  it("two games saved at once with the same title get different addresses", async () => {
    const saved = await Promise.all(
      [1, 2, 3].map(() =>
        act(developer.cookie, { intent: "game-create", ...card("Starling Post") }),
      ),
    );
    expect(saved.map((result) => result.status)).toEqual([200, 200, 200]);
    const slugs = (await handle.db.select({ slug: games.slug }).from(games)).map((g) => g.slug);
    expect(slugs.sort()).toEqual(["starling-post", "starling-post-2", "starling-post-3"]);
  });

  it("a developer edits the page's fields and its address, audited; an admin is refused on the server", async () => {
    const [shot] = await uploaded(1);
    await act(developer.cookie, { intent: "game-create", ...card("Tidewright") });
    const game = (await getGameBySlug(handle.db, "tidewright"))!;
    const edit = {
      intent: "game-update",
      id: game.id,
      ...card("Tidewright"),
      slug: "tidewright-deluxe",
      about: "# Sail\n\nChart the sea.",
      trailerUrl: `https://youtu.be/${YOUTUBE}`,
      platforms: "Windows, Nintendo Switch",
      storeLinks: "Steam https://store.steampowered.com/app/1\nhttps://x.itch.io/tidewright",
      releaseDate: "2026-03-14",
      gallery: JSON.stringify([{ image: shot, alt: "The harbour at dusk" }]),
    };

    const refused = await act(adminUser.cookie, edit);
    expect(refused.status).toBe(403);
    expect((await getGameBySlug(handle.db, game.id))?.slug).toBe("tidewright");

    expect((await act(developer.cookie, edit)).status).toBe(200);
    expect(await getGameBySlug(handle.db, "tidewright-deluxe")).toMatchObject({
      id: game.id,
      about: "# Sail\n\nChart the sea.",
      trailerUrl: `https://youtu.be/${YOUTUBE}`,
      platforms: ["Windows", "Nintendo Switch"],
      storeLinks: [
        { store: "Steam", url: "https://store.steampowered.com/app/1" },
        { store: "itch.io", url: "https://x.itch.io/tidewright" },
      ],
      releaseDate: "2026-03-14",
      gallery: [{ image: shot, alt: "The harbour at dusk" }],
      displayOrder: 1,
    });
    const [update] = await handle.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, "game.update"));
    expect(update).toMatchObject({
      actorId: developer.id,
      subjectId: game.id,
      details: { title: "Tidewright", slug: "tidewright-deluxe", previousSlug: "tidewright" },
    });

    // A screenshot that is no upload is refused on its field, and nothing changes.
    const missing = await act(developer.cookie, {
      ...edit,
      gallery: JSON.stringify([{ image: "0b4e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b", alt: "Gone" }]),
    });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body)).toMatchObject({ gallery: ["Upload the screenshot again"] });

    // The old address names nothing now; the id still finds the game.
    expect((await open("tidewright")).status).toBe(404);
    expect(await open(game.id)).toMatchObject({
      status: 301,
      location: "/games/tidewright-deluxe",
    });
  });

  it("a form or API client that leaves the page's fields out keeps them", async () => {
    const game = await createGame(handle.db, {
      ...card("Lantern"),
      status: "Released",
      about: "Kept.",
      platforms: ["Linux"],
      releaseDate: "2024-01-02",
    });
    expect(
      (await act(developer.cookie, { intent: "game-update", id: game.id, ...card("Lantern 2") }))
        .status,
    ).toBe(200);
    expect(await getGameBySlug(handle.db, game.id)).toMatchObject({
      title: "Lantern 2",
      slug: "lantern",
      about: "Kept.",
      platforms: ["Linux"],
      releaseDate: "2024-01-02",
    });
  });

  it("renders the page's parts: title, status, facts, text, trailer poster, screenshots, stores, the game's link", async () => {
    const [first, second] = await uploaded(2);
    const game = await createGame(handle.db, {
      ...card("Tidewright"),
      status: "In Development",
      about:
        "# The sea\n\nA **hand-built** boat.\n\n| Mode | Hours |\n| --- | --- |\n| Story | 8 |",
      trailerUrl: `https://www.youtube.com/watch?v=${YOUTUBE}`,
      platforms: ["Windows", "Nintendo Switch"],
      storeLinks: [{ store: "Steam", url: "https://store.steampowered.com/app/1" }],
      releaseDate: "2026-03-14",
      gallery: [
        { image: first!, alt: "The harbour at dusk" },
        { image: second!, alt: "A storm at sea" },
      ],
    });
    const loaded = await open(game.slug);
    expect(loaded.status).toBe(200);
    const html = render(loaded.body as Loaded, `/games/${game.slug}`);

    expect(html).toMatch(/<h1[^>]*>Tidewright<\/h1>/);
    expect(html).toContain(">In Development</span>");
    expect(html).toContain('<time dateTime="2026-03-14">Mar 14, 2026</time>');
    expect(html).toContain(">Windows</span>");
    expect(html).toContain(">Nintendo Switch</span>");
    expect(html).toMatch(/<h2 id="h-the-sea">The sea <a class="heading-anchor"/);
    expect(html).toContain("<strong>hand-built</strong>");
    expect(html).toContain("<table>");
    // The trailer: a poster linking to the video, named for what it plays; nothing of the
    // provider's is loaded before it is pressed.
    expect(html).toMatch(
      new RegExp(
        `<a href="https://www.youtube.com/watch\\?v=${YOUTUBE}" aria-label="Play trailer: Tidewright"`,
      ),
    );
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("youtube-nocookie");
    // Screenshots: thumbnails linking to the largest width.
    expect(html).toContain(`href="/media/${first}/1600.webp"`);
    expect(html).toContain('alt="The harbour at dusk"');
    expect(html).toContain('alt="A storm at sea"');
    expect(html).toContain(
      'href="https://store.steampowered.com/app/1" target="_blank" rel="noopener noreferrer"',
    );
    // In development, with a link that is no store page: its site, never "Play Game".
    expect(html).toMatch(
      /<a href="https:\/\/play.example\/tidewright" target="_blank" rel="noopener noreferrer"[^>]*>Visit Website/,
    );
    expect(html).not.toContain("Play Game");
    expect(html).toContain('href="/games"');

    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({
      "@type": "VideoGame",
      name: "Tidewright",
      url: `${SITE}/games/tidewright`,
      gamePlatform: ["Windows", "Nintendo Switch"],
      datePublished: "2026-03-14",
      author: { "@type": "Organization" },
      publisher: { "@type": "Organization" },
    });
    expect(ld.image[0]).toBe(`${SITE}/media/${first}/1600.webp`);

    const meta = gameDetail.meta({
      data: loaded.body,
      matches: [{ id: "root", loaderData: { siteUrl: SITE } }],
      location: { pathname: `/games/${game.slug}` },
    } as never) as Record<string, string>[];
    const tag = (property: string) => meta.find((m) => m.property === property)?.content;
    expect(tag("og:image")).toBe(`${SITE}/media/${first}/1600.webp`);
    expect(tag("og:image:width")).toBe("1600");
    expect(tag("og:image:alt")).toBe("The harbour at dusk");
    expect(tag("og:title")).toContain("Tidewright");
  });

  it("without a text the description is the page's text; without screenshots the game's image is its preview", async () => {
    const game = await createGame(handle.db, { ...card("Starling"), status: "Released" });
    const loaded = await open(game.slug);
    const html = render(loaded.body as Loaded, `/games/${game.slug}`);
    expect(html).toContain("<p>Starling: a small handmade game.</p>\n<p>Its second line.</p>");
    expect(html).not.toContain("Play trailer");
    const meta = gameDetail.meta({
      data: loaded.body,
      matches: [{ id: "root", loaderData: { siteUrl: SITE } }],
      location: { pathname: `/games/${game.slug}` },
    } as never) as Record<string, string>[];
    expect(meta.find((m) => m.property === "og:image")?.content).toBe(
      `${SITE}/images/games/tidewright.svg`,
    );
    expect(meta.some((m) => m.property === "og:image:width")).toBe(false);
  });

  it("staff Markdown cannot put script on the page", async () => {
    const game = await createGame(handle.db, {
      ...card("Inert"),
      status: "Released",
      about: [
        "<script>alert(1)</script>",
        "[click](javascript:alert(1))",
        '<img src=x onerror="alert(1)">',
        "![x](javascript:alert(1))",
        "[ok](https://example.com)",
      ].join("\n\n"),
    });
    const { body } = await open(game.slug);
    const { html } = body as Loaded;
    expect(html).not.toMatch(/<script|javascript:|<img|<[^>]*\son\w+=/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('href="https://example.com"');
  });

  it("an old id address redirects for good to the slug; an unknown one is the 404 page", async () => {
    const game = await createGame(handle.db, { ...card("Tidewright"), status: "Released" });
    expect(await open(game.id, undefined, "?ref=feed")).toMatchObject({
      status: 301,
      location: "/games/tidewright?ref=feed",
    });
    expect(await open(game.id.toUpperCase())).toMatchObject({
      status: 301,
      location: "/games/tidewright",
    });
    for (const address of [
      "no-such-game",
      "0b4e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
      "Tidewright",
      "x%00",
    ]) {
      expect((await open(address)).status, address).toBe(404);
    }
  });

  it("a signed-in visit is recorded as game_view with the page's address; an anonymous one is not", async () => {
    const game = await createGame(handle.db, { ...card("Tidewright"), status: "Released" });
    expect((await open(game.slug)).status).toBe(200);
    expect((await open(game.slug, guest.cookie)).status).toBe(200);
    await expect
      .poll(async () => handle.db.select().from(userActivity))
      .toEqual([
        expect.objectContaining({
          userId: guest.id,
          activityType: "game_view",
          activityData: { game_id: game.id, slug: "tidewright", title: "Tidewright" },
        }),
      ]);
  });

  it("the sitemap lists every game page with its last change", async () => {
    await createGame(handle.db, { ...card("Tidewright"), status: "Released" });
    await createGame(handle.db, { ...card("Starling"), status: "Released" });
    const response = (await sitemap.loader({ context } as never)) as Response;
    const xml = await response.text();
    expect(xml).toMatch(/<loc>[^<]*\/games\/tidewright<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
    expect(xml).toMatch(/<loc>[^<]*\/games\/starling<\/loc><lastmod>/);
  });
});

describe("the game page's content security policy", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-game-csp-"));
  const names = ["DATA_DIR", "AUTH_SECRET", "LOG_LEVEL", "DATABASE_URL"] as const;
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  let site: Site;
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    Object.assign(process.env, {
      DATA_DIR: dataDir,
      AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
      LOG_LEVEL: "silent",
    });
    delete process.env.DATABASE_URL;
    site = await createSite({
      devMode: false,
      demo: false,
      declaredNodeEnv: "test",
      migrationsFolder: path.resolve("drizzle"),
      print: () => {},
      serveFiles: () => {},
    });
    server = http.createServer((req, res) => site.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    site?.beginShutdown();
    await site?.close();
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const frameSrc = (policy: string | null) =>
    (policy ?? "").split("; ").filter((directive) => directive.startsWith("frame-src"));
  const PLAYERS = ["frame-src https://www.youtube-nocookie.com https://player.vimeo.com"];

  it("a game page may frame exactly the two players, kept by the page cache with the same policy", async () => {
    const first = await fetch(`${base}/games/tidewright`);
    const second = await fetch(`${base}/games/tidewright`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    const policy = second.headers.get("content-security-policy");
    expect(first.headers.get("content-security-policy")).toBe(policy);
    expect(frameSrc(policy)).toEqual(PLAYERS);
    expect(policy).toMatch(/'nonce-[\w+/=]+'/);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");

    // Rendered for one visitor (a cookie, no page cache): a nonce of its own, and the same frames.
    const own = await fetch(`${base}/games/tidewright`, {
      headers: { Cookie: "studio-visitor=1" },
    });
    expect(own.headers.get("content-security-policy")).toContain("'nonce-");
    expect(own.headers.get("content-security-policy")).not.toBe(policy);
    expect(frameSrc(own.headers.get("content-security-policy"))).toEqual(PLAYERS);
  });

  it("every other page keeps its policy: no frame source but its own", async () => {
    for (const pathname of [
      "/games",
      "/",
      "/news/tidewright",
      "/games/tidewright/played",
      "/contact",
    ]) {
      const response = await fetch(`${base}${pathname}`);
      await response.arrayBuffer();
      expect(frameSrc(response.headers.get("content-security-policy")), pathname).toEqual([]);
    }
  });
});
