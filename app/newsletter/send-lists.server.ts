import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { games, newsletterDeliveries, newsletterSends, subscriberLists } from "~/db/schema";
import { AppError } from "~/platform/errors/app-error";
import { resolveLists } from "./newsletter.server";
import { gameListName, STUDIO_LIST, studioListName } from "./subscribe-limits";

// Which lists a post is mailed to (docs/product.md#newsletter-sending): chosen with the post in
// the news editor (a `newsletter_sends` row, pending until the post is public), fixed once its send
// has started; and the send's progress, counted from its deliveries.

export const MAIL_LISTS_LOCKED =
  "This post's mail has already started going out: its lists can no longer be changed.";
export const UNKNOWN_MAIL_LIST = "Choose lists from those shown: one of them no longer exists.";

export type SendProgress = {
  state: "pending" | "sending" | "done";
  lists: string[];
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
};

/** A list as the editor offers it: "studio" or a game's id, and its name. */
export type MailListOption = { value: string; label: string };

/** The lists a post may be mailed to: the studio's, then one per game in the catalogue's order. */
export async function mailListOptions(db: Database, studioName: string): Promise<MailListOption[]> {
  const rows = await db
    .select({ id: games.id, title: games.title })
    .from(games)
    .orderBy(games.displayOrder);
  return [
    { value: STUDIO_LIST, label: studioListName(studioName) },
    ...rows.map((game) => ({ value: game.id, label: gameListName(game.title) })),
  ];
}

/**
 * Records which lists a post goes to (inside the post's own write). An empty choice withdraws a
 * send not yet started; once started, the lists are fixed and another choice is refused.
 */
export async function chooseSendLists(
  tx: Database,
  newsId: string,
  names: readonly string[],
  requestedBy: string | null,
): Promise<void> {
  const [current] = await tx
    .select()
    .from(newsletterSends)
    .where(eq(newsletterSends.newsId, newsId))
    .for("update");
  const wanted = [...new Set(names)];
  if (current && current.state !== "pending") {
    const before = await listNames(tx, current.lists);
    const same = before.length === wanted.length && before.every((name) => wanted.includes(name));
    if (!same) throw new AppError("conflict", MAIL_LISTS_LOCKED, { field: "mailLists" });
    return;
  }
  if (wanted.length === 0) {
    if (current) await tx.delete(newsletterSends).where(eq(newsletterSends.id, current.id));
    return;
  }
  let lists: string[];
  try {
    lists = await resolveLists(tx, wanted);
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError("invalid", UNKNOWN_MAIL_LIST, { field: "mailLists" });
    throw error;
  }
  if (current) {
    await tx
      .update(newsletterSends)
      .set({ lists, requestedBy })
      .where(eq(newsletterSends.id, current.id));
  } else {
    await tx.insert(newsletterSends).values({ newsId, lists, requestedBy });
  }
}

/** List ids back to the editor's values ("studio" or a game's id). */
async function listNames(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: subscriberLists.id, gameId: subscriberLists.gameId })
    .from(subscriberLists)
    .where(inArray(subscriberLists.id, [...ids]));
  return rows.map((row) => row.gameId ?? STUDIO_LIST);
}

/** The send of each of these posts, with its deliveries counted by state (the admin's progress). */
export async function sendProgress(
  db: Database,
  newsIds: readonly string[],
): Promise<Record<string, SendProgress>> {
  if (newsIds.length === 0) return {};
  const sends = await db
    .select()
    .from(newsletterSends)
    .where(inArray(newsletterSends.newsId, [...newsIds]));
  if (sends.length === 0) return {};
  const counts = await db
    .select({
      sendId: newsletterDeliveries.sendId,
      state: newsletterDeliveries.state,
      count: sql<number>`count(*)::int`,
    })
    .from(newsletterDeliveries)
    .where(
      inArray(
        newsletterDeliveries.sendId,
        sends.map((send) => send.id),
      ),
    )
    .groupBy(newsletterDeliveries.sendId, newsletterDeliveries.state);
  const progress: Record<string, SendProgress> = {};
  for (const send of sends) {
    const of = (state: string) =>
      counts.find((row) => row.sendId === send.id && row.state === state)?.count ?? 0;
    progress[send.newsId] = {
      state: send.state as SendProgress["state"],
      lists: await listNames(db, send.lists),
      // A delivery being sent right now is still to be sent.
      queued: of("queued") + of("sending"),
      sent: of("sent"),
      failed: of("failed"),
      skipped: of("skipped"),
    };
  }
  return progress;
}

/** The deliveries of a send by state (tests, the CLI). */
export async function deliveryCounts(db: Database, sendId: string) {
  const rows = await db
    .select({ state: newsletterDeliveries.state, count: sql<number>`count(*)::int` })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.sendId, sendId)))
    .groupBy(newsletterDeliveries.state);
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
}
