import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { games, pressKeyRequests, pressKeys, pressKits } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { clockNow } from "~/platform/clock/clock.server";
import type { SealedCount } from "~/platform/crypto/sealed-box.server";
import { formatZonedDate } from "~/platform/dates/date-format";
import { AppError } from "~/platform/errors/app-error";
import { quotedWords } from "~/platform/forms/text-rules";
import type { Mailer, MailIdentity } from "~/platform/mail/mailer.server";
import type { KeySealer } from "./key-crypto.server";
import { parseKeyBatch } from "./key-import";

// Key batches and sends (docs/product.md#key-desk). Each key leaves "available" exactly once: a
// send or a revoke is one conditional UPDATE … WHERE state = 'available' RETURNING, and a send picks
// its key with FOR UPDATE SKIP LOCKED, so of two staff sending at once each gets a different key or
// one finds none left; a request is answered once the same way (WHERE status = 'pending').

export type StaffActor = { id: string; email: string };

export type KeyBatchInput = {
  gameId: string;
  platform: string;
  text: string;
  embargoUntil: Date | null;
};

/** Seals and stores a pasted batch; a key already stored for the game is skipped, not doubled. */
export async function importKeys(
  db: Database,
  sealer: KeySealer,
  actor: StaffActor,
  input: KeyBatchInput,
): Promise<{ added: number; skipped: number }> {
  if (!isUuid(input.gameId)) throw new AppError("not_found", "That game no longer exists.");
  const platform = input.platform.trim();
  if (!platform || platform.length > 60)
    throw new AppError("invalid", "Choose a platform.", { field: "platform" });
  const batch = parseKeyBatch(input.text);
  if (batch.problems.length > 0)
    throw new AppError("invalid", batch.problems[0]!, { field: "keys" });
  return db.transaction(async (tx) => {
    const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.id, input.gameId));
    if (!game) throw new AppError("not_found", "That game no longer exists.");
    const scope = { gameId: game.id, platform };
    const inserted = await tx
      .insert(pressKeys)
      .values(
        batch.keys.map((key) => ({
          gameId: game.id,
          platform,
          sealed: sealer.seal(key, scope),
          fingerprint: sealer.fingerprint(key),
          embargoUntil: input.embargoUntil,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: pressKeys.id });
    const result = { added: inserted.length, skipped: batch.keys.length - inserted.length };
    await recordStaffAction(tx, {
      actor,
      action: "press_keys.import",
      subjectType: "game",
      subjectId: game.id,
      details: { platform, ...result, embargoUntil: input.embargoUntil?.toISOString() ?? null },
    });
    return result;
  });
}

/** How many keys a game has by platform and state: what the desk shows (never the keys). */
export async function keyCounts(db: Database, gameId: string) {
  if (!isUuid(gameId)) return [];
  return db
    .select({
      platform: pressKeys.platform,
      state: pressKeys.state,
      count: sql<number>`count(*)::int`,
    })
    .from(pressKeys)
    .where(eq(pressKeys.gameId, gameId))
    .groupBy(pressKeys.platform, pressKeys.state)
    .orderBy(asc(pressKeys.platform));
}

export type SendOptions = { mailer: Mailer; sender: MailIdentity; timeZone?: string };

/**
 * The embargo a key's mail states: the batch's, else the game's press kit's, in the studio's zone
 * and in UTC; none once it has passed.
 */
export function embargoLine(
  embargoUntil: Date | null,
  timeZone = "UTC",
  now: Date = clockNow(),
): string {
  if (!embargoUntil || embargoUntil <= now)
    return "There is no embargo: you may publish when you are ready.";
  const local = formatZonedDate(embargoUntil, timeZone);
  const utc = timeZone === "UTC" ? "" : `, ${formatZonedDate(embargoUntil, "UTC")}`;
  return `Embargo: please publish nothing before ${local}${utc}.`;
}

/**
 * Approves a pending request by mailing it the next available key of its game and platform, in one
 * transaction: the request is claimed (pending → approved), a key is claimed (available → sent) and
 * the mail goes out; a failed mail rolls both back, so a key is marked sent only once it was mailed.
 */
export async function sendKey(
  db: Database,
  sealer: KeySealer,
  actor: StaffActor,
  requestId: string,
  options: SendOptions,
): Promise<{ keyId: string }> {
  if (!isUuid(requestId)) throw new AppError("not_found", "That request no longer exists.");
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(pressKeyRequests)
      .set({ status: "approved", decidedAt: sql`now()` })
      .where(and(eq(pressKeyRequests.id, requestId), eq(pressKeyRequests.status, "pending")))
      .returning();
    if (!request) throw new AppError("conflict", "That request has already been answered.");
    const [key] = await tx
      .update(pressKeys)
      .set({ state: "sent", requestId: request.id, sentTo: request.email, sentAt: sql`now()` })
      .where(
        and(
          eq(pressKeys.state, "available"),
          eq(
            pressKeys.id,
            sql`(select id from press_keys where game_id = ${request.gameId} and platform = ${request.platform} and state = 'available' order by created_at, id limit 1 for update skip locked)`,
          ),
        ),
      )
      .returning();
    if (!key)
      throw new AppError("conflict", `No ${request.platform} key is left for this game.`, {
        code: "no_key_left",
      });
    const [game] = await tx
      .select({ title: games.title, kitEmbargo: pressKits.embargoUntil })
      .from(games)
      .leftJoin(pressKits, eq(pressKits.gameId, games.id))
      .where(eq(games.id, key.gameId));
    const clear = sealer.open(key.sealed, { gameId: key.gameId, platform: key.platform });
    await options.mailer.send({
      to: request.email,
      sender: options.sender,
      replyTo: options.sender.pressAddress,
      subject: `Your ${game?.title ?? "game"} key (${key.platform})`,
      text: [
        // What the requester typed is quoted as their words (docs/product.md#key-desk).
        `Hello ${quotedWords(request.name)},`,
        "",
        `Thank you for your interest in ${game?.title ?? "our game"}. Here is your ${key.platform} key for ${quotedWords(request.outlet)}:`,
        "",
        `    ${clear}`,
        "",
        embargoLine(key.embargoUntil ?? game?.kitEmbargo ?? null, options.timeZone),
        "",
        `— ${options.sender.studioName}`,
      ].join("\n"),
    });
    await recordStaffAction(tx, {
      actor,
      action: "press_keys.send",
      subjectType: "press_key",
      subjectId: key.id,
      details: { requestId: request.id, platform: key.platform, to: request.email },
    });
    return { keyId: key.id };
  });
}

/** Takes an available key out of the pool for good; a sent or revoked key cannot be revoked. */
export async function revokeKey(db: Database, actor: StaffActor, keyId: string): Promise<void> {
  if (!isUuid(keyId)) throw new AppError("not_found", "That key no longer exists.");
  await db.transaction(async (tx) => {
    const [key] = await tx
      .update(pressKeys)
      .set({ state: "revoked", revokedAt: sql`now()` })
      .where(and(eq(pressKeys.id, keyId), eq(pressKeys.state, "available")))
      .returning({ id: pressKeys.id, platform: pressKeys.platform, gameId: pressKeys.gameId });
    if (!key) throw new AppError("conflict", "That key has already been sent or revoked.");
    await recordStaffAction(tx, {
      actor,
      action: "press_keys.revoke",
      subjectType: "press_key",
      subjectId: key.id,
      details: { gameId: key.gameId, platform: key.platform },
    });
  });
}

/** Whether the stored press keys open with this server's secret (a restore's check). */
export async function checkSealedKeys(db: Database, sealer: KeySealer): Promise<SealedCount> {
  const rows = await db
    .select({ gameId: pressKeys.gameId, platform: pressKeys.platform, sealed: pressKeys.sealed })
    .from(pressKeys);
  let opened = 0;
  for (const row of rows) {
    try {
      sealer.open(row.sealed, row);
      opened += 1;
    } catch {
      // counted as not opened
    }
  }
  return { kind: "press keys", sealed: rows.length, opened };
}

/**
 * Re-seals every stored press key from one sealer to another, fingerprint included (a secret
 * rotation, inside its transaction). Throws when a key does not open with `from`.
 */
export async function resealKeys(db: Database, from: KeySealer, to: KeySealer): Promise<number> {
  const rows = await db
    .select({
      id: pressKeys.id,
      gameId: pressKeys.gameId,
      platform: pressKeys.platform,
      sealed: pressKeys.sealed,
    })
    .from(pressKeys);
  for (const row of rows) {
    const key = from.open(row.sealed, row);
    await db
      .update(pressKeys)
      .set({ sealed: to.seal(key, row), fingerprint: to.fingerprint(key) })
      .where(eq(pressKeys.id, row.id));
  }
  return rows.length;
}
