import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { games, pressDownloads, pressKits } from "~/db/schema";
import { isListedAt } from "~/games";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import { type KitData, KitDataSchema, kitDataOf } from "./kit-schema";
import { kitLinkValid } from "./signed-link.server";

// The press kits' rows: one per game (game_id) and one for the studio (game_id null). Only this
// feature writes `press_kits` and `press_downloads`.

export type Kit = {
  id: string | null;
  gameId: string | null;
  listed: boolean;
  embargoUntil: Date | null;
  data: KitData;
  /** Raised by "Revoke all links": the signed links of an older version open nothing. */
  linkVersion: number;
  updatedAt: Date | null;
  /** A game kit's game as stored: a game guests do not find listed keeps its kit closed too. */
  game: GameShown | null;
};

type GameShown = { visibility: string; announceAt: Date | string | null };

/** A game's visibility as stored (null: no such game). */
async function gameShown(db: Database, gameId: string | null): Promise<GameShown | null> {
  if (!gameId || !isUuid(gameId)) return null;
  const [row] = await db
    .select({ visibility: games.visibility, announceAt: games.announceAt })
    .from(games)
    .where(eq(games.id, gameId));
  return row ?? null;
}

type Actor = { id: string; email: string };

const scope = (gameId: string | null) =>
  gameId ? eq(pressKits.gameId, gameId) : isNull(pressKits.gameId);

/**
 * A game's kit (or the studio's, for null); a kit never saved is an empty, listed one. A caller that
 * has just read the game (its page, its kit's page) passes its visibility rather than have it read
 * again.
 */
export async function readKit(
  db: Database,
  gameId: string | null,
  shown?: GameShown,
): Promise<Kit> {
  const [[row], game] =
    gameId && !isUuid(gameId)
      ? [[], null]
      : await Promise.all([
          db.select().from(pressKits).where(scope(gameId)).limit(1),
          shown ?? gameShown(db, gameId),
        ]);
  if (!row) {
    return {
      id: null,
      gameId,
      listed: true,
      embargoUntil: null,
      data: kitDataOf({}),
      linkVersion: 0,
      updatedAt: null,
      game,
    };
  }
  return {
    id: row.id,
    gameId: row.gameId,
    listed: row.listed,
    embargoUntil: row.embargoUntil,
    data: kitDataOf(row.data),
    linkVersion: row.linkVersion,
    updatedAt: row.updatedAt,
    game,
  };
}

/**
 * Whether guests see the kit now: listed, past its embargo, and (a game's kit) its game listed
 * (docs/product.md#game-visibility): a secret game's kit opens by signed link only.
 */
export function kitIsPublic(
  kit: Pick<Kit, "listed" | "embargoUntil" | "game">,
  now: Date,
): boolean {
  if (kit.game && !isListedAt(kit.game, now.getTime())) return false;
  return kit.listed && (!kit.embargoUntil || kit.embargoUntil.getTime() <= now.getTime());
}

/**
 * Whether this request may open the kit: it is public, the reader manages press, or the request
 * carries a valid signed link to it.
 */
export function kitOpens(
  kit: Kit,
  request: { query: URLSearchParams; canManagePress: boolean; secret: string; now: Date },
): boolean {
  if (kitIsPublic(kit, request.now) || request.canManagePress) return true;
  return (
    kit.id !== null &&
    kitLinkValid(
      request.secret,
      { id: kit.id, linkVersion: kit.linkVersion },
      request.query,
      request.now,
    )
  );
}

export type KitSettings = { listed: boolean; embargoUntil: Date | null; data: unknown };

/** Saves a kit's fields and visibility (creating its row on first save); returns the kit. */
export async function saveKit(
  db: Database,
  gameId: string | null,
  input: KitSettings,
  actor: Actor | null,
): Promise<Kit> {
  const parsed = KitDataSchema.safeParse(input.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      "unprocessable",
      `The kit's ${issue?.path.join(" ") || "fields"} are not valid.`,
    );
  }
  const values = { listed: input.listed, embargoUntil: input.embargoUntil, data: parsed.data };
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: pressKits.id })
      .from(pressKits)
      .where(scope(gameId))
      .limit(1);
    const id = current
      ? (
          await tx
            .update(pressKits)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(pressKits.id, current.id))
            .returning({ id: pressKits.id })
        )[0]?.id
      : (
          await tx
            .insert(pressKits)
            .values({ ...values, gameId })
            .returning({ id: pressKits.id })
        )[0]?.id;
    await recordStaffAction(tx, {
      actor,
      action: "press.save",
      subjectType: "press_kit",
      subjectId: id ?? null,
      details: {
        gameId,
        listed: input.listed,
        embargoUntil: input.embargoUntil?.toISOString() ?? null,
      },
    });
  });
  return readKit(db, gameId);
}

/**
 * Ends every signed link given for a kit before now (its link version goes up by one); the admin's
 * link is signed anew at the new version. A kit never saved has no links: nothing to end.
 */
export async function revokeKitLinks(
  db: Database,
  gameId: string | null,
  actor: Actor | null,
): Promise<Kit> {
  if (gameId && !isUuid(gameId)) throw new AppError("not_found", "This game no longer exists.");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pressKits)
      .set({ linkVersion: sql`${pressKits.linkVersion} + 1` })
      .where(scope(gameId))
      .returning({ id: pressKits.id, linkVersion: pressKits.linkVersion });
    if (!row) throw new AppError("not_found", "This kit has no signed links yet.");
    await recordStaffAction(tx, {
      actor,
      action: "press.revoke_links",
      subjectType: "press_kit",
      subjectId: row.id,
      details: { gameId, linkVersion: row.linkVersion },
    });
  });
  return readKit(db, gameId);
}

/**
 * The games whose kits guests may not see now (unlisted or embargoed kits, games not listed):
 * /press leaves them out.
 */
export async function hiddenKitGames(db: Database, now: Date): Promise<Set<string>> {
  const rows = await db
    .select({
      gameId: pressKits.gameId,
      listed: pressKits.listed,
      embargoUntil: pressKits.embargoUntil,
      visibility: games.visibility,
      announceAt: games.announceAt,
    })
    .from(pressKits)
    .innerJoin(games, eq(games.id, pressKits.gameId));
  return new Set(
    rows.flatMap((row) =>
      row.gameId && !kitIsPublic({ ...row, game: row }, now) ? [row.gameId] : [],
    ),
  );
}

/** Marks the kit's zips built now. */
export async function markZipsBuilt(db: Database, kitId: string): Promise<void> {
  await db.update(pressKits).set({ zipsBuiltAt: sql`now()` }).where(eq(pressKits.id, kitId));
}

/** Counts one download of a kit's file (a zip or one original). */
export async function countDownload(db: Database, kitId: string, file: string): Promise<void> {
  await db
    .insert(pressDownloads)
    .values({ kitId, file, count: 1 })
    .onConflictDoUpdate({
      target: [pressDownloads.kitId, pressDownloads.file],
      set: { count: sql`${pressDownloads.count} + 1` },
    });
}

/** How often each of a kit's files was downloaded, by file name. */
export async function downloadCounts(
  db: Database,
  kitId: string | null,
): Promise<Record<string, number>> {
  if (!kitId) return {};
  const rows = await db
    .select({ file: pressDownloads.file, count: pressDownloads.count })
    .from(pressDownloads)
    .where(and(eq(pressDownloads.kitId, kitId)));
  return Object.fromEntries(rows.map((row) => [row.file, row.count]));
}

/** The kit's row id, made (empty, listed) when it has none yet: downloads count against it. */
export async function ensureKitId(db: Database, gameId: string | null): Promise<string> {
  const kit = await readKit(db, gameId);
  if (kit.id) return kit.id;
  await db.insert(pressKits).values({ gameId }).onConflictDoNothing();
  const again = await readKit(db, gameId);
  if (!again.id) throw new Error("press kit row not written");
  return again.id;
}
