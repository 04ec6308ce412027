// The roles feature's server-only face: what other folders may import on the server.

export { answerRoleForm, loadRoleManagement, type RoleActor } from "./role-forms.server";
export { RoleAssignmentSchema } from "./role-schema";
export { ROLES_ENDPOINTS } from "./roles.api.server";
export {
  countOwners,
  findUserIdByEmail,
  isLastOwnerError,
  lastOwnerError,
  listRoleAssignmentsPage,
  lockOwners,
  ownerAddresses,
  refuseLastOwner,
  setUserRole,
  staffToNotify,
} from "./roles.server";
