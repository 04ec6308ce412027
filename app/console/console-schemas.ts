import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";

// The console's request and answer shapes: the forms and panels read their types, the API
// endpoints (console.api.server.ts) declare them, the OpenAPI document publishes them.

/** A developer's current work (docs/product.md#overview-tab). */
export const WorkSchema = z.object({
  currentTask: z.string().nullable(),
  status: z.string(),
  updatedAt: z.iso.datetime().nullable(),
});
export type Work = z.infer<typeof WorkSchema>;

export const WorkInput = z.object({
  current_task: z
    .string()
    .max(500, "The task must be at most 500 characters")
    .refine(hasNoControlCharacters, noControlCharacters("The task"))
    .nullable(),
});

/** A developer or owner with their current work (docs/product.md#team-tab). */
export const TeamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(["developer", "owner"]),
  currentTask: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const HealthStatusSchema = z.enum(["healthy", "warning", "error"]);
export type HealthStatus = z.infer<typeof HealthStatusSchema>;

/** The System Health panel's measurements. */
export const HealthSchema = z.object({
  database: HealthStatusSchema,
  auth: HealthStatusSchema,
  userCount: z.number().int(),
  responseTimeMs: z.number(),
  lastActivity: z.iso.datetime().nullable(),
  checkedAt: z.iso.datetime(),
});
export type Health = z.infer<typeof HealthSchema>;

/** One table's row count for the Database Monitor; `failed` when the count could not be read. */
export const TableCountSchema = z.object({
  table: z.string(),
  count: z.number().int(),
  failed: z.boolean(),
});

export const QueryInput = z.object({
  sql: z
    .string()
    .max(5_000, "The query must be at most 5000 characters")
    .refine(hasNoControlCharacters, noControlCharacters("The query")),
});

export const QueryResultSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
  rowCount: z.number().int(),
});
export type QueryResult = z.infer<typeof QueryResultSchema>;

/** Whether the SQL box can run here, and why not. */
export const QueryStatusSchema = z.object({
  available: z.boolean(),
  reason: z.string().nullable(),
});
export type QueryStatus = z.infer<typeof QueryStatusSchema>;

/** What Clear Cache emptied: the names of the caches. */
export const CacheClearedSchema = z.object({ cleared: z.array(z.string()) });
