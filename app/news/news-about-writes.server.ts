import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type news, newsGames, newsletterSends } from "~/db/schema";
import { resolveGameRefs } from "~/games/index.server";
import { AppError } from "~/platform/errors/app-error";
import { type NewsInput, STUDIO_MAIL_LIST } from "./news-schema";

// The writes of what a post is about (docs/product.md#news-about-games): the games it names, and
// the newsletter lists it is mailed to, which are fixed once its mail has started going out.

export const MAIL_LISTS_LOCKED =
  "This post's mail has already started going out: its lists can no longer be changed.";
const unknownGames = (refs: string[]) =>
  `Unknown game${refs.length > 1 ? "s" : ""}: ${refs.join(", ")}. Name games by their id or address.`;

/** Ties a post to its games, in the order given (replacing the ties it had). */
export async function tieGames(db: Database, newsId: string, gameIds: readonly string[]) {
  await db.delete(newsGames).where(eq(newsGames.newsId, newsId));
  if (gameIds.length > 0)
    await db
      .insert(newsGames)
      .values(gameIds.map((gameId, position) => ({ newsId, gameId, position })));
}

export type Current = typeof news.$inferSelect;

/**
 * The games a post is about and the lists it is mailed to, resolved from ids or slugs; an unknown
 * one is a 400 naming it. Lists stay as they are when the input leaves them out (the API's update),
 * and are fixed once the post's mail has started.
 */
export async function aboutOf(db: Database, input: NewsInput, current: Current | null) {
  const about = await resolveGameRefs(db, input.games ?? []);
  if (about.unknown.length > 0)
    throw new AppError("invalid", unknownGames(about.unknown), { field: "games" });
  let mailLists = current?.mailLists ?? [];
  if (input.mailLists) {
    const refs = input.mailLists.filter((list) => list !== STUDIO_MAIL_LIST);
    const lists = await resolveGameRefs(db, refs);
    if (lists.unknown.length > 0)
      throw new AppError(
        "invalid",
        `Choose lists from those shown: no game is named ${lists.unknown.join(", ")}.`,
        {
          field: "mailLists",
        },
      );
    mailLists = [
      ...(input.mailLists.includes(STUDIO_MAIL_LIST) ? [STUDIO_MAIL_LIST] : []),
      ...lists.ids,
    ];
  }
  const before = current?.mailLists ?? [];
  const changed =
    before.length !== mailLists.length || before.some((list) => !mailLists.includes(list));
  if (current && changed && (await mailStarted(db, current.id)))
    throw new AppError("conflict", MAIL_LISTS_LOCKED, { field: "mailLists" });
  return { gameIds: about.ids, mailLists };
}

/** Whether the newsletter has begun mailing this post (its lists are then fixed). */
async function mailStarted(db: Database, newsId: string): Promise<boolean> {
  const [send] = await db
    .select({ id: newsletterSends.id })
    .from(newsletterSends)
    .where(and(eq(newsletterSends.newsId, newsId), ne(newsletterSends.state, "pending")))
    .limit(1);
  return Boolean(send);
}
