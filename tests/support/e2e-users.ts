import type { Role } from "../../app/roles/permissions";

/** The browser tests' users: one per role, all with this password, emails verified. */
export const E2E_PASSWORD = "e2e password that is long";
export const roleEmail = (role: Role) => `${role}@e2e.test`;
