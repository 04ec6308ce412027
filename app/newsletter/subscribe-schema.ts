import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { STUDIO_LIST, SUBSCRIBE_FORMS, SUBSCRIBE_LIMITS } from "./subscribe-limits";

// The subscribe form's one schema, used by the form in the browser and by the action on the server.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const GAME_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const listName = z
  .string()
  .refine((value) => value === STUDIO_LIST || GAME_ID.test(value), "Unknown list");

export const SubscribeSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(SUBSCRIBE_LIMITS.email, `Email must be at most ${SUBSCRIBE_LIMITS.email} characters`)
    .refine(hasNoControlCharacters, noControlCharacters("Email"))
    .regex(EMAIL_PATTERN, "Invalid email address"),
  // One checkbox arrives as a string, several as an array.
  lists: z.preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z
      .array(listName, { error: "Choose at least one list" })
      .min(1, "Choose at least one list")
      .max(SUBSCRIBE_LIMITS.lists, "Too many lists"),
  ),
  form: z.enum(SUBSCRIBE_FORMS, { error: "Unknown form" }),
});

export type SubscribeInput = z.infer<typeof SubscribeSchema>;

/** The preferences page's form: keep these lists, unsubscribe from all, or erase the address. */
export const PreferencesSchema = z.object({
  intent: z.enum(["save", "unsubscribe", "erase"], { error: "Unknown action" }),
  lists: z.preprocess(
    (value) => (value === undefined ? [] : typeof value === "string" ? [value] : value),
    z.array(listName).max(SUBSCRIBE_LIMITS.lists + 200, "Too many lists"),
  ),
});
