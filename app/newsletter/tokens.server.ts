import crypto from "node:crypto";
import { clockNow } from "~/platform/clock/clock.server";

// Signed newsletter links: `<purpose>.<subscriber id>.<expiry seconds>.<HMAC-SHA256>` keyed with
// AUTH_SECRET. Nothing is stored: a forged, altered or expired token is refused by its signature.

export type TokenPurpose = "confirm" | "manage";

const DAY = 24 * 60 * 60;
/** A confirmation link lives a week; a preferences/unsubscribe link (in every mail) a year. */
export const TOKEN_LIFETIME: Record<TokenPurpose, number> = { confirm: 7 * DAY, manage: 365 * DAY };

function sign(secret: string, body: string): string {
  return crypto.createHmac("sha256", secret).update(`newsletter:${body}`).digest("base64url");
}

export function signToken(
  secret: string,
  purpose: TokenPurpose,
  subscriberId: string,
  now = clockNow().getTime(),
): string {
  const expires = Math.floor(now / 1000) + TOKEN_LIFETIME[purpose];
  const body = `${purpose}.${subscriberId}.${expires}`;
  return `${body}.${sign(secret, body)}`;
}

/** The subscriber a valid, unexpired token of this purpose names; null for anything else. */
export function readToken(
  secret: string,
  purpose: TokenPurpose,
  token: unknown,
  now = clockNow().getTime(),
): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [kind, id, expires, signature] = parts as [string, string, string, string];
  if (kind !== purpose || !/^[0-9a-f-]{36}$/.test(id) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(sign(secret, `${kind}.${id}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 < now) return null;
  return id;
}

/**
 * How long an unsubscribe can be undone from its confirmation page: time to notice a wrong click.
 * After that (or once anything changed the address since) the lists are chosen again on the
 * preferences page.
 */
export const UNDO_LIFETIME = 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What an unsubscribe's Undo puts back: whose lists, which, and the unsubscribe it undoes. */
export type UndoTicket = { subscriberId: string; lists: string[]; unsubscribedAt: number };

/**
 * `undo.<subscriber>.<expiry seconds>.<unsubscribed at, ms>.<list ids joined by _>.<HMAC>`: signed
 * like the links, so the page's Undo can only put back the lists that unsubscribe dropped.
 */
export function signUndoToken(
  secret: string,
  ticket: UndoTicket,
  now = clockNow().getTime(),
): string {
  const expires = Math.floor(now / 1000) + UNDO_LIFETIME;
  const body = `undo.${ticket.subscriberId}.${expires}.${ticket.unsubscribedAt}.${ticket.lists.join("_")}`;
  return `${body}.${sign(secret, body)}`;
}

/** The ticket of a valid, unexpired undo token; null for anything else. */
export function readUndoToken(
  secret: string,
  token: unknown,
  now = clockNow().getTime(),
): UndoTicket | null {
  if (typeof token !== "string" || token.length > 4_000) return null;
  const parts = token.split(".");
  if (parts.length !== 6) return null;
  const [kind, id, expires, at, lists, signature] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (kind !== "undo" || !UUID.test(id) || !/^\d{1,12}$/.test(expires) || !/^\d{1,15}$/.test(at))
    return null;
  const ids = lists.split("_");
  if (!ids.every((list) => UUID.test(list))) return null;
  const expected = Buffer.from(sign(secret, parts.slice(0, 5).join(".")));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 < now) return null;
  return { subscriberId: id, lists: ids, unsubscribedAt: Number(at) };
}
