import type { Role } from "../../app/roles/permissions";

// Who the tests are: the seeded users of the browser tests (one per role) and fresh, unique names
// and addresses for everything a test creates.

/** The browser tests' users: one per role, all with this password, emails verified. */
export const E2E_PASSWORD = "e2e password that is long";
export const roleEmail = (role: Role) => `${role}@e2e.test`;

/** A long enough password for new accounts. */
export const NEW_PASSWORD = "a fresh passphrase for tests";

export type Account = { email: string; password: string };

/** A suffix no other test uses (time and randomness), for titles, subjects and addresses. */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** An address no other test uses. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${uniqueId()}@example.test`;
}
