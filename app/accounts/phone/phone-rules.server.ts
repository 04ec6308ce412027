import { type NumberType, parsePhoneNumberFromString } from "libphonenumber-js/max";

// Which numbers may receive sign-in codes (docs/accounts-and-security.md#phone), judged with the
// library's full metadata, which knows each number's type. SMS pumping farms premium-rate and
// shared-cost numbers, so only types that reach a person's phone are taken, and only in the
// countries the owner chose.

/** Types that reach a phone a person carries. */
const TEXTABLE: ReadonlySet<NumberType> = new Set([
  "MOBILE",
  "FIXED_LINE_OR_MOBILE",
  "PERSONAL_NUMBER",
  "VOIP",
]);

const PAID: ReadonlySet<NumberType> = new Set(["PREMIUM_RATE", "SHARED_COST"]);

export type JudgedNumber =
  | { ok: true; e164: string; country: string }
  | { ok: false; reason: NumberRefusal; message: string };

export type NumberRefusal =
  | "invalid"
  | "paid"
  | "landline"
  | "other-type"
  | "unknown-type"
  | "country";

const regions = new Intl.DisplayNames(["en"], { type: "region" });

/** A country's English name ("SE" → "Sweden"). */
export function countryName(code: string): string {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whether `number` (E.164) may receive codes, with the sentence a refusal is told. */
export function judgeNumber(number: string, countries: readonly string[]): JudgedNumber {
  const parsed = parsePhoneNumberFromString(number);
  if (!parsed?.isValid()) {
    return { ok: false, reason: "invalid", message: "That is not a valid phone number." };
  }
  const type = parsed.getType();
  if (type && PAID.has(type)) {
    return {
      ok: false,
      reason: "paid",
      message: "Premium-rate and shared-cost numbers cannot receive sign-in codes.",
    };
  }
  if (type === "FIXED_LINE") {
    return {
      ok: false,
      reason: "landline",
      message:
        "That is a landline number, which cannot receive text messages. Use a mobile number.",
    };
  }
  if (!type) {
    return {
      ok: false,
      reason: "unknown-type",
      message:
        "That number's kind could not be told, so no code is sent to it. Use a mobile number.",
    };
  }
  if (!TEXTABLE.has(type)) {
    return {
      ok: false,
      reason: "other-type",
      message: "That kind of number cannot receive sign-in codes. Use a mobile number.",
    };
  }
  const country = parsed.country ?? "";
  if (!countries.includes(country)) {
    return {
      ok: false,
      reason: "country",
      message: country
        ? `Sign-in codes cannot be sent to numbers in ${countryName(country)}.`
        : "Sign-in codes cannot be sent to numbers of that region.",
    };
  }
  return { ok: true, e164: parsed.number, country };
}
