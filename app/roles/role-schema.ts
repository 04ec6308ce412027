import { ROLES } from "~/db/enums";
import { hasNoControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";

/** One assigned role, as the API lists them (docs/product.md#data: user_roles). */
export const RoleAssignmentSchema = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  assignedAt: z.iso.datetime(),
});
export type RoleAssignment = z.infer<typeof RoleAssignmentSchema>;

/** Role management's two forms: assign by email, or set one listed user's role. */
export const RoleIntentSchema = z.enum(["assign", "set"]);
export type RoleIntent = z.infer<typeof RoleIntentSchema>;

const role = z.enum(ROLES, { error: "Choose one of the five roles" });

export const AssignRoleSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .refine(hasNoControlCharacters, "User not found with that email"),
  role,
});

export const SetRoleSchema = z.object({ userId: z.string().min(1), role });
