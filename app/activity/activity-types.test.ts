import { describe, expect, it } from "vitest";
import { activityColour, activityCounters, activityLabel } from "./activity-types";

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
});
