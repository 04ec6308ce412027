import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { consents, subscriberLists, subscribers, subscriptions } from "~/db/schema";
import { reachableGameIds } from "~/games/index.server";
import { AppError } from "~/platform/errors/app-error";
import { addressKey, type RateLimits } from "~/platform/limits/rate-limit.server";
import { mailboxOf, recipientDomain } from "~/platform/mail/mailbox";
import type { Mailer } from "~/platform/mail/mailer.server";
import { type ConsentForm, STUDIO_LIST } from "./subscribe-limits";
import type { SubscribeInput } from "./subscribe-schema";
import { readToken, signToken } from "./tokens.server";

// Subscribing (docs/product.md#newsletter-subscribing): double opt-in. A request records the
// consent and mails a signed confirmation link; the lists are subscribed only when it is opened.
// The answer never says whether the address was known.

type Limits = Pick<
  RateLimits,
  "newsletterSubmissions" | "newsletterMails" | "newsletterDomainMails"
>;
export type NewsletterKeys = { secret: string; siteUrl: string };

const normalize = (email: string) => email.trim().toLowerCase();

/** The list ids of these names ("studio" or a game's id), made on first use; unknown games refused. */
export async function resolveLists(db: Database, names: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(names)];
  const gameIds = wanted.filter((name) => name !== STUDIO_LIST);
  // A game's list is joined from its page: only a game whose page guests may open has one to join.
  if (gameIds.length > 0) {
    const found = await reachableGameIds(db, gameIds);
    if (found.size !== gameIds.length) throw new AppError("invalid", "Unknown list");
  }
  const ids: string[] = [];
  for (const name of wanted) {
    const gameId = name === STUDIO_LIST ? null : name;
    const where = gameId ? eq(subscriberLists.gameId, gameId) : isNull(subscriberLists.gameId);
    let [row] = await db.select({ id: subscriberLists.id }).from(subscriberLists).where(where);
    if (!row) {
      await db.insert(subscriberLists).values({ gameId }).onConflictDoNothing();
      [row] = await db.select({ id: subscriberLists.id }).from(subscriberLists).where(where);
    }
    ids.push(row!.id);
  }
  return ids;
}

/** Runs on every submission, before its values are judged: the per-address ceiling and the honeypot. */
export async function screenSubscription(
  honeypot: unknown,
  options: { clientIp: string; limits: Limits },
): Promise<void> {
  const attempt = await options.limits.newsletterSubmissions.consume(addressKey(options.clientIp));
  if (!attempt.allowed) {
    const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
    throw new AppError(
      "too_many",
      `Too many requests from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    throw new AppError("invalid", "Your request looks automated and was not sent.");
  }
}

/**
 * Records the request and its consent, and mails the confirmation link. Known or not, confirmed or
 * not, the caller answers the same; past the per-address mail allowance, nothing is mailed.
 */
export async function requestSubscription(
  db: Database,
  mailer: Mailer,
  keys: NewsletterKeys,
  input: Omit<SubscribeInput, "form"> & { form: ConsentForm },
  options: { limits: Limits; userId?: string | null; clientIp?: string },
): Promise<void> {
  const email = normalize(input.email);
  const lists = await resolveLists(db, input.lists);
  await db
    .insert(subscribers)
    .values({ email, userId: options.userId ?? null })
    .onConflictDoNothing();
  const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.email, email));
  const [consent] = await db
    .insert(consents)
    .values({ subscriberId: subscriber!.id, form: input.form, lists })
    .returning({ id: consents.id });
  // Counted per mailbox (victim+1@, victim+2@ are one inbox) and, for a visitor's form, per
  // (client address, recipient domain); past either, the request is kept and nothing is mailed.
  const mails = await options.limits.newsletterMails.consume(`newsletter:${mailboxOf(email)}`);
  if (!mails.allowed) return;
  if (options.clientIp !== undefined) {
    const domain = `${addressKey(options.clientIp)}:${recipientDomain(email)}`;
    if (!(await options.limits.newsletterDomainMails.consume(domain)).allowed) return;
  }
  const identity = await mailer.identity();
  // The link names this consent, so it confirms this request once (confirmSubscription).
  const link = `${keys.siteUrl}/newsletter/confirm?token=${encodeURIComponent(signToken(keys.secret, "confirm", consent!.id))}`;
  await mailer.send({
    to: email,
    sender: identity,
    subject: `Confirm your subscription to ${identity.studioName}`,
    text: [
      `Someone, probably you, asked to receive news from ${identity.studioName} at this address.`,
      "",
      `Confirm within 7 days: ${link}`,
      "",
      "If it wasn't you, ignore this mail: nothing will be sent.",
    ].join("\n"),
  });
}

/**
 * Opens a confirmation link: its consent's lists are subscribed. A link confirms once: opened again
 * while still subscribed it changes nothing, and an unsubscribe ends every link made before it
 * (a replayed link never subscribes the address again). Links mailed before links named their
 * consent name the subscriber, and stand for the latest consent. Null for a link that is bad,
 * expired or ended.
 */
export async function confirmSubscription(
  db: Database,
  secret: string,
  token: unknown,
): Promise<{ subscriberId: string } | null> {
  const id = readToken(secret, "confirm", token);
  if (!id) return null;
  return db.transaction(async (tx) => {
    const [named] = await tx.select().from(consents).where(eq(consents.id, id)).for("update");
    const consent =
      named ??
      (
        await tx
          .select()
          .from(consents)
          .where(eq(consents.subscriberId, id))
          .orderBy(desc(consents.at))
          .limit(1)
          .for("update")
      )[0];
    if (!consent) return null;
    const [subscriber] = await tx
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, consent.subscriberId));
    if (!subscriber) return null;
    const endedByUnsubscribe =
      subscriber.unsubscribedAt !== null && subscriber.unsubscribedAt >= consent.at;
    if (endedByUnsubscribe) return null;
    if (consent.confirmedAt) {
      // Opened before: the same answer while the address is subscribed, and nothing changes.
      return subscriber.confirmedAt ? { subscriberId: subscriber.id } : null;
    }
    const lists = consent.lists ?? [];
    if (lists.length > 0) {
      const live = await tx
        .select({ id: subscriberLists.id })
        .from(subscriberLists)
        .where(inArray(subscriberLists.id, lists));
      if (live.length > 0) {
        await tx
          .insert(subscriptions)
          .values(live.map((list) => ({ subscriberId: subscriber.id, listId: list.id })))
          .onConflictDoNothing();
      }
    }
    await tx.update(consents).set({ confirmedAt: sql`now()` }).where(eq(consents.id, consent.id));
    await tx
      .update(subscribers)
      .set({ confirmedAt: sql`coalesce(${subscribers.confirmedAt}, now())`, unsubscribedAt: null })
      .where(eq(subscribers.id, subscriber.id));
    return { subscriberId: subscriber.id };
  });
}

/** The confirmed, still subscribed (and not bouncing) addresses of a list: those a post goes to. */
export async function listRecipients(db: Database, listId: string) {
  return db
    .select({ id: subscribers.id, email: subscribers.email })
    .from(subscriptions)
    .innerJoin(subscribers, eq(subscribers.id, subscriptions.subscriberId))
    .where(
      and(
        eq(subscriptions.listId, listId),
        isNotNull(subscribers.confirmedAt),
        isNull(subscribers.unsubscribedAt),
        isNull(subscribers.bouncingAt),
      ),
    )
    .orderBy(asc(subscribers.email));
}

/** The headers every newsletter mail carries (RFC 2369, RFC 8058), for the sender. */
export function listUnsubscribeHeaders(
  keys: NewsletterKeys,
  subscriberId: string,
): Record<string, string> {
  const token = encodeURIComponent(signToken(keys.secret, "manage", subscriberId));
  // Only the one-click link: a mailto would send unsubscribe mails to an address nothing reads.
  return {
    "List-Unsubscribe": `<${keys.siteUrl}/newsletter/unsubscribe?token=${token}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The preferences page's address for a subscriber (in every mail). */
export function preferencesLink(keys: NewsletterKeys, subscriberId: string): string {
  return `${keys.siteUrl}/newsletter/preferences?token=${encodeURIComponent(signToken(keys.secret, "manage", subscriberId))}`;
}
