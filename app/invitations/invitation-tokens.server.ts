import crypto from "node:crypto";

// An invitation's link carries a random token; the database keeps only its SHA-256, so a copy of
// the database (a backup, the SQL box) holds no usable link.

/** A new link token: 32 random bytes, URL-safe. */
export function newInvitationToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashInvitationToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A token as links carry it; anything else (too long, other characters) is no token of ours. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The page a link opens. */
export const INVITATION_PATH = "/auth/invitation";

export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl}${INVITATION_PATH}?token=${token}`;
}
