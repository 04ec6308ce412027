import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/db/database.server";
import { staffInvitations, userRoles, users } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { clockNow } from "~/platform/clock/clock.server";
import { AppError } from "~/platform/errors/app-error";
import { isRole, type Role } from "~/roles";
import { expiryFrom, type InvitableRole } from "./invitation-rules";
import { hashInvitationToken, newInvitationToken } from "./invitation-tokens.server";

// The staff_invitations table's reads and writes (docs/product.md#staff-invitations). Each write
// records itself in the staff audit log in the same transaction; the mail is sent inside it too, so
// a mail that could not be sent leaves nothing behind.

export type Actor = { id: string; email: string };

/** Sends the link; throws when it cannot (the write around it is then undone). */
export type SendLink = (mail: {
  to: string;
  role: InvitableRole;
  token: string;
  expiresAt: Date;
}) => Promise<void>;

/** Neither accepted nor revoked. */
export const OPEN = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));

/** An open invitation as Role Management lists it. */
export type OpenInvitation = {
  id: string;
  email: string;
  role: InvitableRole;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
};

/** The inviter, joined beside the invitation. */
export const inviters = alias(users, "inviters");

/** Open invitations (neither accepted nor revoked, expired ones included), newest first. */
export async function listOpenInvitations(
  db: Database,
  now = clockNow(),
): Promise<OpenInvitation[]> {
  const rows = await db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      invitedBy: inviters.email,
      createdAt: staffInvitations.createdAt,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .leftJoin(inviters, eq(inviters.id, staffInvitations.invitedBy))
    .where(OPEN)
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    role: row.role as InvitableRole,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  }));
}

export async function roleOfAddress(
  db: Database | Transaction,
  email: string,
): Promise<Role | null> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email));
  if (!row) return null;
  return isRole(row.role) ? row.role : "guest";
}

/**
 * Invites an address to a staff role. Refused when the address already has an open invitation
 * (resend it instead) or belongs to an owner (an owner's role is changed in the list).
 */
export function createInvitation(
  db: Database,
  input: { email: string; role: InvitableRole; by: Actor | null; send: SendLink; now?: Date },
) {
  const now = input.now ?? clockNow();
  return db.transaction(async (tx) => {
    if ((await roleOfAddress(tx, input.email)) === "owner") {
      throw new AppError("conflict", "That address belongs to an owner. Owners keep their role.", {
        field: "email",
      });
    }
    const [pending] = await tx
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(and(eq(staffInvitations.email, input.email), OPEN));
    if (pending) throw alreadyInvited();
    const token = newInvitationToken();
    const expiresAt = expiryFrom(now);
    const inserted = await tx
      .insert(staffInvitations)
      .values({
        email: input.email,
        role: input.role,
        tokenHash: hashInvitationToken(token),
        invitedBy: input.by?.id ?? null,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning({ id: staffInvitations.id });
    // Another owner's invitation to the same address landed first.
    const id = inserted[0]?.id;
    if (!id) throw alreadyInvited();
    await recordStaffAction(tx, {
      actor: input.by,
      action: "invitation.create",
      subjectType: "invitation",
      subjectId: id,
      details: { email: input.email, role: input.role },
    });
    await input.send({ to: input.email, role: input.role, token, expiresAt });
    return { id };
  });
}

function alreadyInvited() {
  return new AppError(
    "conflict",
    "That address already has an open invitation. Resend or revoke it below.",
    { field: "email" },
  );
}

const gone = () => new AppError("not_found", "That invitation is no longer open.");

/** A new link for an open invitation: new token, seven days from now; the old link stops working. */
export function resendInvitation(
  db: Database,
  input: { id: string; by: Actor; send: SendLink; now?: Date },
) {
  const now = input.now ?? clockNow();
  return db.transaction(async (tx) => {
    const token = newInvitationToken();
    const expiresAt = expiryFrom(now);
    const [row] = await tx
      .update(staffInvitations)
      .set({ tokenHash: hashInvitationToken(token), expiresAt, invitedBy: input.by.id })
      .where(and(eq(staffInvitations.id, input.id), OPEN))
      .returning({ email: staffInvitations.email, role: staffInvitations.role });
    if (!row) throw gone();
    const role = row.role as InvitableRole;
    await recordStaffAction(tx, {
      actor: input.by,
      action: "invitation.resend",
      subjectType: "invitation",
      subjectId: input.id,
      details: { email: row.email, role },
    });
    await input.send({ to: row.email, role, token, expiresAt });
    return { email: row.email };
  });
}

/** Revokes an open invitation: its link is refused from now on. */
export function revokeInvitation(db: Database, input: { id: string; by: Actor; now?: Date }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revokedAt: input.now ?? clockNow() })
      .where(and(eq(staffInvitations.id, input.id), OPEN))
      .returning({ email: staffInvitations.email, role: staffInvitations.role });
    if (!row) throw gone();
    await recordStaffAction(tx, {
      actor: input.by,
      action: "invitation.revoke",
      subjectType: "invitation",
      subjectId: input.id,
      details: { email: row.email, role: row.role },
    });
    return { email: row.email };
  });
}
