import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { GameEntry } from "~/games";
import { KitDataSchema, kitDataOf } from "./kit-schema";
import { buildStudioPresskitXml } from "./presskit-company-xml.server";
import { exportPresskit } from "./presskit-import.server";
import { buildPresskitXml, parsePresskitXml, XML_MAX_BYTES } from "./presskit-xml.server";

const fixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, "../../tests/fixtures/presskit", name, "data.xml"), "utf8");

describe("presskit() data.xml", () => {
  it("reads the template's shape into a game and its kit", () => {
    const { game, kit } = parsePresskitXml(fixture("template-game"));
    expect(game.title).toBe("Lantern Moth");
    expect(game.releaseDate).toBeNull();
    expect(kit.releaseText).toBe("3 June, 2013");
    expect(game.storeLinks).toEqual([
      { store: "Windows / Linux", url: "https://lanternmoth.example/buy" },
      { store: "Steam", url: "https://store.steampowered.com/app/1" },
    ]);
    expect(kit.prices).toEqual([
      { currency: "USD", value: "$4.99" },
      { currency: "EUR", value: "€4.49" },
    ]);
    expect(kit.credits[0]).toEqual({
      name: "Noor Example",
      role: "Design & Code, Lantern Team",
      link: "",
    });
    expect(kit.trailers).toEqual([
      { name: "Announcement", youtube: "aBcDeFgHiJk", vimeo: "12345678" },
    ]);
    expect(kit.pressCanRequestCopy).toBe(true);
  });

  it.each(["template-game", "rich-game"])("round-trips every field of %s", (name) => {
    const first = parsePresskitXml(fixture(name));
    const again = parsePresskitXml(buildPresskitXml(first));
    expect(again).toEqual(first);
  });

  it("reads the richer kit's own fields", () => {
    const { game, kit } = parsePresskitXml(fixture("rich-game"));
    expect(game.title).toBe("Orbit Bakery & Co");
    expect(game.description).toContain("<without>");
    expect(game.platforms).toEqual(["Steam", "Nintendo Switch"]);
    expect(kit.monetization).toBe("non-commercial");
    expect(kit.languages).toEqual(["English", "日本語"]);
    expect(kit.releaseDates[1]).toEqual({ platform: "Nintendo Switch", date: "TBA" });
    expect(kit.quotes[1]?.link).toBe("https://oven.example/x?a=1&b=2");
  });

  it.each([
    [
      "billion laughs",
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><game><title>&lol2;</title></game>',
      "DOCTYPE",
    ],
    [
      "an external entity",
      '<?xml version="1.0"?><!DOCTYPE g [<!ENTITY x SYSTEM "file:///etc/passwd">]><game><title>&x;</title></game>',
      "DOCTYPE",
    ],
    ["malformed XML", "<game><title>Open</game>", "not well-formed"],
    ["no game", "<studio><title>x</title></studio>", "no <game>"],
    ["no title", "<game><description>x</description></game>", "no <title>"],
    ["a huge file", `<game><title>${"a".repeat(XML_MAX_BYTES)}</title></game>`, "larger than"],
    // Nested 70,000 levels deep, the parser's stack ran out: a 500 instead of a sentence.
    [
      "a file nested 70,000 levels deep",
      `<game><title>t</title>${"<a>".repeat(70_000)}${"</a>".repeat(70_000)}</game>`,
      "data.xml is nested deeper than 32 levels and was not read.",
    ],
    [
      "too many features",
      `<game><title>t</title><features>${"<feature>f</feature>".repeat(41)}</features></game>`,
      "too long or too many",
    ],
    // A third party's data.xml may carry links of any scheme; the kit prints them as href.
    [
      "a data: quote link",
      "<game><title>t</title><quotes><quote><description>Great</description><link>data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;</link></quote></quotes></game>",
      "a link that is not a web address (http:// or https://): quotes.0.link.",
    ],
    [
      "an ms-msdt: credit website",
      "<game><title>t</title><credits><credit><person>Ada</person><website>ms-msdt:/id PCWDiagnostic</website></credit></credits></game>",
      "a link that is not a web address (http:// or https://): credits.0.link.",
    ],
  ])("refuses %s with a sentence", (_, xml, words) => {
    expect(() => parsePresskitXml(xml)).toThrow(words);
  });
});

describe("a game's data.xml", () => {
  const game: GameEntry = {
    id: "11111111-1111-4111-8111-111111111111",
    title: "Tidewright",
    description: "Keep the lamp lit.",
    imageUrl: "",
    status: "Coming Soon",
    url: "https://play.example/tidewright",
    displayOrder: 1,
    slug: "tidewright",
    about: "",
    gallery: [],
    trailerUrl: "https://youtu.be/tIdEwRiGhT1",
    platforms: ["Windows", "Nintendo Switch"],
    storeLinks: [
      { store: "Steam", url: "https://store.steampowered.com/app/9" },
      { store: "itch.io", url: "https://tide.itch.io/tidewright" },
    ],
    releaseDate: null,
    cardImage: null,
    cardImageAlt: null,
    keyArt: null,
    keyArtAlt: null,
    visibility: "public",
    announceAt: null,
  };
  const kit = {
    id: null,
    gameId: game.id,
    listed: true,
    embargoUntil: null,
    linkVersion: 0,
    updatedAt: null,
    game: null,
    data: kitDataOf({ trailers: [{ name: "Gameplay", youtube: "", vimeo: "76979871" }] }),
  };
  const raw = (xml: string) =>
    new XMLParser({ isArray: (name) => ["platform", "store", "trailer"].includes(name) }).parse(xml)
      .game;

  it("lists the game's platforms as platforms and its store links as stores, and reads both back", () => {
    const xml = exportPresskit(game, kit);
    const parsed = raw(xml);
    expect(parsed.platforms.platform).toEqual([{ name: "Windows" }, { name: "Nintendo Switch" }]);
    expect(parsed.stores.store).toEqual([
      { name: "Steam", link: "https://store.steampowered.com/app/9" },
      { name: "itch.io", link: "https://tide.itch.io/tidewright" },
    ]);
    const again = parsePresskitXml(xml).game;
    expect(again.platforms).toEqual(game.platforms);
    expect(again.storeLinks).toEqual(game.storeLinks);
  });

  it("carries the game's trailer before the kit's, once", () => {
    expect(raw(exportPresskit(game, kit)).trailers.trailer).toEqual([
      { name: "Trailer", youtube: "tIdEwRiGhT1" },
      { name: "Gameplay", vimeo: 76979871 },
    ]);
    // The game's trailer is already the kit's (an imported kit): not repeated.
    const same = {
      ...kit,
      data: kitDataOf({ trailers: [{ name: "Teaser", youtube: "tIdEwRiGhT1" }] }),
    };
    expect(raw(exportPresskit(game, same)).trailers.trailer).toEqual([
      { name: "Teaser", youtube: "tIdEwRiGhT1" },
    ]);
  });
});

describe("the studio's company data.xml", () => {
  it("carries the settings' facts and the kit's own, escaped, in presskit()'s company shape", () => {
    const kit = KitDataSchema.parse({
      foundingDate: "March 2019",
      history: "Began <in> a shed & grew.",
      credits: [{ name: "Ada Example", role: "Design", link: "https://ada.example" }],
      contacts: [
        { label: "Business", address: "biz@studio.example" },
        { label: "Jobs", address: "https://studio.example/jobs" },
      ],
    });
    const xml = buildStudioPresskitXml(
      {
        name: "Lanternfly & Co",
        description: "Small studio.",
        website: "https://studio.example",
        location: "Lisbon, Portugal",
        pressEmail: "press@studio.example",
        socials: [{ name: "Bluesky", url: "https://bsky.app/profile/studio" }],
      },
      kit,
    );
    expect(xml).toContain("Began &lt;in&gt; a shed &amp; grew.");
    const { company } = new XMLParser({
      isArray: (name) => ["social", "credit", "contact", "history"].includes(name),
    }).parse(xml);
    expect(company).toMatchObject({
      title: "Lanternfly & Co",
      "based-in": "Lisbon, Portugal",
      "founding-date": "March 2019",
      website: "https://studio.example",
      "press-contact": "press@studio.example",
      description: "Small studio.",
      socials: { social: [{ name: "Bluesky", link: "https://bsky.app/profile/studio" }] },
      histories: { history: [{ header: "History", text: "Began <in> a shed & grew." }] },
      credits: {
        credit: [{ person: "Ada Example", website: "https://ada.example", role: "Design" }],
      },
      contacts: {
        contact: [
          { name: "Business", mail: "biz@studio.example" },
          { name: "Jobs", link: "https://studio.example/jobs" },
        ],
      },
    });
    // The kit's own place wins over the settings' location.
    const based = buildStudioPresskitXml(
      {
        name: "S",
        description: "",
        website: "https://s.example",
        location: "Lisbon",
        pressEmail: "",
        socials: [],
      },
      { ...kit, basedIn: "Porto" },
    );
    expect(based).toContain("<based-in>Porto</based-in>");
  });
});
