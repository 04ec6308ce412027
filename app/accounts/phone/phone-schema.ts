import { type CountryCode, getCountries, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { hasNoControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { FACTOR_NAME_MAX } from "../factors";

// The phone factor's forms (docs/accounts-and-security.md#phone), shared by the profile's forms in
// the browser and their actions. The browser checks the number's shape with the library's small
// metadata; the server judges it again with the full metadata (its type, its country:
// phone-rules.server.ts). This module is loaded by the profile page only, never by public pages.

/** How long a code sent by text message can be used. */
export const PHONE_CODE_MINUTES = 10;
/** Wrong tries one code allows; then a new code must be asked for. */
export const PHONE_CODE_TRIES = 5;
/** How long a new code waits after the one before. */
export const PHONE_RESEND_SECONDS = 30;
/** Codes one account may be sent in PHONE_CODES_WINDOW_MINUTES. */
export const PHONE_CODES_PER_WINDOW = 3;
export const PHONE_CODES_WINDOW_MINUTES = 15;

export const PHONE_FORMAT_HINT =
  "Enter the number in international form: + and the country code, such as +46 70 123 45 67.";

/** The number as typed, in E.164 when its shape is right (the server judges it further). */
export function typedPhone(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("+") && !trimmed.startsWith("00")) return null;
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^00/, "+"));
  return parsed?.isPossible() ? parsed.number : null;
}

/** A stored number as people read it: "+46 70 123 45 67". */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

const name = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(FACTOR_NAME_MAX, `Name must be at most ${FACTOR_NAME_MAX} characters`)
  .refine(hasNoControlCharacters, "Name must not contain control characters");

const phone = z
  .string({ error: PHONE_FORMAT_HINT })
  .max(40, PHONE_FORMAT_HINT)
  .transform((value, ctx) => {
    const e164 = typedPhone(value);
    if (e164) return e164;
    ctx.addIssue({ code: "custom", message: PHONE_FORMAT_HINT });
    return z.NEVER;
  });

const code = z
  .string({ error: "Enter the 6-digit code from the text message" })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from the text message");

/** Adding a phone: its name, its number, and the password when the session was not confirmed lately. */
export const PhoneEnrolSchema = z.object({
  name,
  phone,
  password: z.string().max(200).optional(),
});

/** The code that finishes adding the phone, for the challenge it answers. */
export const PhoneCodeSchema = z.object({
  challengeId: z.string({ error: "Ask for a new code" }).uuid("Ask for a new code"),
  code,
});

/** Asking for another code (a resend) for the phone being added. */
export const PhoneResendSchema = z.object({ factorId: z.string().uuid("Unknown item") });

/** Removing the phone; the password is asked when it is the account's last factor. */
export const RemovePhoneSchema = z.object({
  factorId: z.string().uuid("Unknown item"),
  password: z.string().max(200).optional(),
});

/** What adding a phone gives the page: where the code went, and for how long it holds. */
export type PhoneChallenge = {
  kind: "phone-challenge";
  factorId: string;
  challengeId: string;
  /** The number masked to its last two digits. */
  masked: string;
  expiresAt: string;
  /** When another code may be asked for. */
  resendAt: string;
};

/** Recovery codes made when the phone became the account's first factor (shown once). */
export type PhoneEnrolled = { kind: "phone-enrolled"; backupCodes: string[] };

const PHONE_COUNTRIES: ReadonlySet<string> = new Set(getCountries());

/** Whether `code` is a country (ISO 3166 alpha-2) whose numbers the library knows. */
export function isPhoneCountry(code: string): code is CountryCode {
  return PHONE_COUNTRIES.has(code);
}

/**
 * The owner's "Text messages" form: the countries codes may go to, as ISO codes separated by
 * commas or spaces ("SE, NO, GB"); empty stops every new phone.
 */
export const SmsCountriesSchema = z.object({
  countries: z
    .string({ error: "Enter country codes such as SE, GB" })
    .max(1000, "Too many countries")
    .transform((value, ctx) => {
      const codes = [
        ...new Set(
          value
            .toUpperCase()
            .split(/[\s,;]+/)
            .filter(Boolean),
        ),
      ];
      const unknown = codes.filter((code) => !isPhoneCountry(code));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `Not a country code: ${unknown.join(", ")}. Use two letters, such as SE or GB.`,
        });
        return z.NEVER;
      }
      return codes.sort();
    }),
});
