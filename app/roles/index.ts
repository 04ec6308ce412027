// The roles feature's browser-safe face: what other folders may import.
export {
  atLeast,
  can,
  holdersOf,
  isRole,
  type Permission,
  permissionsOf,
  ROLE_LABELS,
  ROLES,
  type Role,
  rolePowers,
} from "./permissions";
export { RoleManagementScreen } from "./role-management-screen";
export {
  AssignRoleSchema,
  type RoleAssignment,
  RoleIntentSchema,
  SetRoleSchema,
} from "./role-schema";
