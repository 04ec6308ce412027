// The roles feature's server-only face: what other folders may import on the server (decision 031).
export {
  countOwners,
  findUserIdByEmail,
  isLastOwnerError,
  lastOwnerError,
  listUsersWithRoles,
  lockOwners,
  refuseLastOwner,
  setUserRole,
} from "./roles.server";
