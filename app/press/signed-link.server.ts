import crypto from "node:crypto";

// A link to a kit that guests may not see yet (unlisted or embargoed): signed with AUTH_SECRET,
// valid until its expiry or until staff revoke the kit's links, whichever comes first. Staff copy
// it from the admin and send it to the press. The signature covers the kit's link version:
// "Revoke all links" raises it, and every link signed before no longer matches. Version 0 signs
// as links did before versions existed, so links already sent kept working.

/** The kit a link opens: its id and its current link version. */
export type LinkedKit = { id: string; linkVersion: number };

const sign = (secret: string, kit: LinkedKit, expires: number) =>
  crypto
    .createHmac("sha256", secret)
    .update(
      kit.linkVersion === 0
        ? `press-kit:${kit.id}:${expires}`
        : `press-kit:${kit.id}:v${kit.linkVersion}:${expires}`,
    )
    .digest("base64url");

/** The query a signed link carries: `?expires=<unix seconds>&signature=<hmac>`. */
export function signKitLink(secret: string, kit: LinkedKit, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `expires=${expires}&signature=${sign(secret, kit, expires)}`;
}

/**
 * Whether a request's query opens the kit now: a signature of this kit at its current link
 * version, not yet expired.
 */
export function kitLinkValid(
  secret: string,
  kit: LinkedKit,
  query: URLSearchParams,
  now: Date,
): boolean {
  const expires = Number(query.get("expires"));
  const signature = query.get("signature") ?? "";
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(sign(secret, kit, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
