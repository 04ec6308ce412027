import { describe, expect, it } from "vitest";
import { TagsField } from "./news-about";
import {
  type AboutGame,
  firstMailChoice,
  listsFollowGames,
  offeredGames,
  reachOf,
  tickGame,
  tickList,
  typedTags,
} from "./news-editor-choices";

// The editor's About rules (docs/product.md#news-management-tab): tags shown as saved, mail lists
// that follow the games ticked until staff set one by hand, and who finds a post about games.

const MOTH = "11111111-1111-4111-8111-111111111111";
const TIDE = "22222222-2222-4222-8222-222222222222";

describe("typedTags", () => {
  it("shows what the server will save: normalised, unique, in the order typed", () => {
    expect(typedTags(" Level Design, #roadmap,level_design , ,Roadmap")).toEqual({
      tags: ["level-design", "roadmap"],
      refused: [],
    });
  });

  it("names the pieces the server would refuse, and agrees with the form's schema", () => {
    const typed = "art, <b>, 1.2, <b>";
    expect(typedTags(typed)).toEqual({ tags: ["art"], refused: ["<b>", "1.2"] });
    expect(TagsField.safeParse(typed).success).toBe(false);
    expect(TagsField.parse("Level Design, #roadmap")).toEqual(
      typedTags("Level Design, #roadmap").tags,
    );
  });

  it("is empty for an empty field", () => {
    expect(typedTags("")).toEqual({ tags: [], refused: [] });
  });
});

describe("mail lists that follow the games", () => {
  it("start with none for a new post, and with the saved lists for an edited one", () => {
    expect(firstMailChoice(null)).toEqual({ lists: [], byHand: [], studioFollows: true });
    expect(firstMailChoice({ mailLists: [TIDE] })).toEqual({
      lists: [TIDE],
      byHand: [],
      studioFollows: false,
    });
    expect(firstMailChoice({ mailLists: [] }).lists).toEqual([]);
  });

  it("tick a game's list and the studio's with a new post's first game, and untick them with it", () => {
    const ticked = tickGame(firstMailChoice(null), MOTH, true, 1);
    expect(ticked.lists).toEqual(["studio", MOTH]);
    const both = tickGame(ticked, TIDE, true, 2);
    expect(both.lists).toEqual(["studio", MOTH, TIDE]);
    expect(tickGame(both, MOTH, false, 1).lists).toEqual(["studio", TIDE]);
    // The last game unticked: a post about the studio again, mailed to no one unless said so.
    expect(tickGame(ticked, MOTH, false, 0).lists).toEqual([]);
    // An edited post's studio list stays as saved.
    expect(tickGame(firstMailChoice({ mailLists: [] }), MOTH, true, 1).lists).toEqual([MOTH]);
  });

  it("leave a list staff set by hand as they left it", () => {
    // Unticked by hand: ticking the game again does not bring it back.
    const unticked = tickList(tickGame(firstMailChoice(null), MOTH, true, 1), MOTH, false);
    expect(tickGame(unticked, MOTH, true, 1).lists).toEqual(["studio"]);
    // Ticked by hand: unticking the game does not take it away.
    const kept = tickList(firstMailChoice(null), TIDE, true);
    expect(tickGame(tickGame(kept, TIDE, true, 1), TIDE, false, 0).lists).toEqual([TIDE]);
    // The studio's list is a list like the others: unticked by hand, it stays unticked.
    expect(tickGame(tickList(firstMailChoice(null), "studio", false), MOTH, true, 1).lists).toEqual(
      [MOTH],
    );
    // Ticked by hand on a post about the studio: the games do not take it away.
    const studio = tickList(firstMailChoice(null), "studio", true);
    expect(tickGame(tickGame(studio, MOTH, true, 1), MOTH, false, 0).lists).toEqual(["studio"]);
  });

  it("follow the games for a new, draft or scheduled post, not for one already public", () => {
    expect(listsFollowGames(null)).toBe(true);
    expect(listsFollowGames({ state: "draft" })).toBe(true);
    expect(listsFollowGames({ state: "scheduled" })).toBe(true);
    expect(listsFollowGames({ state: "published" })).toBe(false);
  });
});

const game = (id: string, visibility: AboutGame["visibility"]): AboutGame => ({
  id,
  title: id,
  slug: id,
  visibility,
  announceAt: null,
});

describe("offeredGames", () => {
  it("offers every game, and the edited post's own when the list lacks it", () => {
    const all = [game(MOTH, "draft")];
    expect(offeredGames(all, null)).toEqual(all);
    expect(offeredGames(all, { games: [{ id: MOTH, slug: "moth", title: "Moth" }] })).toEqual(all);
    expect(offeredGames([], { games: [{ id: TIDE, slug: "tide", title: "Tide" }] })).toEqual([
      { id: TIDE, slug: "tide", title: "Tide", visibility: "public", announceAt: null },
    ]);
  });
});

describe("reachOf", () => {
  it("is listed about the studio or public games, unlisted or hidden with such a game", () => {
    expect(reachOf([])).toBe("listed");
    expect(reachOf([game(MOTH, "public")])).toBe("listed");
    expect(reachOf([game(MOTH, "public"), game(TIDE, "unlisted")])).toBe("unlisted");
    expect(reachOf([game(MOTH, "unlisted"), game(TIDE, "draft")])).toBe("hidden");
    expect(reachOf([game(MOTH, "scheduled")])).toBe("hidden");
  });
});
