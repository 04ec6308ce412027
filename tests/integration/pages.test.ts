import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games, pages, staffAuditLog } from "../../app/db/schema";
import { createGame } from "../../app/games/games.server";
import { RESERVED_SLUG } from "../../app/pages/page-schema";
import { listPages, navigationPages } from "../../app/pages/pages.server";
import type { FormReply } from "../../app/platform/forms/submission.server";
import type { AppContext } from "../../app/platform/server/context.server";
import * as root from "../../app/root";
import * as page from "../../app/routes/page";
import * as sitemap from "../../app/routes/sitemap";
import type { SiteNavigation } from "../../app/settings";
import { outcome, request, signedInAs } from "../support/accounts";
import { postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { testContext } from "../support/runtime";

// The studio's own pages (docs/product.md#pages): written in the admin's Pages tab by staff who
// manage news, shown at /<slug> when published, linked from the header or the footer.

describe.each(testEngines())("pages on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let admin: { cookie: string };
  let moderator: { cookie: string };

  const act = (cookie: string, form: Record<string, string>) => postAdmin(context, form, cookie);
  const open = (slug: string, cookie?: string) =>
    outcome(() =>
      page.loader({
        request: request(`/${slug}`, { cookie }),
        context,
        params: { slug },
      } as never),
    );
  const fieldError = (result: { body: unknown }, field: string) =>
    (result.body as FormReply).error?.[field]?.[0];

  beforeAll(async () => {
    handle = await engine.open();
    context = testContext(handle);
    admin = await signedInAs(context, "admin");
    moderator = await signedInAs(context, "moderator");
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate pages, staff_audit_log`);
  });

  it("a published page is at its address and in the navigation it was placed in", async () => {
    const saved = await act(admin.cookie, {
      intent: "page-create",
      title: "Jobs",
      content: "We are hiring a **level designer**.\n\nWrite to us.",
      state: "published",
      placement: "header",
    });
    expect(saved.status).toBe(200);
    const shown = await open("jobs");
    expect(shown.status).toBe(200);
    const body = shown.body as { page: { title: string; excerpt: string }; html: string };
    expect(body.page.title).toBe("Jobs");
    expect(body.page.excerpt).toBe("We are hiring a level designer.");
    expect(body.html).toContain("<strong>level designer</strong>");
    expect(await navigationPages(handle.db)).toEqual([
      { id: expect.any(String), slug: "jobs", title: "Jobs", placement: "header", published: true },
    ]);
    // The root loader hands the navigation to the header and footer of every page: the page
    // follows the site's four links in the header only (docs/product.md#navigation).
    const rootData = await outcome(() =>
      root.loader({ request: request("/"), context, params: {} } as never),
    );
    const { navigation } = rootData.body as { navigation: SiteNavigation };
    expect(navigation.header.map((link) => link.to)).toEqual([
      "/",
      "/games",
      "/news",
      "/contact",
      "/jobs",
    ]);
    expect(navigation.footer.map((link) => link.to)).toEqual(["/", "/games", "/news", "/contact"]);
    const [audit] = await handle.db.select().from(staffAuditLog);
    expect(audit?.action).toBe("page.create");
  });

  it("a draft reaches no guest and no moderator; staff who write pages preview it", async () => {
    await act(admin.cookie, {
      intent: "page-create",
      title: "Imprint",
      content: "Draft text",
      state: "draft",
      placement: "footer",
    });
    expect((await open("imprint")).status).toBe(404);
    expect((await open("imprint", moderator.cookie)).status).toBe(404);
    expect((await open("imprint", admin.cookie)).status).toBe(200);
    // Not linked while a draft.
    expect(await navigationPages(handle.db)).toEqual([]);
  });

  it("an address no page has is the 404 page", async () => {
    expect((await open("no-such-page")).status).toBe(404);
    // Nothing that cannot be a slug is looked up (a NUL made the database refuse a query once).
    expect((await open("a\u0000b")).status).toBe(404);
    expect((await open("UPPER")).status).toBe(404);
  });

  // A typed address is refused by the form's schema (400); one made from the title, by the
  // server once it has made it (409, like an address another page has).
  it.each([
    ["news", { slug: "news" }, 400],
    ["admin", { slug: "admin" }, 400],
    ["press", { slug: "press" }, 400],
    ["a title that makes a reserved slug", { title: "News" }, 409],
  ])("the site's own addresses cannot be taken: %s", async (_, form, status) => {
    const result = await act(admin.cookie, {
      intent: "page-create",
      title: "A page",
      content: "Text",
      state: "published",
      ...form,
    });
    expect(result.status).toBe(status);
    expect(fieldError(result, "slug")).toBe(RESERVED_SLUG);
    expect(await listPages(handle.db)).toEqual([]);
  });

  it("two pages cannot share an address; a page keeps its address when edited", async () => {
    await act(admin.cookie, { intent: "page-create", title: "About", content: "One" });
    const taken = await act(admin.cookie, {
      intent: "page-create",
      title: "Another",
      content: "Two",
      slug: "about",
    });
    expect(taken.status).toBe(409);
    expect(fieldError(taken, "slug")).toMatch(/already used/);
    const [about] = await listPages(handle.db);
    await act(admin.cookie, {
      intent: "page-update",
      id: about!.id,
      title: "About the studio",
      content: "One",
      state: "published",
    });
    const [edited] = await listPages(handle.db);
    expect(edited).toMatchObject({ slug: "about", title: "About the studio", state: "published" });
  });

  it("a forged id that is no id is a 404 for an update or a delete, not a 500", async () => {
    await act(admin.cookie, { intent: "page-create", title: "About", content: "One" });
    for (const intent of ["page-update", "page-delete"]) {
      const forged = await act(admin.cookie, { intent, id: "\\'", title: "X", content: "y" });
      expect(forged.status, intent).toBe(404);
    }
    expect(await listPages(handle.db)).toHaveLength(1);
  });

  it("bad input gets its field's message and changes nothing", async () => {
    const blank = await act(admin.cookie, { intent: "page-create", title: " ", content: "x" });
    expect(blank.status).toBe(400);
    expect(fieldError(blank, "title")).toBe("Please fill in all fields");
    const placement = await act(admin.cookie, {
      intent: "page-create",
      title: "T",
      content: "x",
      placement: "sidebar",
    });
    expect(fieldError(placement, "placement")).toBe("Choose where the navigation links the page");
    const slug = await act(admin.cookie, {
      intent: "page-create",
      title: "T",
      content: "x",
      slug: "Not A Slug",
    });
    expect(fieldError(slug, "slug")).toMatch(/lowercase letters/);
    expect(await listPages(handle.db)).toEqual([]);
  });

  it("a moderator is refused on the server and nothing is written", async () => {
    const refused = await act(moderator.cookie, {
      intent: "page-create",
      title: "Sneaky",
      content: "x",
    });
    expect(refused.status).toBe(403);
    expect(await listPages(handle.db)).toEqual([]);
  });

  it("hostile Markdown stays inert", async () => {
    const content = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "[click](javascript:alert(1))",
      "[data](data:text/html;base64,PHNjcmlwdD4=)",
      '<a href="https://example.com" onclick="alert(1)">x</a>',
      "![pic](https://evil.example/x.png)",
      '<iframe src="https://evil.example"></iframe>',
    ].join("\n\n");
    await act(admin.cookie, {
      intent: "page-create",
      title: "Hostile",
      content,
      state: "published",
    });
    const { html } = (await open("hostile")).body as { html: string };
    // Real tags only: the same text escaped (&lt;script&gt;) is shown, not run.
    expect(html).not.toMatch(/<(script|iframe)\b/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(href|src)="(javascript|data):/i);
    expect(html).not.toMatch(/<img[^>]*src="https:\/\/evil/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("the privacy policy is offered as a draft once, and the sitemap lists published pages only", async () => {
    expect((await act(admin.cookie, { intent: "page-template", template: "privacy" })).status).toBe(
      200,
    );
    const [privacy] = await handle.db.select().from(pages).where(eq(pages.slug, "privacy"));
    expect(privacy).toMatchObject({ published: false, placement: "footer" });
    expect(privacy?.content).toContain("What we keep");
    // Offered once: a second draft would take /privacy-2, so it is refused as taken.
    const again = await act(admin.cookie, { intent: "page-template", template: "privacy" });
    expect(again.status).toBe(409);
    await act(admin.cookie, {
      intent: "page-create",
      title: "Press contact",
      content: "press@example.com",
      state: "published",
    });
    const response = (await sitemap.loader({
      context,
      request: request("/sitemap.xml"),
    } as never)) as Response;
    const xml = await response.text();
    expect(xml).toContain("/press-contact</loc>");
    expect(xml).not.toContain("/privacy</loc>");
  });

  // Issue 36: the draft left out newsletter addresses and key requests, and said nothing was loaded
  // from other servers although a played trailer is.
  it("the privacy draft is built from what the site collects and loads: key requests, trailers, image hosts", async () => {
    const game = await createGame(handle.db, {
      title: `Privacy game ${crypto.randomUUID()}`,
      description: "D",
      imageUrl: "https://img.example/card.png",
      status: "Released",
      url: "https://play.example/x",
      trailerUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    try {
      expect(
        (await act(admin.cookie, { intent: "page-template", template: "privacy" })).status,
      ).toBe(200);
      const [privacy] = await handle.db.select().from(pages).where(eq(pages.slug, "privacy"));
      const content = privacy!.content;
      expect(content).toMatch(
        /\*\*Newsletter\*\*: if you subscribe, your e-mail address, the lists/,
      );
      expect(content).toMatch(/\*\*Review-key requests\*\*[^\n]*your name, outlet[^\n]*e-mail/);
      expect(content).toMatch(/\*\*YouTube\*\*[^\n]*youtube-nocookie\.com/);
      expect(content).not.toContain("Vimeo");
      expect(content).toContain("from img.example:");
      expect(content).not.toContain("load nothing from other companies' servers");
    } finally {
      await handle.db.delete(games).where(eq(games.id, game.id));
    }
  });
});
