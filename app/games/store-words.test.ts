import { describe, expect, it } from "vitest";
import { gameLinkWords, storeOfUrl } from "./store-words";

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
