import { ROLES } from "~/db/enums";
import { z } from "~/platform/forms/zod";

/** One assigned role, as the API lists them (docs/product.md#data: user_roles). */
export const RoleAssignmentSchema = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  assignedAt: z.iso.datetime(),
});
export type RoleAssignment = z.infer<typeof RoleAssignmentSchema>;
