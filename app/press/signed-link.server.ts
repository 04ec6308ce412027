import crypto from "node:crypto";

// A link to a kit that guests may not see yet (unlisted or embargoed): signed with AUTH_SECRET,
// valid until its expiry. Staff copy it from the admin and send it to the press.

const sign = (secret: string, kitId: string, expires: number) =>
  crypto.createHmac("sha256", secret).update(`press-kit:${kitId}:${expires}`).digest("base64url");

/** The query a signed link carries: `?expires=<unix seconds>&signature=<hmac>`. */
export function signKitLink(secret: string, kitId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `expires=${expires}&signature=${sign(secret, kitId, expires)}`;
}

/** Whether a request's query opens the kit now: a signature of this kit, not yet expired. */
export function kitLinkValid(
  secret: string,
  kitId: string,
  query: URLSearchParams,
  now: Date,
): boolean {
  const expires = Number(query.get("expires"));
  const signature = query.get("signature") ?? "";
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(sign(secret, kitId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
