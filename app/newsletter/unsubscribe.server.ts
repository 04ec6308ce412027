import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { consents, subscriberLists, subscribers, subscriptions } from "~/db/schema";
import { AppError } from "~/platform/errors/app-error";
import { readToken, readUndoToken, signUndoToken } from "./tokens.server";

// Leaving the newsletter (docs/product.md#newsletter-subscribing): RFC 8058's one-click, the mail
// link's page with its one button, and that page's Undo.

/** One-click unsubscribe (RFC 8058): idempotent; false for a bad token (nothing changes). */
export async function unsubscribe(db: Database, secret: string, token: unknown): Promise<boolean> {
  const id = readToken(secret, "manage", token);
  if (!id) return false;
  await leaveAll(db, id);
  return true;
}

/** Drops every list of a subscriber; the lists dropped and when the address left (null: erased). */
async function leaveAll(db: Database, subscriberId: string) {
  return db.transaction(async (tx) => {
    const dropped = await tx
      .delete(subscriptions)
      .where(eq(subscriptions.subscriberId, subscriberId))
      .returning({ listId: subscriptions.listId });
    const [left] = await tx
      .update(subscribers)
      .set({ unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, now())` })
      .where(eq(subscribers.id, subscriberId))
      .returning({ at: subscribers.unsubscribedAt });
    return { lists: dropped.map((row) => row.listId), at: left?.at ?? null };
  });
}

/**
 * The unsubscribe page's button (docs/product.md#newsletter-subscribing): every list dropped, and
 * an undo token for exactly those lists and this unsubscribe (null when nothing was dropped). Null
 * for a bad link or an erased address.
 */
export async function unsubscribeWithUndo(
  db: Database,
  secret: string,
  token: unknown,
): Promise<{ undo: string | null } | null> {
  const id = readToken(secret, "manage", token);
  if (!id) return null;
  const left = await leaveAll(db, id);
  if (!left.at) return null;
  const undo =
    left.lists.length > 0
      ? signUndoToken(secret, {
          subscriberId: id,
          lists: left.lists,
          unsubscribedAt: left.at.getTime(),
        })
      : null;
  return { undo };
}

export const UNDO_GONE =
  "This unsubscribe can no longer be undone: choose your lists on the preferences page.";

/**
 * Undo on the unsubscribe page: puts back exactly the lists that unsubscribe dropped, without a
 * new double opt-in (the address had confirmed them). Only within the undo's hour, only for the
 * subscriber of the page's link, and only while nothing changed since: an address erased (or
 * erased and subscribed again: another row), subscribed again or whose lists were saved since
 * is refused with UNDO_GONE. Clicked twice, the second answers the same and changes nothing.
 */
export async function undoUnsubscribe(
  db: Database,
  secret: string,
  token: unknown,
  undoToken: unknown,
): Promise<void> {
  const id = readToken(secret, "manage", token);
  const ticket = readUndoToken(secret, undoToken);
  if (!id || !ticket || ticket.subscriberId !== id) throw new AppError("invalid", UNDO_GONE);
  await db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, id))
      .for("update");
    if (!subscriber) throw new AppError("invalid", UNDO_GONE);
    const live = await tx
      .select({ id: subscriberLists.id })
      .from(subscriberLists)
      .where(inArray(subscriberLists.id, ticket.lists));
    const lists = live.map((row) => row.id);
    if (subscriber.unsubscribedAt?.getTime() !== ticket.unsubscribedAt) {
      // Already undone (a second click): the same answer. Anything else changed: refused.
      const mine = await tx
        .select({ listId: subscriptions.listId })
        .from(subscriptions)
        .where(eq(subscriptions.subscriberId, id));
      const held = new Set(mine.map((row) => row.listId));
      if (subscriber.unsubscribedAt === null && lists.every((list) => held.has(list))) return;
      throw new AppError("invalid", UNDO_GONE);
    }
    if (lists.length > 0) {
      await tx
        .insert(subscriptions)
        .values(lists.map((listId) => ({ subscriberId: id, listId })))
        .onConflictDoNothing();
    }
    await tx
      .insert(consents)
      .values({ subscriberId: id, form: "undo", lists, confirmedAt: sql`now()` });
    await tx.update(subscribers).set({ unsubscribedAt: null }).where(eq(subscribers.id, id));
  });
}
