import { describe, expect, it } from "vitest";
import { SETTINGS_GAME_LISTS, SettingsSchema } from "./profile-schema";

// The Settings form's schema: the switch (the studio's newsletter) and the games' lists as the
// browser posts them.

const GAME = "0b7f6c1e-3a52-4c8e-9d0f-2b1a4e5c6d7f";
const OTHER = "1c8e7d2f-4b63-4d9f-8e1a-3c2b5f6d7e8a";
const base = { themePreference: "system", privacyLevel: "public" };
const messages = (value: unknown) => {
  const parsed = SettingsSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("the Settings form's schema", () => {
  it("reads the switch as on only when the checkbox is sent", () => {
    expect(SettingsSchema.parse(base).emailNotifications).toBe(false);
    expect(SettingsSchema.parse({ ...base, emailNotifications: "on" }).emailNotifications).toBe(
      true,
    );
  });

  it("takes no game's list, one (a string) or several (an array)", () => {
    expect(SettingsSchema.parse(base).gameLists).toEqual([]);
    expect(SettingsSchema.parse({ ...base, gameLists: GAME }).gameLists).toEqual([GAME]);
    expect(SettingsSchema.parse({ ...base, gameLists: [GAME, OTHER] }).gameLists).toEqual([
      GAME,
      OTHER,
    ]);
  });

  it("refuses a list that is no game id, and too many", () => {
    expect(messages({ ...base, gameLists: "studio" })).toEqual(["Unknown list"]);
    expect(messages({ ...base, gameLists: ["drop table"] })).toEqual(["Unknown list"]);
    expect(
      messages({ ...base, gameLists: Array.from({ length: SETTINGS_GAME_LISTS + 1 }, () => GAME) }),
    ).toEqual(["Too many lists"]);
  });
});
