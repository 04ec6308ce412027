import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { consents, games, subscriberLists, subscribers, subscriptions, users } from "~/db/schema";
import { gameListChoices } from "~/games/index.server";
import type { RateLimits } from "~/platform/limits/rate-limit.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import { readSettings } from "~/settings/index.server";
import { type NewsletterKeys, requestSubscription, resolveLists } from "./newsletter.server";
import { gameListName, STUDIO_LIST, studioListName } from "./subscribe-limits";

// The newsletter of a signed-in account (docs/product.md#settings-tab): the Settings tab's
// 'Email Notifications' switch is the studio list for the account's address, with a checkbox per
// game's list; the data export shows it and deleting the account erases it.

/** An account as the newsletter needs it: its address, and whether it proved the address. */
export type NewsletterAccount = { id: string; email: string; emailVerified: boolean };

export type AccountNewsletter = {
  /** The switch: the address receives the studio's list. */
  studio: boolean;
  /** Each game's list, in the catalogue's order, and whether the address receives it. */
  games: { id: string; title: string; subscribed: boolean }[];
  /** A request waits for its confirmation link to be opened. */
  pending: boolean;
  /** Whether the account's address is verified (else a new list needs the confirmation mail). */
  verified: boolean;
};

/** What a save did: nothing, changed the lists, or mailed a confirmation link to add some. */
export type NewsletterSave = "unchanged" | "saved" | "check-inbox";

type Limits = Pick<
  RateLimits,
  "newsletterSubmissions" | "newsletterMails" | "newsletterDomainMails"
>;

const normalize = (email: string) => email.trim().toLowerCase();

/**
 * The subscriber row of an account: its address, once the account proved it owns the address, or
 * a row the account made itself. An unverified account never reads nor changes the row of the
 * person whose address it registered with.
 */
function ownedBy(account: NewsletterAccount): SQL {
  const sameAddress = eq(subscribers.email, normalize(account.email));
  if (account.emailVerified) return sameAddress;
  return and(sameAddress, eq(subscribers.userId, account.id))!;
}

/** The account's address and whether it is verified; null when the account is gone. */
export async function newsletterAccount(
  db: Database,
  userId: string,
): Promise<NewsletterAccount | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

async function ownedSubscriber(db: Database, account: NewsletterAccount) {
  const [row] = await db.select().from(subscribers).where(ownedBy(account));
  if (!row) return null;
  const lists = await db
    .select({ listId: subscriptions.listId, gameId: subscriberLists.gameId })
    .from(subscriptions)
    .innerJoin(subscriberLists, eq(subscriberLists.id, subscriptions.listId))
    .where(eq(subscriptions.subscriberId, row.id));
  return { row, lists };
}

/** What the Settings tab shows: the switch, the games' lists, and a request waiting. */
export async function readAccountNewsletter(
  db: Database,
  account: NewsletterAccount,
): Promise<AccountNewsletter> {
  const owned = await ownedSubscriber(db, account);
  const active = owned !== null && owned.row.confirmedAt !== null && !owned.row.unsubscribedAt;
  const names = new Set(active ? owned.lists.map((list) => list.gameId ?? STUDIO_LIST) : []);
  // The listed games' lists, and those of hidden games the account is on (to leave them).
  const catalogue = await gameListChoices(db, [...names]);
  return {
    studio: names.has(STUDIO_LIST),
    games: catalogue.map((game) => ({ ...game, subscribed: names.has(game.id) })),
    pending: owned !== null && owned.row.confirmedAt === null,
    verified: account.emailVerified,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * Saves the switch (the studio's list) and the games' lists for the account's address, recording
 * the consent (form 'profile') when something changes. A verified address is subscribed as
 * confirmed at once; an unverified one loses lists at once but gains them only through the
 * confirmation mail (double opt-in). Unknown games are refused (an AppError) before anything changes.
 */
export async function saveAccountNewsletter(
  db: Database,
  mailer: Mailer,
  keys: NewsletterKeys,
  account: NewsletterAccount,
  choice: { studio: boolean; games: readonly string[] },
  options: { limits: Limits },
): Promise<NewsletterSave> {
  const names = [...new Set([...(choice.studio ? [STUDIO_LIST] : []), ...choice.games])];
  const wanted = await resolveLists(db, names);
  const email = normalize(account.email);
  const outcome = await db.transaction(async (tx): Promise<NewsletterSave | "confirm"> => {
    const owned = await ownedSubscriber(tx, account);
    const active = owned !== null && owned.row.confirmedAt !== null && !owned.row.unsubscribedAt;
    const current = active ? owned.lists.map((list) => list.listId) : [];
    if (sameSet(current, wanted)) return "unchanged";
    if (!account.emailVerified) {
      // Dropping lists needs no proof; adding one goes through the confirmation mail.
      const kept = current.filter((id) => wanted.includes(id));
      if (owned && kept.length < current.length) await replaceLists(tx, owned.row.id, kept);
      return wanted.some((id) => !current.includes(id)) ? "confirm" : "saved";
    }
    let subscriberId = owned?.row.id;
    if (!subscriberId) {
      if (wanted.length === 0) return "unchanged";
      const [made] = await tx
        .insert(subscribers)
        .values({ email, userId: account.id })
        .onConflictDoUpdate({ target: subscribers.email, set: { email } })
        .returning({ id: subscribers.id });
      subscriberId = made!.id;
    }
    await replaceLists(tx, subscriberId, wanted);
    await tx
      .update(subscribers)
      .set({ userId: sql`coalesce(${subscribers.userId}, ${account.id})` })
      .where(eq(subscribers.id, subscriberId));
    return "saved";
  });
  if (outcome !== "confirm") return outcome;
  await requestSubscription(
    db,
    mailer,
    keys,
    { email, lists: names, form: "profile" },
    { limits: options.limits, userId: account.id },
  );
  return "check-inbox";
}

/** The subscriber's lists become exactly these (none: unsubscribed), with the consent recorded. */
async function replaceLists(tx: Database, subscriberId: string, lists: string[]) {
  await tx.delete(subscriptions).where(eq(subscriptions.subscriberId, subscriberId));
  if (lists.length > 0) {
    await tx.insert(subscriptions).values(lists.map((listId) => ({ subscriberId, listId })));
  }
  await tx.insert(consents).values({ subscriberId, form: "profile", lists });
  await tx
    .update(subscribers)
    .set(
      lists.length > 0
        ? { confirmedAt: sql`coalesce(${subscribers.confirmedAt}, now())`, unsubscribedAt: null }
        : { unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, now())` },
    )
    .where(eq(subscribers.id, subscriberId));
}

/** For the account's data export: the address's subscription, its lists and every consent. */
export async function exportAccountNewsletter(db: Database, account: NewsletterAccount) {
  const owned = await ownedSubscriber(db, account);
  if (!owned) return null;
  const given = await db
    .select({ form: consents.form, lists: consents.lists, at: consents.at })
    .from(consents)
    .where(eq(consents.subscriberId, owned.row.id))
    .orderBy(desc(consents.at));
  const named = await listNames(db, [
    ...owned.lists.map((list) => list.listId),
    ...given.flatMap((consent) => consent.lists),
  ]);
  const name = (id: string) => named.get(id) ?? "A list that no longer exists";
  const { row } = owned;
  return {
    email: row.email,
    status: row.unsubscribedAt ? "unsubscribed" : row.confirmedAt ? "confirmed" : "unconfirmed",
    createdAt: row.createdAt,
    confirmedAt: row.confirmedAt,
    unsubscribedAt: row.unsubscribedAt,
    lists: owned.lists.map((list) => name(list.listId)),
    consents: given.map((consent) => ({
      form: consent.form,
      lists: consent.lists.map(name),
      at: consent.at,
    })),
  };
}

/** "<studio> news" or "<game>: news and launch", by list id. */
async function listNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const studioName = (await readSettings(db)).name;
  const rows = await db
    .select({ id: subscriberLists.id, gameId: subscriberLists.gameId, title: games.title })
    .from(subscriberLists)
    .leftJoin(games, eq(games.id, subscriberLists.gameId))
    .where(inArray(subscriberLists.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      row.gameId === null ? studioListName(studioName) : gameListName(row.title ?? "A game"),
    ]),
  );
}

/**
 * On account deletion, in the deleting transaction: the account's subscriber row goes, and its
 * subscriptions and consents with it (they cascade). Rows of other addresses the account once
 * typed into a form stay theirs (their link to the account is cut).
 */
export async function eraseAccountNewsletter(
  tx: Database,
  account: NewsletterAccount,
): Promise<number> {
  const erased = await tx
    .delete(subscribers)
    .where(ownedBy(account))
    .returning({ id: subscribers.id });
  return erased.length;
}
