import { isSingleLine, singleLine } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { KEY_REQUEST_LIMITS } from "./key-request-limits";

// The key request form's one schema (docs/product.md#key-desk), in the browser and on the server.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function required(label: string, max: number) {
  return (
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`)
      // Every field but the message is one line: they are relayed in the studio's own mails.
      .refine(isSingleLine, singleLine(label))
  );
}

export const KeyRequestSchema = z.object({
  name: required("Name", KEY_REQUEST_LIMITS.name),
  outlet: required("Outlet", KEY_REQUEST_LIMITS.outlet),
  outletUrl: required("Outlet URL", KEY_REQUEST_LIMITS.outletUrl)
    .refine(
      (value) => /^https?:\/\/[^\s/]+\.[^\s/]+/i.test(value),
      "Outlet URL must be a web address such as https://outlet.example",
    )
    // https://www.ign.com@attacker.test/ is attacker.test's address: no user-info.
    .refine(
      (value) => !/^https?:\/\/[^/?#]*@/i.test(value),
      "Outlet URL must not hold a name or password before @: give the outlet's own address",
    ),
  audience: required("Audience or channel", KEY_REQUEST_LIMITS.audience),
  platform: required("Platform", KEY_REQUEST_LIMITS.platform),
  message: z
    .string()
    .trim()
    .max(
      KEY_REQUEST_LIMITS.message,
      `Message must be at most ${KEY_REQUEST_LIMITS.message} characters`,
    )
    .default(""),
  email: required("Email", KEY_REQUEST_LIMITS.email).regex(EMAIL_PATTERN, "Invalid email address"),
});

export type KeyRequestInput = z.infer<typeof KeyRequestSchema>;
