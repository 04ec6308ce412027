import { z } from "zod";
import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";

// Shapes of the API's answers, used for the OpenAPI document (the forms' own schemas describe bodies).
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export const NewsItem = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  date: z.string(),
  updatedAt: z.string(),
});
export const GameItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  status: z.string(),
  url: z.string(),
  displayOrder: z.number(),
});
export const MessageItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  date: z.string(),
});
export const ProfileItem = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
});
export const RoleItem = z.object({ userId: z.string(), role: z.string(), assignedAt: z.string() });
export const ActivityItem = z.object({
  id: z.string(),
  activityType: z.string(),
  activityData: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const PreferencesItem = z.object({
  emailNotifications: z.boolean(),
  themePreference: z.string(),
  privacyLevel: z.string(),
});
export const WorkItem = z.object({
  currentTask: z.string().nullable(),
  status: z.string(),
  updatedAt: z.string().nullable(),
});
export const WorkInput = z.object({
  current_task: z
    .string()
    .max(500, "The task must be at most 500 characters")
    .refine(hasNoControlCharacters, noControlCharacters("The task"))
    .nullable(),
});
export const QueryInput = z.object({
  sql: z
    .string()
    .max(5_000, "The query must be at most 5000 characters")
    .refine(hasNoControlCharacters, noControlCharacters("The query")),
});
export const QueryStatus = z.object({ available: z.boolean(), reason: z.string().nullable() });
export const List = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), limit: z.number() });
