import { INVITABLE_ROLES } from "~/db/enums";

// What makes a staff invitation usable (docs/product.md#staff-invitations): its link works for
// seven days from its last sending, once, and not after it was revoked. Universal: the page and the
// server read the same rules.

export { INVITABLE_ROLES };
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** How long an invitation's link works after it was sent (or sent again). */
export const INVITATION_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a link sent at `sentAt` stops working. */
export function expiryFrom(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_DAYS * DAY_MS);
}

export type InvitationState = "usable" | "expired" | "revoked" | "accepted";

/** The facts of an invitation that decide whether its link still works. */
export type InvitationFacts = { expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null };

/**
 * Accepted wins over revoked and revoked over expired: the person is told what happened last that
 * matters to them. The link stops working at the moment of expiry itself.
 */
export function invitationState(facts: InvitationFacts, now: Date): InvitationState {
  if (facts.acceptedAt) return "accepted";
  if (facts.revokedAt) return "revoked";
  if (facts.expiresAt.getTime() <= now.getTime()) return "expired";
  return "usable";
}

/** Why a link is refused, in one sentence each; `unknown` also covers a link a resend replaced. */
export const INVITATION_REFUSALS = {
  unknown:
    "This invitation link is not valid. It may have been replaced by a newer one: ask the studio owner to send it again.",
  expired: "This invitation has expired. Ask the studio owner to send a new one.",
  revoked: "This invitation was revoked by the studio owner.",
  accepted: "This invitation has already been used.",
} as const satisfies Record<Exclude<InvitationState, "usable"> | "unknown", string>;

export type InvitationRefusal = keyof typeof INVITATION_REFUSALS;
