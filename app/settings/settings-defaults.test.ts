import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "./settings-defaults";
import { SettingsSchema } from "./settings-schema";

describe("a fresh install's settings", () => {
  it("are what the form's schema makes of them: every field, each valid", () => {
    expect(SettingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual(
      Object.keys(SettingsSchema.parse({ name: "x" })).sort(),
    );
  });
});
