import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { CONTACT_LIMITS } from "./contact-limits";

// The contact form's one schema, used by the form in the browser and by the action on the server.
// The four required-field messages and 'Invalid email address' are the spec's (section 5).

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function required(message: string, max: number, label: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoControlCharacters, noControlCharacters(label));
}

export const ContactSchema = z.object({
  name: required("Name is required", CONTACT_LIMITS.name, "Name"),
  email: required("Email is required", CONTACT_LIMITS.email, "Email").regex(
    EMAIL_PATTERN,
    "Invalid email address",
  ),
  subject: required("Subject is required", CONTACT_LIMITS.subject, "Subject"),
  message: required("Message is required", CONTACT_LIMITS.message, "Message"),
});

export type ContactInput = z.infer<typeof ContactSchema>;
export type ContactField = keyof ContactInput;
