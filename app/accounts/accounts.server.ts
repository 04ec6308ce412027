import crypto from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { ownerInvites, users } from "~/db/schema";
import { clockNow, SQL_NOW } from "~/platform/clock/clock.server";
import { AppError } from "~/platform/errors/app-error";
import type { Role } from "~/roles";
import { countOwners, setUserRole } from "~/roles/index.server";
import type { Auth } from "./auth.server";
import { PASSWORD_LIMITS } from "./password.server";

/**
 * Creates a user whose e-mail is already verified, with a password and a role: the CLI's
 * `user create` and the first owner's set-up. Goes through the auth library's own adapter, so its
 * hooks (profile, preferences) run as for a sign-up.
 */
export async function createVerifiedUser(
  auth: Auth,
  db: Database,
  input: {
    email: string;
    password: string;
    role: Role;
    assignedBy?: { id: string; email: string } | null;
  },
): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AppError("invalid", `Invalid email address: ${input.email}`);
  if (input.password.length < PASSWORD_LIMITS.min || input.password.length > PASSWORD_LIMITS.max) {
    throw new AppError(
      "invalid",
      `The password must be ${PASSWORD_LIMITS.min} to ${PASSWORD_LIMITS.max} characters long.`,
    );
  }
  const context = await auth.$context;
  if (await context.internalAdapter.findUserByEmail(email)) {
    throw new AppError("conflict", `A user with the email ${email} already exists.`);
  }
  const user = await context.internalAdapter.createUser(
    {
      email,
      name: email.split("@")[0] ?? email,
      emailVerified: true,
    },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(input.password),
  });
  if (input.role !== "guest") {
    await setUserRole(db, {
      userId: user.id,
      role: input.role,
      assignedBy: input.assignedBy ?? null,
    });
  }
  return { id: user.id, email };
}

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const INVITE_HOURS = 24;

/**
 * When no owner exists, a one-time link to create the owner account; null once there is an owner.
 * Only the token's hash is stored.
 */
export async function ownerSetupLink(db: Database, siteUrl: string): Promise<string | null> {
  if ((await countOwners(db)) > 0) return null;
  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(ownerInvites).values({
    tokenHash: hashToken(token),
    expiresAt: new Date(clockNow().getTime() + INVITE_HOURS * 3_600_000),
  });
  return `${siteUrl}/auth/setup-owner?token=${token}`;
}

export async function isOwnerInviteValid(db: Database, token: string | null): Promise<boolean> {
  if (!token || (await countOwners(db)) > 0) return false;
  const [row] = await db
    .select({ tokenHash: ownerInvites.tokenHash })
    .from(ownerInvites)
    .where(and(eq(ownerInvites.tokenHash, hashToken(token)), gt(ownerInvites.expiresAt, SQL_NOW)));
  return Boolean(row);
}

/** Uses the invite: creates the owner and voids every invite. Refused once an owner exists. */
export async function createOwnerWithInvite(
  auth: Auth,
  db: Database,
  input: { token: string; email: string; password: string },
) {
  if (!(await isOwnerInviteValid(db, input.token))) {
    throw new AppError(
      "invalid",
      "This set-up link is no longer valid. Restart the server for a new one.",
    );
  }
  const deleted = await db
    .delete(ownerInvites)
    .where(eq(ownerInvites.tokenHash, hashToken(input.token)))
    .returning();
  if (deleted.length === 0) {
    throw new AppError("conflict", "This set-up link has already been used.");
  }
  const owner = await createVerifiedUser(auth, db, { ...input, role: "owner" });
  await db.delete(ownerInvites);
  return owner;
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row ?? null;
}
