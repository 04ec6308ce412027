import { asc, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { games } from "~/db/schema";
import type { GameStatus } from "./game-status";

/** The client shape of a game: image_url is exposed as imageUrl (SPEC section 3). */
export type GameEntry = {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  status: string;
  url: string;
  displayOrder: number;
};

function toEntry(row: typeof games.$inferSelect): GameEntry {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    status: row.status,
    url: row.url,
    displayOrder: row.displayOrder,
  };
}

export async function listGames(db: Database): Promise<GameEntry[]> {
  const rows = await db.select().from(games).orderBy(asc(games.displayOrder), asc(games.createdAt));
  return rows.map(toEntry);
}

export type NewGame = {
  title: string;
  description: string;
  imageUrl: string;
  status: GameStatus;
  url: string;
};

/** A new game goes last: the highest display_order plus one, or 1 when there is none. */
export async function createGame(db: Database, input: NewGame): Promise<GameEntry> {
  const [row] = await db
    .insert(games)
    .values({
      ...input,
      displayOrder: sql`(select coalesce(max(${games.displayOrder}), 0) + 1 from ${games})`,
    })
    .returning();
  return toEntry(row!);
}
