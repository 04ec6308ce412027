import { describe, expect, it } from "vitest";
import {
  gameLinkWords,
  parseStoreLinks,
  STORE_LINK_RULES,
  storeLinksText,
  storeName,
  storeOfUrl,
} from "./store-links";

describe("store recognition", () => {
  it.each([
    ["https://store.steampowered.com/app/123/Lantern_Keeper/", "Steam"],
    ["https://lanternfly.itch.io/lantern-keeper", "itch.io"],
    ["https://itch.io/search?q=x", "itch.io"],
    ["https://store.epicgames.com/en-US/p/lantern-keeper", "Epic Games Store"],
    ["https://www.gog.com/en/game/lantern_keeper", "GOG"],
    ["https://www.nintendo.com/us/store/products/lantern-keeper-switch/", "Nintendo eShop"],
    ["https://www.nintendo.co.uk/Games/Nintendo-Switch/Lantern-Keeper.html", "Nintendo eShop"],
    ["https://store.playstation.com/en-us/product/UP0000", "PlayStation Store"],
    ["https://www.xbox.com/en-US/games/store/lantern-keeper/9N", "Xbox Store"],
    ["https://apps.apple.com/app/lantern-keeper/id123", "App Store"],
    ["https://play.google.com/store/apps/details?id=games.lanternfly", "Google Play"],
  ])("knows %s as %s", (url, store) => {
    expect(storeOfUrl(url)).toBe(store);
  });

  it.each([
    "https://steampowered.com.evil.example/app/1",
    "https://notitch.io/x",
    "https://nintendo.evil.example/x",
    "https://humblebundle.com/store/x",
    "not a url",
  ])("does not guess a store for %s", (url) => {
    expect(storeOfUrl(url)).toBeNull();
  });

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

describe("gameLinkWords", () => {
  const steam = "https://store.steampowered.com/app/123/Ember/";
  it("offers to play a game that is out, whatever its link", () => {
    expect(gameLinkWords({ status: "Released", url: steam })).toBe("Play Game");
    expect(gameLinkWords({ status: "Released", url: "https://ember.example" })).toBe("Play Game");
  });
  it("never offers to play a game that is not out: a wishlist in the store's words", () => {
    expect(gameLinkWords({ status: "Coming Soon", url: steam })).toBe("Wishlist on Steam");
    expect(gameLinkWords({ status: "In Development", url: "https://www.gog.com/game/ember" })).toBe(
      "Wishlist on GOG",
    );
    expect(gameLinkWords({ status: "Coming Soon", url: "https://studio.itch.io/ember" })).toBe(
      "Follow on itch.io",
    );
    expect(gameLinkWords({ status: "Coming Soon", url: "https://ember.example/" })).toBe(
      "Visit Website",
    );
  });
  it("offers nothing without a link", () => {
    expect(gameLinkWords({ status: "Coming Soon", url: "" })).toBeNull();
    expect(gameLinkWords({ status: "Released", url: "  " })).toBeNull();
  });
});
