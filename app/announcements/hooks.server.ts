import crypto from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import {
  type AnnouncementHook,
  announcementDeliveries,
  announcementHooks,
  games,
} from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { type SealedCount, sealedBox } from "~/platform/crypto/sealed-box.server";
import { AppError } from "~/platform/errors/app-error";
import { type HookInput, type HookKind, maskUrl } from "./hook-schema";
import { newSecret } from "./payloads.server";

// The hooks (docs/product.md#announcements): this module is the only writer of
// announcement_hooks. URLs and signing secrets are sealed with the hook's id and the field as
// associated data (docs/accounts-and-security.md#secrets-at-rest); only the masked URL is shown.

export type HookSecrets = { url: string; secret: string | null };

/** The sealer of hook URLs and secrets, keyed from AUTH_SECRET. */
export function hookBox(env: { AUTH_SECRET: string }) {
  return sealedBox(env.AUTH_SECRET, {
    salt: "studio-site announcements",
    info: "announcement-hooks/aes-256-gcm/v1",
  });
}

/** A hook's URL and secret, opened. */
export function openHook(env: { AUTH_SECRET: string }, hook: AnnouncementHook): HookSecrets {
  const box = hookBox(env);
  return {
    url: box.open(hook.urlSealed, `${hook.id}\nurl`),
    secret: hook.secretSealed ? box.open(hook.secretSealed, `${hook.id}\nsecret`) : null,
  };
}

/** The hooks as the admin lists them: masked, never a URL or a secret. */
export async function listHooks(db: Database) {
  const rows = await db
    .select({
      id: announcementHooks.id,
      kind: announcementHooks.kind,
      gameId: announcementHooks.gameId,
      gameTitle: games.title,
      label: announcementHooks.label,
      urlHint: announcementHooks.urlHint,
      roleId: announcementHooks.roleId,
      threadName: announcementHooks.threadName,
      createdAt: announcementHooks.createdAt,
    })
    .from(announcementHooks)
    .leftJoin(games, eq(games.id, announcementHooks.gameId))
    .orderBy(asc(announcementHooks.createdAt), asc(announcementHooks.id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as HookKind,
    createdAt: row.createdAt.toISOString(),
  }));
}

export type HookRow = Awaited<ReturnType<typeof listHooks>>[number];

/** The latest deliveries, newest first. */
export async function listDeliveries(db: Database, limit = 50) {
  const rows = await db
    .select({
      id: announcementDeliveries.id,
      hookLabel: announcementHooks.label,
      postTitle: announcementDeliveries.postTitle,
      action: announcementDeliveries.action,
      statusCode: announcementDeliveries.statusCode,
      attempt: announcementDeliveries.attempt,
      outcome: announcementDeliveries.outcome,
      error: announcementDeliveries.error,
      nextRetryAt: announcementDeliveries.nextRetryAt,
      at: announcementDeliveries.at,
    })
    .from(announcementDeliveries)
    .leftJoin(announcementHooks, eq(announcementHooks.id, announcementDeliveries.hookId))
    .orderBy(desc(announcementDeliveries.at), desc(announcementDeliveries.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
    at: row.at.toISOString(),
  }));
}

export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];

async function gameScope(db: Database, scope: string): Promise<string | null> {
  if (scope === "studio") return null;
  const [game] = isUuid(scope)
    ? await db.select({ id: games.id }).from(games).where(eq(games.id, scope))
    : [];
  if (!game)
    throw new AppError("invalid", "Choose the studio or one of its games", { field: "scope" });
  return game.id;
}

export async function getHook(db: Database, id: string): Promise<AnnouncementHook> {
  const [hook] = isUuid(id)
    ? await db.select().from(announcementHooks).where(eq(announcementHooks.id, id))
    : [];
  if (!hook) throw new AppError("not_found", "This hook no longer exists. Reload the page.");
  return hook;
}

/**
 * Adds a hook or changes one (a blank URL keeps the stored one; the kind never changes). A new
 * generic hook's signing secret is answered once, for the admin to copy; it is never shown again.
 */
/** Who changes a hook, for the staff audit log (none: a test or a tool). */
export type HookActor = { id: string; email: string } | null;

export async function saveHook(
  db: Database,
  env: { AUTH_SECRET: string },
  input: HookInput,
  actor: HookActor = null,
): Promise<{ id: string; secret: string | null }> {
  const box = hookBox(env);
  const gameId = await gameScope(db, input.scope);
  const discord = input.kind === "discord";
  const fields = {
    label: input.label,
    gameId,
    roleId: discord && input.roleId ? input.roleId : null,
    threadName: discord && input.threadName ? input.threadName : null,
  };
  if (input.hookId) {
    const hook = await getHook(db, input.hookId);
    if (hook.kind !== input.kind)
      throw new AppError("invalid", "A hook's kind cannot change: add a new hook instead", {
        field: "kind",
      });
    const url = input.url
      ? {
          urlSealed: box.seal(input.url, `${hook.id}\nurl`),
          urlHint: maskUrl(input.kind, input.url),
        }
      : {};
    await db.transaction(async (tx) => {
      await tx
        .update(announcementHooks)
        .set({ ...fields, ...url, updatedAt: new Date() })
        .where(eq(announcementHooks.id, hook.id));
      await audit(tx, actor, "announcements.hook-update", hook.id, input, Boolean(input.url));
    });
    return { id: hook.id, secret: null };
  }
  const id = crypto.randomUUID();
  const secret = discord ? null : newSecret();
  await db.transaction(async (tx) => {
    await tx.insert(announcementHooks).values({
      id,
      kind: input.kind,
      ...fields,
      urlSealed: box.seal(input.url, `${id}\nurl`),
      urlHint: maskUrl(input.kind, input.url),
      secretSealed: secret ? box.seal(secret, `${id}\nsecret`) : null,
    });
    await audit(tx, actor, "announcements.hook-add", id, input, true);
  });
  return { id, secret };
}

/** Removes a hook, its messages' rows and its log (messages already posted stay where they are). */
export async function deleteHook(db: Database, id: string, actor: HookActor = null): Promise<void> {
  const hook = await getHook(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(announcementHooks).where(eq(announcementHooks.id, hook.id));
    await recordStaffAction(tx, {
      actor,
      action: "announcements.hook-delete",
      subjectType: "announcement_hook",
      subjectId: hook.id,
      details: { label: hook.label, kind: hook.kind },
    });
  });
}

/** A hook's change in the staff audit log: what it is, never its URL or secret. */
function audit(
  db: Database,
  actor: HookActor,
  action: string,
  id: string,
  input: HookInput,
  urlChanged: boolean,
) {
  return recordStaffAction(db, {
    actor,
    action,
    subjectType: "announcement_hook",
    subjectId: id,
    details: { label: input.label, kind: input.kind, scope: input.scope, urlChanged },
  });
}

/** Whether the stored hook URLs and secrets open with this server's secret (a restore's check). */
export async function checkSealedHooks(
  db: Database,
  env: { AUTH_SECRET: string },
): Promise<SealedCount> {
  const box = hookBox(env);
  const hooks = await db.select().from(announcementHooks);
  let sealed = 0;
  let opened = 0;
  for (const hook of hooks) {
    const values: [string, string][] = [[hook.urlSealed, "url"]];
    if (hook.secretSealed) values.push([hook.secretSealed, "secret"]);
    for (const [value, field] of values) {
      sealed += 1;
      try {
        box.open(value, `${hook.id}\n${field}`);
        opened += 1;
      } catch {
        // counted as not opened
      }
    }
  }
  return { kind: "announcement hook URLs and secrets", sealed, opened };
}

/**
 * Re-seals every hook's URL and signing secret from one AUTH_SECRET to another (a secret rotation,
 * inside its transaction). Throws when a value does not open with `from`.
 */
export async function resealHooks(
  db: Database,
  from: { AUTH_SECRET: string },
  to: { AUTH_SECRET: string },
): Promise<number> {
  const [before, after] = [hookBox(from), hookBox(to)];
  const reseal = (sealed: string, place: string) => after.seal(before.open(sealed, place), place);
  const hooks = await db.select().from(announcementHooks);
  for (const hook of hooks) {
    await db
      .update(announcementHooks)
      .set({
        urlSealed: reseal(hook.urlSealed, `${hook.id}\nurl`),
        secretSealed: hook.secretSealed ? reseal(hook.secretSealed, `${hook.id}\nsecret`) : null,
      })
      .where(eq(announcementHooks.id, hook.id));
  }
  return hooks.length;
}
