import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { games, newsletterDeliveries, newsletterSends, subscriberLists } from "~/db/schema";
import { gameListName, STUDIO_LIST, studioListName } from "./subscribe-limits";

// The lists a post may be mailed to (docs/product.md#newsletter-sending), chosen with the post (its
// `mail_lists`); and a send's progress, counted from its deliveries.

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
