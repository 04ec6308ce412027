import { describe, expect, it } from "vitest";
import { parseStoreLinks, STORE_LINK_RULES, storeLinksText, storeName } from "./store-links";

describe("store names", () => {
  it("spells a known store's name as the site does, and keeps any other as written", () => {
    expect(storeName("steam")).toBe("Steam");
    expect(storeName("  ITCH ")).toBe("itch.io");
    expect(storeName("eshop")).toBe("Nintendo eShop");
    expect(storeName("Humble   Store")).toBe("Humble Store");
  });
});

describe("parseStoreLinks", () => {
  it("reads a name before each link, or the store its host names", () => {
    const text = [
      "Steam https://store.steampowered.com/app/1",
      "",
      "  https://lanternfly.itch.io/lantern-keeper  ",
      "Humble Store: https://www.humblebundle.com/store/lantern-keeper",
      "epic - https://store.epicgames.com/p/lantern-keeper",
    ].join("\r\n");
    expect(parseStoreLinks(text)).toEqual({
      links: [
        { store: "Steam", url: "https://store.steampowered.com/app/1" },
        { store: "itch.io", url: "https://lanternfly.itch.io/lantern-keeper" },
        { store: "Humble Store", url: "https://www.humblebundle.com/store/lantern-keeper" },
        { store: "Epic Games Store", url: "https://store.epicgames.com/p/lantern-keeper" },
      ],
    });
  });

  it("takes the API's list too", () => {
    expect(
      parseStoreLinks([
        { url: "https://store.steampowered.com/app/1" },
        { store: "Humble", url: "https://www.humblebundle.com/x" },
      ]),
    ).toEqual({
      links: [
        { store: "Steam", url: "https://store.steampowered.com/app/1" },
        { store: "Humble", url: "https://www.humblebundle.com/x" },
      ],
    });
  });

  it("refuses links that are not http(s), unknown stores without a name, and too many", () => {
    expect(parseStoreLinks("Steam javascript:alert(1)")).toEqual({ error: STORE_LINK_RULES.http });
    expect(parseStoreLinks("Steam store.steampowered.com/app/1")).toEqual({
      error: STORE_LINK_RULES.http,
    });
    expect(parseStoreLinks("https://www.humblebundle.com/x")).toEqual({
      error: STORE_LINK_RULES.unknown("www.humblebundle.com"),
    });
    expect(parseStoreLinks("Steam\u0000 https://store.steampowered.com/app/1")).toEqual({
      error: STORE_LINK_RULES.control,
    });
    expect(parseStoreLinks([{ url: "https://store.steampowered.com/app/1\u0000" }])).toEqual({
      error: STORE_LINK_RULES.control,
    });
    expect(parseStoreLinks(`${"x".repeat(41)} https://example.com`)).toEqual({
      error: STORE_LINK_RULES.longName,
    });
    const many = Array.from({ length: 11 }, (_, i) => `https://store.steampowered.com/app/${i}`);
    expect(parseStoreLinks(many.join("\n"))).toEqual({ error: STORE_LINK_RULES.tooMany });
  });

  it("writes links back as the form shows them, which reads the same", () => {
    const links = [
      { store: "Steam", url: "https://store.steampowered.com/app/1" },
      { store: "Humble Store", url: "https://www.humblebundle.com/x" },
    ];
    expect(parseStoreLinks(storeLinksText(links))).toEqual({ links });
  });
});
