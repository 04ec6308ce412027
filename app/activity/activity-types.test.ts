import { describe, expect, it } from "vitest";
import { activityColour, activityCounters, activityLabel, activityLink } from "./activity-types";

describe("activity", () => {
  it("labels each type as the spec says, and anything else 'Activity'", () => {
    expect(
      ["login", "news_view", "game_view", "profile_update", "other"].map(activityLabel),
    ).toEqual(["Logged in", "Viewed news", "Viewed game", "Updated profile", "Activity"]);
  });

  it("gives each type its own colour", () => {
    const colours = ["login", "news_view", "game_view", "profile_update"].map(activityColour);
    expect(new Set(colours).size).toBe(4);
  });

  it("counts over the records given", () => {
    const records = ["login", "login", "news_view", "game_view", "profile_update"].map(
      (activityType) => ({ activityType }),
    );
    expect(activityCounters(records)).toEqual({ total: 5, logins: 2, newsViews: 1, gameViews: 1 });
  });

  it("links a viewed article or game to its page: by slug, else by id (which redirects)", () => {
    const id = "0b4e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    const link = (activityType: string, activityData: Record<string, unknown>) =>
      activityLink({ activityType, activityData });
    expect(
      link("game_view", { game_id: id, slug: "lantern-keeper", title: "Lantern Keeper" }),
    ).toEqual({ href: "/games/lantern-keeper", label: "Lantern Keeper" });
    expect(link("game_view", { game_id: id })).toEqual({
      href: `/games/${id}`,
      label: "Open the game's page",
    });
    expect(link("news_view", { news_id: id, slug: "devlog-14" })?.href).toBe("/news/devlog-14");
    expect(link("news_view", { news_id: id })?.href).toBe(`/news/${id}`);
    expect(link("news_view", { news_id: id, slug: "../admin" })?.href).toBe(`/news/${id}`);
    expect(link("game_view", { id: "b" })).toBeNull();
    expect(link("login", { slug: "x" })).toBeNull();
    expect(link("profile_update", {})).toBeNull();
  });
});
