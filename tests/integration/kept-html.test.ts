import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games, news, pages, siteSettings } from "../../app/db/schema";
import { readGamePage } from "../../app/games/game-reads.server";
import { createGame } from "../../app/games/games.server";
import { readArticle } from "../../app/news/news-article.server";
import { createNews } from "../../app/news/news-writes.server";
import { readPage } from "../../app/pages/pages.server";
import { htmlStamp, MARKDOWN_VERSION } from "../../app/platform/markdown/kept-html.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { homeSections } from "../../app/settings/home-sections.server";
import { readSettings, saveSettings } from "../../app/settings/settings.server";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// Markdown rendered once and kept beside its text (docs/publishing.md#rendered-once-kept-beside-the-text):
// a read finds the kept HTML; HTML made by an older renderer (after a release that changed the
// rules, or a row from before the HTML was kept) is made again on its read and kept; a text
// changed by any writer shows at once.

/** What Home's loader reads: the settings, then their sections' HTML. */
async function readHomeSettings(db: DatabaseHandle["db"], siteUrl: string) {
  const settings = await readSettings(db);
  return { settings, sections: await homeSections(db, settings, siteUrl) };
}

/** A stamp as an older renderer wrote it for the same text and site. */
const olderStamp = (source: string, siteUrl: string) =>
  htmlStamp(source, siteUrl).replace(/^\d+/, String(MARKDOWN_VERSION - 1));

describe.each(testEngines())("Markdown kept beside its text, on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });
  const runtime = () => context.get(runtimeContext);
  const siteUrl = () => runtime().env.SITE_URL;

  const saveVision = async (vision: string) => {
    const { saved: _saved, ...settings } = await readSettings(handle.db);
    await saveSettings(
      { db: handle.db, storage: runtime().storage },
      { ...settings, vision },
      null,
    );
  };
  const keptSections = async () =>
    (await handle.db.select({ kept: siteSettings.sectionsHtml }).from(siteSettings))[0]?.kept;

  it("a setting's Markdown: kept after its first read, made again when the renderer's rules changed", async () => {
    await saveVision("We make **small** games.");
    const first = await readHomeSettings(handle.db, siteUrl());
    expect(first.sections.vision).toBe("<p>We make <strong>small</strong> games.</p>\n");
    const kept = await keptSections();
    expect(kept).toMatchObject({ vision: first.sections.vision });
    expect(kept?.stamp).toMatch(new RegExp(`^${MARKDOWN_VERSION} `));

    // What an older renderer left: its stamp and its (now wrong) HTML.
    const { vision, values, callToAction } = first.settings;
    const source = [vision, values, callToAction].join("\0");
    await handle.db.update(siteSettings).set({
      sectionsHtml: {
        stamp: olderStamp(source, siteUrl()),
        vision: "<p>made by the old rules</p>",
        values: "",
        callToAction: "",
      },
    });
    const again = await readHomeSettings(handle.db, siteUrl());
    expect(again.sections).toEqual(first.sections);
    expect(await keptSections()).toEqual(kept);

    // A save shows at once: the kept HTML was made from the text before it.
    await saveVision("We make *tiny* games.");
    expect((await readHomeSettings(handle.db, siteUrl())).sections.vision).toBe(
      "<p>We make <em>tiny</em> games.</p>\n",
    );
  });

  it("a setting's HTML from a renderer newer than this process is shown as this one renders, not overwritten", async () => {
    await saveVision("Newer.");
    const { settings } = await readHomeSettings(handle.db, siteUrl());
    const source = [settings.vision, settings.values, settings.callToAction].join("\0");
    const newer = {
      stamp: htmlStamp(source, siteUrl()).replace(/^\d+/, String(MARKDOWN_VERSION + 1)),
      vision: "<p>newer</p>",
      values: "",
      callToAction: "",
    };
    await handle.db.update(siteSettings).set({ sectionsHtml: newer });
    expect((await readHomeSettings(handle.db, siteUrl())).sections.vision).toBe("<p>Newer.</p>\n");
    expect(await keptSections()).toEqual(newer);
  });

  it("an article's Markdown: kept, made again when the renderer's rules changed or the text did", async () => {
    await handle.db.execute(sql`truncate news cascade`);
    const item = await createNews(handle.db, {
      title: "Kept",
      content: "# Notes\n\nA **bold** line.",
      format: "markdown",
    });
    const kept = async () =>
      (
        await handle.db
          .select({ html: news.contentHtml, stamp: news.contentHtmlStamp })
          .from(news)
          .where(eq(news.id, item.id))
      )[0]!;
    // A row from before the HTML was kept (or written by the seed) has none yet.
    expect(await kept()).toEqual({ html: null, stamp: null });
    const first = (await readArticle(runtime(), item.slug))!.html;
    expect(first).toContain("<strong>bold</strong>");
    expect(await kept()).toEqual({
      html: first,
      stamp: htmlStamp(`markdown\n${item.content}`, siteUrl()),
    });

    await handle.db
      .update(news)
      .set({
        contentHtml: "<p>made by the old rules</p>",
        contentHtmlStamp: olderStamp(`markdown\n${item.content}`, siteUrl()),
      })
      .where(eq(news.id, item.id));
    expect((await readArticle(runtime(), item.slug))!.html).toBe(first);
    expect((await kept()).html).toBe(first);

    // A writer that changes the text and not the HTML: the page shows the new text at once.
    await handle.db.update(news).set({ content: "Changed." }).where(eq(news.id, item.id));
    expect((await readArticle(runtime(), item.slug))!.html).toBe("<p>Changed.</p>\n");
  });

  it("a page's and a game page's Markdown: made again when the renderer's rules changed", async () => {
    const [page] = await handle.db
      .insert(pages)
      .values({ title: "Kept page", slug: "kept-page", content: "Some *page*.", published: true })
      .returning();
    if (!page) throw new Error("no page");
    const pageHtml = (await readPage(handle.db, page.slug, siteUrl()))!.html;
    expect(pageHtml).toBe("<p>Some <em>page</em>.</p>\n");
    await handle.db
      .update(pages)
      .set({ contentHtml: "<p>old</p>", contentHtmlStamp: olderStamp(page.content, siteUrl()) })
      .where(eq(pages.id, page.id));
    expect((await readPage(handle.db, page.slug, siteUrl()))!.html).toBe(pageHtml);

    const game = await createGame(handle.db, {
      title: "Kept Game",
      description: "A card.",
      imageUrl: "/kept.png",
      url: "https://example.com/kept",
      status: "Released",
      about: "A *game*.",
    });
    const gameHtml = (await readGamePage(runtime(), game.slug))!.html;
    expect(gameHtml).toBe("<p>A <em>game</em>.</p>\n");
    await handle.db
      .update(games)
      .set({
        aboutHtml: "<p>old</p>",
        aboutHtmlStamp: olderStamp(`markdown\n${game.about}`, siteUrl()),
      })
      .where(eq(games.id, game.id));
    expect((await readGamePage(runtime(), game.slug))!.html).toBe(gameHtml);
    expect(
      (
        await handle.db.select({ html: games.aboutHtml }).from(games).where(eq(games.id, game.id))
      )[0]?.html,
    ).toBe(gameHtml);
  });
});
