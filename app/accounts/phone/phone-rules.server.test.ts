import { describe, expect, it } from "vitest";
import { countryName, judgeNumber } from "./phone-rules.server";

// Which numbers may receive sign-in codes: judged with the library's full metadata.

describe("judgeNumber", () => {
  const allowed = ["SE", "US", "GB"];

  it("takes mobiles and the US's fixed-line-or-mobile numbers in an allowed country, in E.164", () => {
    expect(judgeNumber("+46701234567", allowed)).toEqual({
      ok: true,
      e164: "+46701234567",
      country: "SE",
    });
    expect(judgeNumber("+12025550123", allowed)).toMatchObject({ ok: true, country: "US" });
  });

  it("refuses numbers that pay per message, landlines and invalid numbers, whatever the countries", () => {
    expect(judgeNumber("+449098790000", allowed)).toMatchObject({ ok: false, reason: "paid" });
    expect(judgeNumber("+19005550100", allowed)).toMatchObject({ ok: false, reason: "paid" });
    expect(judgeNumber("+442079460000", allowed)).toMatchObject({ ok: false, reason: "landline" });
    expect(judgeNumber("+882351234567", allowed)).toMatchObject({ ok: false, reason: "invalid" });
    expect(judgeNumber("not a number", allowed)).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("refuses a country the owner did not choose, naming it; none chosen refuses every country", () => {
    expect(judgeNumber("+33612345678", allowed)).toEqual({
      ok: false,
      reason: "country",
      message: "Sign-in codes cannot be sent to numbers in France.",
    });
    expect(judgeNumber("+46701234567", [])).toMatchObject({ ok: false, reason: "country" });
  });

  it("names countries in English and falls back to the code", () => {
    expect(countryName("SE")).toBe("Sweden");
    expect(countryName("ZZZ")).toBe("ZZZ");
  });
});
