import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database, Transaction } from "~/db/database.server";
import { staffInvitations } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { clockNow } from "~/platform/clock/clock.server";
import { AppError } from "~/platform/errors/app-error";
import { setUserRole } from "~/roles/index.server";
import {
  INVITATION_REFUSALS,
  type InvitableRole,
  type InvitationState,
  invitationState,
} from "./invitation-rules";
import { hashInvitationToken, isWellFormedToken } from "./invitation-tokens.server";
import { type Actor, inviters, OPEN, roleOfAddress } from "./invitations.server";

// Opening and accepting an invitation's link (docs/product.md#staff-invitations): the link is
// found by its token's hash; accepting claims it with one conditional update, so it works once.

/** What a link's token opens: the invitation and its state, or null for no invitation at all. */
export type InvitationByToken = {
  id: string;
  email: string;
  role: InvitableRole;
  expiresAt: Date;
  state: InvitationState;
  inviter: Actor | null;
};

export async function findInvitationByToken(
  db: Database,
  token: unknown,
  now = clockNow(),
): Promise<InvitationByToken | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      expiresAt: staffInvitations.expiresAt,
      acceptedAt: staffInvitations.acceptedAt,
      revokedAt: staffInvitations.revokedAt,
      inviterId: inviters.id,
      inviterEmail: inviters.email,
    })
    .from(staffInvitations)
    .leftJoin(inviters, eq(inviters.id, staffInvitations.invitedBy))
    .where(eq(staffInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    role: row.role as InvitableRole,
    expiresAt: row.expiresAt,
    state: invitationState(row, now),
    inviter:
      row.inviterId && row.inviterEmail ? { id: row.inviterId, email: row.inviterEmail } : null,
  };
}

/** The link's invitation if it is usable now; otherwise the sentence that refuses it. */
export async function requireUsableInvitation(db: Database, token: unknown, now = clockNow()) {
  const invitation = await findInvitationByToken(db, token, now);
  if (!invitation) throw new AppError("not_found", INVITATION_REFUSALS.unknown);
  if (invitation.state !== "usable") {
    throw new AppError("conflict", INVITATION_REFUSALS[invitation.state]);
  }
  return invitation;
}

/**
 * Marks the invitation accepted by `userId` if it is still usable at `now`: one conditional
 * update, so of two tabs accepting at once exactly one wins. Inside the caller's transaction.
 */
async function claim(tx: Transaction | Database, id: string, userId: string | null, now: Date) {
  const claimed = await tx
    .update(staffInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(staffInvitations.id, id), OPEN, gt(staffInvitations.expiresAt, now)))
    .returning({ id: staffInvitations.id });
  return claimed.length > 0;
}

async function refusalNow(db: Database | Transaction, id: string, now: Date): Promise<AppError> {
  const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
  const state = row ? invitationState(row, now) : "accepted";
  return new AppError("conflict", INVITATION_REFUSALS[state === "usable" ? "accepted" : state]);
}

/**
 * An existing account takes the invitation's role: the claim, the role change and the audit line
 * in one transaction, so a refusal (the last owner, a second tab) changes nothing.
 */
export async function acceptAsAccount(
  db: Database,
  input: { invitation: InvitationByToken; user: Actor; now?: Date },
) {
  const now = input.now ?? clockNow();
  const { invitation, user } = input;
  if (user.email.toLowerCase() !== invitation.email) {
    throw new AppError("forbidden", `This invitation is for ${invitation.email}.`);
  }
  await db.transaction(async (tx) => {
    if ((await roleOfAddress(tx, invitation.email)) === "owner") {
      throw new AppError(
        "conflict",
        "This account is an owner; the invitation would lower its role.",
      );
    }
    if (!(await claim(tx, invitation.id, user.id, now)))
      throw await refusalNow(tx, invitation.id, now);
    await setUserRole(tx, {
      userId: user.id,
      role: invitation.role,
      assignedBy: invitation.inviter,
    });
    await recordAcceptance(tx, invitation, user);
  });
}

async function recordAcceptance(
  tx: Database | Transaction,
  invitation: InvitationByToken,
  user: Actor,
) {
  await recordStaffAction(tx, {
    actor: user,
    action: "invitation.accept",
    subjectType: "invitation",
    subjectId: invitation.id,
    details: { email: invitation.email, role: invitation.role, userId: user.id },
  });
}

/**
 * A new account for the invited address: the invitation is claimed first (so a second tab is
 * refused), the account is made by `create` (outside the transaction: the auth library writes it),
 * then the acceptance names it. If making the account fails, the claim is released.
 */
export async function acceptWithNewAccount(
  db: Database,
  input: {
    invitation: InvitationByToken;
    create: (email: string, role: InvitableRole, inviter: Actor | null) => Promise<Actor>;
    now?: Date;
  },
): Promise<Actor> {
  const now = input.now ?? clockNow();
  const { invitation } = input;
  if (!(await claim(db, invitation.id, null, now))) throw await refusalNow(db, invitation.id, now);
  let user: Actor;
  try {
    user = await input.create(invitation.email, invitation.role, invitation.inviter);
  } catch (error) {
    await db
      .update(staffInvitations)
      .set({ acceptedAt: null })
      .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.acceptedBy)));
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(staffInvitations)
      .set({ acceptedBy: user.id })
      .where(eq(staffInvitations.id, invitation.id));
    await recordAcceptance(tx, invitation, user);
  });
  return user;
}
