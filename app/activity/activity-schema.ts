import { z } from "~/platform/forms/zod";

/** One recorded activity as the profile's Activity tab and the API get it. */
export const ActivityEntrySchema = z.object({
  id: z.uuid(),
  activityType: z.string(),
  activityData: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;
