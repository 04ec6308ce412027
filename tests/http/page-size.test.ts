import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "../support/site";

// What a page of the demo content weighs as HTML (docs/performance.md#lighter-pages): its markup
// and the data it hands the browser to hydrate, which must be what the page shows and no more.

let site: TestSite;
// The demo content as `npm run demo` adds it (the seeded data of other tests has no featured game).
beforeAll(async () => {
  site = await startSite({ seed: "empty", demo: true });
}, 300_000);
afterAll(async () => {
  await site?.close();
});

/** A guest's page as HTML (a cookie that is no session: rendered for the request). */
async function page(path: string): Promise<string> {
  const response = await site.fetch(path, { headers: { Cookie: "visitor=1" } });
  expect(response.status).toBe(200);
  return response.text();
}

const KB = 1024;

/**
 * Home's budget with the demo content: the goal of issue 40, 35 KB; 66 KB before the buttons'
 * classes and the loaders' data were made lighter, 58 KB after, 44.8 KB once the icons became
 * references into one sprite, 42.8 KB with short classes for badges, "Read More" links, the
 * header's links and the theme options, 41.7 KB with short classes for cards, their titles and the
 * footer's links, 40.5 KB with one set of link-preview tags and the footer's links sent once in
 * the page's data, 40.1 KB with the studio's addresses and hours in /contact's data alone (all
 * 2026-11-30), 36.8 KB with the studio mark in the sprite, short classes for the site's column,
 * the cards' parts, tones, fields and the theme options, and pictures sent as their id and widths
 * (later on 2026-11-30), 34.8 KB with the mobile menu drawn only while open, the button's corner in
 * its size class and short classes for the header band, Home's section heads, a news card's
 * lines, labels and a form's bot trap (2026-11-30, afternoon).
 */
const HOME_BUDGET = 35 * KB;

describe("the pages' HTML", () => {
  it(`Home stays within ${HOME_BUDGET / KB} KB`, async () => {
    const html = await page("/");
    expect(html).toContain('data-testid="featured-game"');
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(HOME_BUDGET);
  });

  it("a button carries its short classes, not the utilities written out", async () => {
    const html = await page("/");
    expect(html).toMatch(/class="btn btn-primary btn-lg"/);
    expect(html).not.toContain("whitespace-nowrap font-medium transition-colors");
  });

  it("the studio mark is drawn once, in the icon sprite the site serves, and shown from it", async () => {
    const html = await page("/");
    // The header's, the hero's and the footer's: each a reference, none its drawing.
    const refs = [...html.matchAll(/<use href="([^"#]+)#studio-mark"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    expect(html).not.toContain("M16 6c3 4");
    const sprite = await site.fetch(refs[0]!);
    expect(sprite.status).toBe(200);
    expect(await sprite.text()).toContain('<symbol id="studio-mark"');
  });

  it("a page's data carries each picture's id and widths, not its files' addresses", async () => {
    for (const path of ["/", "/games/lantern-keeper", "/press/lantern-keeper"]) {
      const html = await page(path);
      const data = html.match(/streamController\.enqueue\((.*?)\);<\/script>/s)?.[1] ?? "";
      expect(data, path).toContain("widths");
      // The markup has each picture's srcset; the data that hydrates it does not repeat it.
      expect(data, path).not.toMatch(/\/media\/[0-9a-f-]{36}\/\d+\.webp/);
      expect(html, path).toMatch(/srcSet="\/media\/[0-9a-f-]{36}\/480\.webp 480w/);
    }
  });

  it("Home, a game page and a press kit send the game's shown fields, not its Markdown or editor fields", async () => {
    for (const path of ["/", "/games/lantern-keeper", "/press/lantern-keeper"]) {
      const html = await page(path);
      // The game's page text in Markdown (its table's source): a game page shows it rendered.
      expect(html, path).not.toContain("| Mode | Length |");
      for (const field of ["about", "gallery", "displayOrder", "cardImageAlt", "keyArtAlt"])
        expect(html, `${path}: ${field}`).not.toContain(`\\"${field}\\"`);
    }
  });
});

// The demo content's featured game and pictures (the seeded data of tests/http/page-statements.test.ts
// has neither): what a page asks the database for them.
describe("the demo pages' statements", () => {
  it("Home reads its featured game once, by its id", async () => {
    const { status, statements } = await site.statements("/", { headers: { Cookie: "visitor=1" } });
    expect(status).toBe(200);
    const fullRows = statements.filter((s) => /^select .*"about".* from "games" where/.test(s));
    expect(fullRows, fullRows.join("\n")).toHaveLength(1);
  });

  it("a kit reads its game's pictures once: its key art and screenshots are the game page's", async () => {
    const { status, statements } = await site.statements("/press/lantern-keeper", {
      headers: { Cookie: "visitor=1" },
    });
    expect(status).toBe(200);
    const media = statements.filter((s) => /from "media"/.test(s));
    expect(media, media.join("\n")).toHaveLength(1);
  });
});
