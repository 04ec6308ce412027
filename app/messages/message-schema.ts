import { z } from "~/platform/forms/zod";

/** A contact message as the admin inbox and the API get it: created_at is its `date`. */
export const MessageEntrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  date: z.iso.datetime(),
});
export type MessageEntry = z.infer<typeof MessageEntrySchema>;
