import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { consents, subscriberLists, subscribers, subscriptions } from "~/db/schema";
import { gameListChoices } from "~/games/index.server";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import { readSettings } from "~/settings/index.server";
import { resolveLists } from "./newsletter.server";
import { gameListName, STUDIO_LIST, studioListName } from "./subscribe-limits";
import { readToken } from "./tokens.server";

// The preferences page (a signed link in every mail) and the admin's list of subscribers.

export type ListChoice = { name: string; label: string; subscribed: boolean };
export type Preferences = {
  email: string;
  confirmed: boolean;
  unsubscribed: boolean;
  lists: ListChoice[];
};

/** The subscriber a preferences token names, with every list they may choose; null when refused. */
export async function loadPreferences(
  db: Database,
  secret: string,
  token: unknown,
): Promise<{ subscriberId: string; preferences: Preferences } | null> {
  const id = readToken(secret, "manage", token);
  if (!id) return null;
  const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.id, id));
  if (!subscriber) return null;
  const mine = await db
    .select({ gameId: subscriberLists.gameId })
    .from(subscriptions)
    .innerJoin(subscriberLists, eq(subscriberLists.id, subscriptions.listId))
    .where(eq(subscriptions.subscriberId, id));
  const names = new Set(mine.map((row) => row.gameId ?? STUDIO_LIST));
  // The listed games' lists, and those of hidden games the reader is on (to leave them).
  const catalogue = await gameListChoices(db, [...names]);
  const lists: ListChoice[] = [
    {
      name: STUDIO_LIST,
      label: studioListName((await readSettings(db)).name),
      subscribed: names.has(STUDIO_LIST),
    },
    ...catalogue.map((game) => ({
      name: game.id,
      label: gameListName(game.title),
      subscribed: names.has(game.id),
    })),
  ];
  return {
    subscriberId: id,
    preferences: {
      email: subscriber.email,
      confirmed: subscriber.confirmedAt !== null,
      unsubscribed: subscriber.unsubscribedAt !== null,
      lists,
    },
  };
}

/** Replaces a confirmed subscriber's lists (none: unsubscribed), recording the consent. */
export async function saveLists(db: Database, subscriberId: string, names: string[]) {
  const lists = await resolveLists(db, names);
  await db.transaction(async (tx) => {
    await tx.delete(subscriptions).where(eq(subscriptions.subscriberId, subscriberId));
    if (lists.length > 0) {
      await tx.insert(subscriptions).values(lists.map((listId) => ({ subscriberId, listId })));
    }
    await tx.insert(consents).values({ subscriberId, form: "preferences", lists });
    await tx
      .update(subscribers)
      .set({
        confirmedAt: sql`coalesce(${subscribers.confirmedAt}, now())`,
        unsubscribedAt:
          lists.length > 0 ? null : sql`coalesce(${subscribers.unsubscribedAt}, now())`,
      })
      .where(eq(subscribers.id, subscriberId));
  });
}

/** Staff erase an address on request (the Subscribers tab), audited; a gone one is refused. */
export async function deleteSubscriber(
  db: Database,
  id: string,
  actor: { id: string; email: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = isUuid(id)
      ? await tx.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id })
      : [];
    if (found.length === 0) throw new AppError("not_found", "This subscriber no longer exists.");
    // The address itself is not kept in the log: erased means erased.
    await recordStaffAction(tx, {
      actor,
      action: "subscriber.delete",
      subjectType: "subscriber",
      subjectId: id,
      details: {},
    });
  });
}

/** Erases the subscriber: the address, its subscriptions and consents are gone. */
export async function eraseSubscriber(db: Database, subscriberId: string) {
  await db.delete(subscribers).where(eq(subscribers.id, subscriberId));
}

export type SubscriberEntry = {
  id: string;
  email: string;
  status: "confirmed" | "unconfirmed" | "unsubscribed";
  lists: number;
  createdAt: string;
};

/** The admin's Subscribers list: newest first, at most `limit`. */
export async function listSubscribers(db: Database, limit = 200): Promise<SubscriberEntry[]> {
  const rows = await db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      confirmedAt: subscribers.confirmedAt,
      unsubscribedAt: subscribers.unsubscribedAt,
      createdAt: subscribers.createdAt,
      lists: sql<number>`(select count(*)::int from ${subscriptions} where ${subscriptions.subscriberId} = ${subscribers.id})`,
    })
    .from(subscribers)
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    status: row.unsubscribedAt ? "unsubscribed" : row.confirmedAt ? "confirmed" : "unconfirmed",
    lists: Number(row.lists),
    createdAt: row.createdAt.toISOString(),
  }));
}
