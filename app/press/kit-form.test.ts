import { describe, expect, it } from "vitest";
import { EMBARGO_RULE, KitFormSchema, kitEmbargo, kitFormValues } from "./kit-form";

const base = { gameId: "", logos: "[]" };

describe("the press kit editor's schema", () => {
  it("reads lists one item a line, parts split by |, and gives the same lines back", () => {
    const parsed = KitFormSchema.parse({
      ...base,
      listed: "on",
      embargoUntil: "2031-04-01T09:30",
      prices: "USD | $9.99\n\n EUR|€8.99 ",
      quotes: "Warm and wise. | Ada | Lantern Weekly | https://example.com/r",
      languages: "English, Français\nDeutsch",
      monetization: "ask",
    });
    expect(parsed.listed).toBe(true);
    // The typed wall clock: the action reads it in the studio's zone (kitEmbargo).
    expect(parsed.embargoUntil).toBe("2031-04-01T09:30");
    expect(parsed.data.prices).toEqual([
      { currency: "USD", value: "$9.99" },
      { currency: "EUR", value: "€8.99" },
    ]);
    expect(parsed.data.quotes[0]).toEqual({
      text: "Warm and wise.",
      author: "Ada",
      outlet: "Lantern Weekly",
      link: "https://example.com/r",
    });
    expect(parsed.data.languages).toEqual(["English", "Français", "Deutsch"]);
    const embargoUntil = kitEmbargo(parsed.embargoUntil, "Asia/Tokyo");
    expect(embargoUntil?.toISOString()).toBe("2031-04-01T00:30:00.000Z");
    const again = KitFormSchema.parse(
      kitFormValues({ listed: parsed.listed, embargoUntil, data: parsed.data }, null, "Asia/Tokyo"),
    );
    expect(again).toEqual(parsed);
  });

  it("refuses a malformed embargo, an unknown policy, and logos without alt text", () => {
    const problems = (values: Record<string, string>) => {
      const result = KitFormSchema.safeParse({ ...base, ...values });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(problems({ embargoUntil: "next week" })).toContain(EMBARGO_RULE);
    expect(problems({ embargoUntil: "2031-02-30T10:00" })).toContain(EMBARGO_RULE);
    expect(problems({ monetization: "sometimes" })).toContain("Choose one of the policies");
    expect(problems({ logos: "not json" })).toContain("Upload the logos again");
    expect(
      problems({ logos: JSON.stringify([{ image: "8c0f7a52-3f7e-4c51-9d7e-2b7b1e0c9a11" }]) })[0],
    ).toMatch(/^Describe each logo/);
    expect(KitFormSchema.safeParse({ gameId: "" }).success).toBe(false);
  });

  it("refuses a link of another scheme than http(s), naming its line", () => {
    const problems = (values: Record<string, string>) => {
      const result = KitFormSchema.safeParse({ ...base, ...values });
      return result.success
        ? []
        : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(
      problems({
        quotes:
          "Great | Bo | Outlet | https://outlet.example/r\nBad | Cy | Outlet | data:text/html,x",
      }),
    ).toEqual(["quotes: Line 2: Links must start with http:// or https://"]);
    expect(problems({ contacts: "Press | javascript:alert(1)" })).toEqual([
      "contacts: Line 1: A contact must be an e-mail address or start with https://",
    ]);
    expect(problems({ contacts: "Press | press@studio.example" })).toEqual([]);
  });
});
