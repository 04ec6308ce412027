import { z } from "~/platform/forms/zod";

// A toast that survives a redirect (carried in a short-lived cookie), so messages like
// 'Unauthorized' appear after the server sends someone elsewhere, with or without JavaScript.
export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
