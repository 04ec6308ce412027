import { describe, expect, it } from "vitest";
import { formatPhone, PhoneEnrolSchema, SmsCountriesSchema, typedPhone } from "./phone-schema";

// The phone forms' shared rules: the number's shape in international form, and the owner's
// countries as two-letter codes.

describe("the phone forms", () => {
  it("reads a number typed with spaces, dashes or 00 as E.164, and refuses one without its country", () => {
    expect(typedPhone("+46 70-123 45 67")).toBe("+46701234567");
    expect(typedPhone("0046701234567")).toBe("+46701234567");
    expect(typedPhone("070 123 45 67")).toBeNull();
    expect(typedPhone("+46 7")).toBeNull();
    expect(formatPhone("+46701234567")).toBe("+46 70 123 45 67");
  });

  it("needs a name and a number; the error says how to write the number", () => {
    const parsed = PhoneEnrolSchema.safeParse({ name: "  ", phone: "0701234567" });
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toEqual([
      ["name", "Name is required"],
      [
        "phone",
        "Enter the number in international form: + and the country code, such as +46 70 123 45 67.",
      ],
    ]);
  });

  it("takes countries as codes in any case and separator, sorted and once each; refuses unknown codes", () => {
    expect(SmsCountriesSchema.parse({ countries: "se, gb  us;se" }).countries).toEqual([
      "GB",
      "SE",
      "US",
    ]);
    expect(SmsCountriesSchema.parse({ countries: "" }).countries).toEqual([]);
    const refused = SmsCountriesSchema.safeParse({ countries: "SE, XX, Sweden" });
    expect(refused.error?.issues[0]?.message).toBe(
      "Not a country code: XX, SWEDEN. Use two letters, such as SE or GB.",
    );
  });
});
