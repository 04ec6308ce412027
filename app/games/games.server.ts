import { asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { games } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import type { PageRequest } from "~/platform/paging/cursor";
import { tablePage } from "~/platform/paging/keyset.server";
import type { GameEntry } from "./game-schema";
import type { GameStatus } from "./game-status";

function toEntry(row: typeof games.$inferSelect): GameEntry {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    // The table's CHECK constraint holds it to the four statuses.
    status: row.status as GameStatus,
    url: row.url,
    displayOrder: row.displayOrder,
  };
}

export async function listGames(db: Database): Promise<GameEntry[]> {
  const rows = await db.select().from(games).orderBy(asc(games.displayOrder), asc(games.createdAt));
  return rows.map(toEntry);
}

/** One page of the games in display order: what the API lists (decision 035). */
export function listGamesPage(db: Database, options: { page: PageRequest; size: number }) {
  const { page: request, size } = options;
  const order = { key: games.displayOrder, id: games.id, order: "asc" } as const;
  return tablePage(db, games, { ...order, request, size }, toEntry);
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

export type Actor = { id: string; email: string };

const GAME_GONE = "This game no longer exists.";

function reorderMismatch() {
  return new AppError(
    "conflict",
    "The list of games has changed. Reload to see the current order.",
    { code: "reorder_mismatch" },
  );
}

function audit(
  db: Database,
  actor: Actor,
  action: string,
  subjectId: string,
  details: Record<string, unknown>,
) {
  return recordStaffAction(db, { actor, action, subjectType: "game", subjectId, details });
}

export async function addGame(db: Database, input: NewGame, actor: Actor): Promise<GameEntry> {
  return db.transaction(async (tx) => {
    const game = await createGame(tx as unknown as Database, input);
    await audit(tx as unknown as Database, actor, "game.create", game.id, { title: game.title });
    return game;
  });
}

export async function updateGame(
  db: Database,
  id: string,
  input: NewGame,
  actor: Actor,
): Promise<GameEntry> {
  if (!isUuid(id)) throw new AppError("not_found", GAME_GONE);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(games)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(games.id, id))
      .returning();
    if (!row) throw new AppError("not_found", GAME_GONE);
    await audit(tx as unknown as Database, actor, "game.update", id, { title: row.title });
    return toEntry(row);
  });
}

/** Deletes a game and closes the gap, so display_order stays 1, 2, 3, … */
export async function deleteGame(db: Database, id: string, actor: Actor): Promise<void> {
  if (!isUuid(id)) throw new AppError("not_found", GAME_GONE);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(games).where(eq(games.id, id)).returning();
    if (!row) throw new AppError("not_found", GAME_GONE);
    await tx
      .update(games)
      .set({ displayOrder: sql`${games.displayOrder} - 1` })
      .where(gt(games.displayOrder, row.displayOrder));
    await audit(tx as unknown as Database, actor, "game.delete", id, { title: row.title });
  });
}

/**
 * Saves a new order in one statement inside one transaction: `ids` must name every game exactly once;
 * positions become 1..n. Anything else (unknown ids, a missing or repeated game) changes nothing.
 */
export async function reorderGames(db: Database, ids: string[], actor: Actor): Promise<void> {
  if (ids.length === 0 || new Set(ids).size !== ids.length || !ids.every(isUuid)) {
    throw reorderMismatch();
  }
  return db.transaction(async (tx) => {
    // Lock the table's rows so a concurrent add or delete cannot slip between check and update.
    const current = await tx.select({ id: games.id }).from(games).for("update");
    const known = new Set(current.map((g) => g.id));
    if (current.length !== ids.length || !ids.every((id) => known.has(id))) throw reorderMismatch();
    // Every id passed isUuid above, so the literal array cannot carry anything but UUIDs.
    await tx.execute(sql`
      update games as g set display_order = o.position, updated_at = now()
      from unnest(${sql.raw(`ARRAY[${ids.map((id) => `'${id}'`).join(",")}]`)}::uuid[]) with ordinality as o(id, position)
      where g.id = o.id`);
    await audit(tx as unknown as Database, actor, "games.reorder", ids[0]!, { order: ids });
  });
}
