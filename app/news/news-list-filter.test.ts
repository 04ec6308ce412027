import { describe, expect, it } from "vitest";
import { newsFilterFrom } from "./news-about";
import {
  isIndexableNewsList,
  newsListHeading,
  newsListHref,
  newsListQuery,
} from "./news-list-filter";

describe("the news list's filters as addresses and words", () => {
  it("writes filters and search in one order, and the bare list as /news", () => {
    expect(newsListHref({})).toBe("/news");
    expect(newsListHref({}, "")).toBe("/news");
    expect(newsListHref({ tag: "balance", kind: "patch-notes", game: "star-drift" }, "boss")).toBe(
      "/news?kind=patch-notes&game=star-drift&tag=balance&q=boss",
    );
    expect(newsListHref({ game: "star-drift", kind: undefined })).toBe("/news?game=star-drift");
    // A search with characters of its own travels escaped, and reads back the same.
    const query = newsListQuery({ tag: "über" }, "a&b=c “quoted”");
    expect(query.toString()).toBe("tag=%C3%BCber&q=a%26b%3Dc+%E2%80%9Cquoted%E2%80%9D");
    expect(new URLSearchParams(query.toString()).get("q")).toBe("a&b=c “quoted”");
  });

  it("reads back what it writes, normalised", () => {
    const typed = new URLSearchParams("kind=devlog&game=star-drift&tag=Level%20Design&q=x");
    const filter = newsFilterFrom(typed);
    expect(filter).toEqual({ kind: "devlog", game: "star-drift", tag: "level-design" });
    expect(newsListHref(filter, "x")).toBe(
      "/news?kind=devlog&game=star-drift&tag=level-design&q=x",
    );
  });

  it("names the list by its filters", () => {
    expect(newsListHeading({})).toBe("News");
    expect(newsListHeading({ kind: "patch-notes" })).toBe("Patch notes");
    expect(newsListHeading({ kind: "launch" })).toBe("Launches");
    expect(newsListHeading({ game: "star-drift" }, "Star Drift")).toBe("News about Star Drift");
    expect(newsListHeading({ tag: "balance" })).toBe("Posts tagged #balance");
    expect(newsListHeading({ kind: "devlog", game: "star-drift", tag: "art" }, "Star Drift")).toBe(
      "Devlogs about Star Drift tagged #art",
    );
    expect(newsListHeading({ game: "star-drift", tag: "art" }, "Star Drift")).toBe(
      "Posts about Star Drift tagged #art",
    );
    expect(newsListHeading({}, undefined, "rain")).toBe("News matching “rain”");
    expect(newsListHeading({ kind: "event" }, undefined, "rain")).toBe("Events matching “rain”");
    // A game no guest can find is named as it was asked for.
    expect(newsListHeading({ game: "no-such-game" })).toBe("News about no-such-game");
  });

  it("lets search engines keep the whole list and a kind's, not searches, games', tags' or empty kinds'", () => {
    expect(isIndexableNewsList({}, "", false)).toBe(true);
    expect(isIndexableNewsList({}, "", true)).toBe(true);
    expect(isIndexableNewsList({ kind: "patch-notes" }, "", false)).toBe(true);
    expect(isIndexableNewsList({ kind: "patch-notes" }, "", true)).toBe(false);
    expect(isIndexableNewsList({}, "rain", false)).toBe(false);
    expect(isIndexableNewsList({ game: "star-drift" }, "", false)).toBe(false);
    expect(isIndexableNewsList({ tag: "balance" }, "", false)).toBe(false);
  });
});
