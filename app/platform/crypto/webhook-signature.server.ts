import crypto from "node:crypto";

// How the site signs what it posts to others (docs/api.md#announcement-webhooks): the announcement
// webhooks and the text-message webhook share it, so one receiver recipe verifies both.

/** The signature header of a body sent at `timestamp` (Unix seconds), Stripe's way. */
export function signature(secret: string, timestamp: number, body: string): string {
  const mac = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}
