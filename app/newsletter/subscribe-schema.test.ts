import { describe, expect, it } from "vitest";
import { PreferencesSchema, SubscribeSchema } from "./subscribe-schema";

const GAME = "0b7f6c1e-3a52-4c8e-9d0f-2b1a4e5c6d7f";
const messages = (value: unknown) => {
  const parsed = SubscribeSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("the subscribe form's schema", () => {
  it("takes an address with one list or several", () => {
    expect(SubscribeSchema.parse({ email: " a@b.co ", lists: "studio", form: "home" })).toEqual({
      email: "a@b.co",
      lists: ["studio"],
      form: "home",
    });
    expect(
      SubscribeSchema.parse({ email: "a@b.co", lists: [GAME, "studio"], form: "game" }).lists,
    ).toEqual([GAME, "studio"]);
  });

  it("refuses hostile or missing values with their messages", () => {
    expect(messages({ email: "", lists: "studio", form: "home" })).toContain("Email is required");
    expect(messages({ email: "nope", lists: "studio", form: "home" })).toContain(
      "Invalid email address",
    );
    expect(messages({ email: "a\u0000@b.co", lists: "studio", form: "home" })).toContain(
      "Email must not contain control characters",
    );
    expect(messages({ email: `${"a".repeat(250)}@b.co`, lists: "studio", form: "home" })).toContain(
      "Email must be at most 254 characters",
    );
    expect(messages({ email: "a@b.co", form: "home" })).toContain("Choose at least one list");
    expect(messages({ email: "a@b.co", lists: "<script>", form: "home" })).toContain(
      "Unknown list",
    );
    expect(messages({ email: "a@b.co", lists: "studio", form: "admin" })).toContain("Unknown form");
  });

  it("reads the preferences form: no list checked is an empty choice", () => {
    expect(PreferencesSchema.parse({ intent: "save" })).toEqual({ intent: "save", lists: [] });
    expect(PreferencesSchema.safeParse({ intent: "drop" }).success).toBe(false);
  });
});
