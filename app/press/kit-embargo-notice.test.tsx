import { describe, expect, it } from "vitest";
import { embargoSentence } from "./kit-embargo-notice";

describe("the embargo notice", () => {
  it("says until when, in the studio's zone named, and to ask the studio", () => {
    const notice = {
      embargo: {
        until: "2030-03-01T08:00:00.000Z",
        timeZone: "Europe/Berlin",
        pressEmail: "press@emberfall.example",
      },
    };
    expect(embargoSentence(notice)).toBe(
      "This press kit is under embargo until March 1, 2030 9:00 AM (Europe/Berlin); ask the studio for access.",
    );
  });
});
