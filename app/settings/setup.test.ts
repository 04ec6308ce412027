import { describe, expect, it } from "vitest";
import { PLACEHOLDER_NAME } from "./settings-defaults";
import { setupSteps } from "./setup";

describe("the owner's first-run checklist", () => {
  const named = { name: "Moth & Lamp", logo: "data:image/png;base64,x" };
  const counts = { games: 1, news: 1, privacyPublished: false };

  it("lists every step on a fresh install, none done", () => {
    const steps = setupSteps(
      { name: PLACEHOLDER_NAME, logo: "" },
      { games: 0, news: 0, privacyPublished: false },
    );
    expect(steps?.map((step) => [step.label, step.done])).toEqual([
      ["Name the studio", false],
      ["Add a logo", false],
      ["Add a game", false],
      ["Write the first post", false],
      ["Set the privacy page", false],
    ]);
  });

  it("sends the privacy step to the Pages tab and stays until a privacy policy is published", () => {
    const steps = setupSteps(named, counts);
    expect(steps?.find((step) => step.label === "Set the privacy page")).toEqual({
      label: "Set the privacy page",
      to: "/admin/pages",
      done: false,
    });
    expect(setupSteps(named, { ...counts, privacyPublished: true })).toBeNull();
  });
});
