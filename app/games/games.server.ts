import { eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { games } from "~/db/schema";
import { mediaImages } from "~/media/index.server";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { clockNow } from "~/platform/clock/clock.server";
import { publishTimePassed, zonedTimeToInstant } from "~/platform/dates/zoned-time";
import { AppError } from "~/platform/errors/app-error";
import { FILL_ALL_FIELDS } from "~/platform/forms/text-rules";
import { chooseSlug } from "~/platform/seo/unique-slug.server";
import { toEntry } from "./game-queries.server";
import { GAME_PAGE_RULES, type GameEntry, type GameInput, hasCardPicture } from "./game-schema";
import type { GameStatus } from "./game-status";
import { ANNOUNCE_TIME_PASSED, type GameVisibility, storedVisibility } from "./game-visibility";

export {
  countGames,
  GAME_LISTED,
  GAME_REACHABLE,
  gameListChoices,
  gameSitemapUrls,
  getGameBySlug,
  listAllGames,
  listGames,
  listGamesPage,
  reachableGameIds,
  resolveGameRefs,
} from "./game-queries.server";

/** What a write stores: the card's fields, and the page's fields the input names. */
export type NewGame = Omit<GameInput, "status" | "visibility"> & {
  status: GameStatus;
  visibility?: GameVisibility;
};

/** How a write reads typed times: an announce time without an offset is in the studio's zone. */
export type GameWriteOptions = { timeZone: string };

/** What an update keeps of the stored game when its input leaves a field out. */
type Stored = Pick<GameEntry, "id" | "slug" | "gallery" | "cardImage" | "keyArt">;

const SLUG_TAKEN = "This address is already used by another game";
const SLUGS = { table: games, slug: games.slug, id: games.id };

/**
 * The columns an input sets. A page field left out keeps what is stored (an update) or its default
 * (a new game); an empty address is made from the title; a typed one must be free.
 */
async function columnsOf(
  db: Database,
  input: NewGame,
  current: Stored | null,
  options: GameWriteOptions,
) {
  const slug =
    input.slug === undefined && current
      ? current.slug
      : await chooseSlug(db, SLUGS, {
          typed: input.slug || undefined,
          title: input.title,
          fallback: "game",
          exceptId: current?.id,
          taken: SLUG_TAKEN,
        });
  await checkUploads(db, input);
  const kept = {
    imageUrl: input.imageUrl,
    cardImage: input.cardImage === undefined ? (current?.cardImage ?? null) : input.cardImage,
    gallery: input.gallery ?? current?.gallery ?? [],
  };
  if (!hasCardPicture(kept)) throw new AppError("invalid", FILL_ALL_FIELDS, { field: "imageUrl" });
  const { title, description, imageUrl, status, url } = input;
  return {
    title,
    description,
    imageUrl,
    status,
    url,
    slug,
    ...given({
      about: input.about,
      gallery: input.gallery,
      trailerUrl: input.trailerUrl,
      platforms: input.platforms,
      storeLinks: input.storeLinks,
      releaseDate: input.releaseDate,
      cardImage: input.cardImage,
      // An alt text goes with its picture: none without one.
      cardImageAlt:
        input.cardImage === undefined ? undefined : input.cardImage && input.cardImageAlt,
      keyArt: input.keyArt,
      keyArtAlt: input.keyArt === undefined ? undefined : input.keyArt && input.keyArtAlt,
    }),
    // Left out (an API client that predates it): what is stored, or public for a new game.
    ...(input.visibility === undefined ? {} : visibilityColumns(input, options)),
  };
}

/** The stored visibility of a choice; a scheduled one needs a time still to come. */
function visibilityColumns(input: NewGame, options: GameWriteOptions) {
  const choice = input.visibility!;
  if (choice !== "scheduled") return storedVisibility(choice, null);
  const at = zonedTimeToInstant(input.announceAt ?? "", options.timeZone);
  if (!at) throw new AppError("invalid", "Enter a valid date and time", { field: "announceAt" });
  // A past time would show the game at once while staff believe it hidden until then.
  if (publishTimePassed(at, clockNow().getTime()))
    throw new AppError("invalid", ANNOUNCE_TIME_PASSED, { field: "announceAt" });
  return storedVisibility(choice, at);
}

/** Every upload an input names must be in the media library (one query for them all). */
async function checkUploads(db: Database, input: NewGame) {
  const ids = [
    ...(input.gallery ?? []).map((item) => item.image),
    input.cardImage,
    input.keyArt,
  ].filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  const known = await mediaImages(db, ids);
  if (!(input.gallery ?? []).every((item) => known.has(item.image)))
    throw new AppError("invalid", GAME_PAGE_RULES.screenshotGone, { field: "gallery" });
  if (input.cardImage && !known.has(input.cardImage))
    throw new AppError("invalid", GAME_PAGE_RULES.cardImageGone, { field: "cardImage" });
  if (input.keyArt && !known.has(input.keyArt))
    throw new AppError("invalid", GAME_PAGE_RULES.keyArtGone, { field: "keyArt" });
}

/** Only the fields that have a value: a field left out is not written. */
function given<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** A new game goes last: the highest display_order plus one, or 1 when there is none. */
async function insertGame(
  db: Database,
  input: NewGame,
  options: GameWriteOptions,
): Promise<GameEntry> {
  const [row] = await db
    .insert(games)
    .values({
      ...(await columnsOf(db, input, null, options)),
      displayOrder: sql`(select coalesce(max(${games.displayOrder}), 0) + 1 from ${games})`,
    })
    .returning();
  return toEntry(row!);
}

/** Adds a game without an audit entry (demo content, tests). */
export function createGame(
  db: Database,
  input: NewGame,
  options: GameWriteOptions = { timeZone: "UTC" },
): Promise<GameEntry> {
  return db.transaction((tx) => insertGame(tx, input, options));
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
  actor: Actor | null,
  action: string,
  subjectId: string,
  details: Record<string, unknown>,
) {
  return recordStaffAction(db, { actor, action, subjectType: "game", subjectId, details });
}

export async function addGame(
  db: Database,
  input: NewGame,
  actor: Actor,
  options: GameWriteOptions,
): Promise<GameEntry> {
  return db.transaction(async (tx) => {
    const game = await insertGame(tx, input, options);
    await audit(tx, actor, "game.create", game.id, {
      title: game.title,
      slug: game.slug,
      visibility: game.visibility,
    });
    return game;
  });
}

export async function updateGame(
  db: Database,
  id: string,
  input: NewGame,
  /** Null for the operator's command line (a presskit() import). */
  actor: Actor | null,
  options: GameWriteOptions = { timeZone: "UTC" },
): Promise<GameEntry> {
  if (!isUuid(id)) throw new AppError("not_found", GAME_GONE);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: games.id,
        slug: games.slug,
        gallery: games.gallery,
        cardImage: games.cardImage,
        keyArt: games.keyArt,
      })
      .from(games)
      .where(eq(games.id, id))
      .for("update");
    if (!current) throw new AppError("not_found", GAME_GONE);
    const [row] = await tx
      .update(games)
      .set({ ...(await columnsOf(tx, input, current, options)), updatedAt: sql`now()` })
      .where(eq(games.id, id))
      .returning();
    const game = toEntry(row!);
    await audit(tx, actor, "game.update", id, {
      title: game.title,
      slug: game.slug,
      visibility: game.visibility,
      ...(game.slug !== current.slug ? { previousSlug: current.slug } : {}),
    });
    return game;
  });
}

/**
 * Makes a game public at `at` (a press kit's embargo: "announce the game at the same time"); a
 * time already past shows it now. Null for a game that no longer exists.
 */
export async function announceGameAt(
  db: Database,
  id: string,
  at: Date,
  actor: Actor,
): Promise<GameEntry | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(games)
      .set({ visibility: "public", announceAt: at, updatedAt: sql`now()` })
      .where(eq(games.id, id))
      .returning();
    if (!row) return null;
    await audit(tx, actor, "game.announce", id, { title: row.title, at: at.toISOString() });
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
    await audit(tx, actor, "game.delete", id, { title: row.title });
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
    await audit(tx, actor, "games.reorder", ids[0]!, { order: ids });
  });
}
