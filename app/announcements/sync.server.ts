import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import {
  type AnnouncementHook,
  type AnnouncementMessage,
  announcementDeliveries,
  announcementHooks,
  announcementMessages,
  games,
  news,
  newsGames,
} from "~/db/schema";
import { LISTED_NEWS } from "~/news/index.server";
import { clockNow, SQL_NOW } from "~/platform/clock/clock.server";
import { announcedPost, announces } from "./announced-post.server";
import { type AnnouncedPost, contentHash } from "./payloads.server";
import {
  type Action,
  type AnnouncementDeps,
  callHook,
  type Studio,
  studioOf,
} from "./remote.server";

export type { Action, AnnouncementDeps };

// Reconciliation (docs/product.md#announcements): for each hook and post, what the remote should
// show (the post while it is public, nothing otherwise) against what announcement_messages says it
// shows. The next action (create, edit, delete) is claimed under the row's lock before the HTTP
// call, so two processes never make the same call; its outcome (the remote message id, the hash
// of what it shows) is written to the same row. Temporary failures (5xx, 429, no answer) are
// retried with backoff, permanent ones (other 4xx) stop until the post changes; every call is
// logged in announcement_deliveries.

export const SYNC_QUEUE = "announcements.sync";

/** 30 s, 1 min, 2 min … up to an hour. */
export const defaultRetryDelayMs = (attempt: number) =>
  Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
const MAX_ATTEMPTS = 8;
/** How long a claimed call may take before another process may try it again. */
const CLAIM_MS = 2 * 60_000;

/** The action the remote needs, judged from the row alone (no timing). */
export function neededAction(
  row: Pick<AnnouncementMessage, "live" | "contentHash">,
  wanted: boolean,
  hash: string | null,
): Action | null {
  if (wanted) return !row.live ? "create" : row.contentHash !== hash ? "edit" : null;
  return row.live ? "delete" : null;
}

/** Reconciles every hook for one post (a news.changed nudge or a retry). */
export async function syncPost(deps: AnnouncementDeps, newsId: string): Promise<void> {
  if (!isUuid(newsId)) return;
  const { db } = deps;
  const [found, hooks, rows] = await Promise.all([
    announcedPost(db, deps.env.SITE_URL, newsId),
    db.select().from(announcementHooks),
    db.select().from(announcementMessages).where(eq(announcementMessages.newsId, newsId)),
  ]);
  let studio: Studio | null = null;
  for (const hook of hooks) {
    const row = rows.find((r) => r.hookId === hook.id);
    const wanted = Boolean(found?.isPublic && announces(hook, found, row?.live ?? false));
    if (!wanted && !row) continue;
    studio ??= await studioOf(db);
    await syncOne(deps, hook, newsId, wanted ? found!.post : null, found?.post ?? null, studio);
  }
}

type Claim = { action: Action; attempt: number; row: AnnouncementMessage };

/** Decides under the row's lock and claims the call; null: nothing to do (or another's to do). */
async function claim(
  db: Database,
  hookId: string,
  newsId: string,
  wanted: boolean,
  hash: string | null,
): Promise<Claim | null> {
  return db.transaction(async (tx) => {
    await tx.insert(announcementMessages).values({ hookId, newsId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(announcementMessages)
      .where(and(eq(announcementMessages.hookId, hookId), eq(announcementMessages.newsId, newsId)))
      .for("update");
    if (!row) return null;
    const now = clockNow().getTime();
    if (row.state === "sending" && row.claimedUntil && row.claimedUntil.getTime() > now)
      return null;
    const action = neededAction(row, wanted, hash);
    if (!action) {
      if (row.state !== "done" && row.state !== "failed")
        await tx
          .update(announcementMessages)
          .set({ state: "done", nextAttemptAt: null, claimedUntil: null, updatedAt: new Date() })
          .where(eq(announcementMessages.id, row.id));
      return null;
    }
    const same = row.lastAction === action;
    // A permanent refusal of this very content stops until the post changes.
    if (row.state === "failed" && same && (action === "delete" || row.contentHash === hash))
      return null;
    if (row.state === "retry" && same && row.nextAttemptAt && row.nextAttemptAt.getTime() > now)
      return null;
    const attempt =
      (row.state === "retry" || row.state === "sending") && same ? row.attempts + 1 : 1;
    await tx
      .update(announcementMessages)
      .set({
        state: "sending",
        lastAction: action,
        attempts: attempt,
        claimedUntil: new Date(now + CLAIM_MS),
        nextAttemptAt: null,
        updatedAt: new Date(),
      })
      .where(eq(announcementMessages.id, row.id));
    return { action, attempt, row };
  });
}

async function syncOne(
  deps: AnnouncementDeps,
  hook: AnnouncementHook,
  newsId: string,
  wantedPost: AnnouncedPost | null,
  post: AnnouncedPost | null,
  studio: Studio,
): Promise<void> {
  const hash = wantedPost ? contentHash(wantedPost) : null;
  const claimed = await claim(deps.db, hook.id, newsId, wantedPost !== null, hash);
  if (!claimed) return;
  const { action, attempt, row } = claimed;
  // A post taken down is told with the publication time the remote was told when it went up: the
  // post itself has none any more.
  const told =
    wantedPost ??
    (post && row.publishedAt ? { ...post, publishedAt: row.publishedAt.toISOString() } : post);
  const outcome = await callHook(deps, hook, action, told, newsId, row, studio);
  const maxAttempts = deps.maxAttempts ?? MAX_ATTEMPTS;
  const retryAt =
    outcome.kind === "retry" && attempt < maxAttempts
      ? new Date(
          clockNow().getTime() +
            (outcome.afterMs ?? (deps.retryDelayMs ?? defaultRetryDelayMs)(attempt)),
        )
      : null;
  const state = outcome.kind === "ok" ? "done" : retryAt ? "retry" : "failed";
  await deps.db.transaction(async (tx) => {
    const base = { state, claimedUntil: null, nextAttemptAt: retryAt, updatedAt: new Date() };
    let change: Partial<typeof announcementMessages.$inferInsert> = base;
    if (outcome.kind === "ok") {
      if (action === "delete")
        change = {
          ...base,
          live: false,
          remoteId: null,
          remoteChannelId: null,
          contentHash: null,
          publishedAt: null,
        };
      else
        change = {
          ...base,
          live: true,
          contentHash: hash,
          publishedAt: wantedPost ? new Date(wantedPost.publishedAt) : null,
          ...(action === "create"
            ? { remoteId: outcome.remoteId ?? null, remoteChannelId: outcome.channelId ?? null }
            : {}),
        };
    } else if (state === "failed" && action !== "delete") change = { ...base, contentHash: hash };
    await tx.update(announcementMessages).set(change).where(eq(announcementMessages.id, row.id));
    await tx.insert(announcementDeliveries).values({
      hookId: hook.id,
      newsId,
      postTitle: (wantedPost ?? post)?.title ?? null,
      action,
      statusCode: outcome.status,
      attempt,
      outcome: state === "done" ? "ok" : state,
      error: outcome.kind === "ok" ? null : outcome.error.slice(0, 500),
      nextRetryAt: retryAt,
    });
  });
  if (retryAt && deps.jobs)
    await deps.jobs
      .send(SYNC_QUEUE, { id: newsId }, { startAfter: retryAt })
      .catch((error) => deps.logger.warn({ err: error }, "announcements: retry not queued"));
  if (outcome.kind !== "ok")
    deps.logger.warn(
      { hookId: hook.id, newsId, action, status: outcome.status, attempt, retryAt },
      "announcement call failed",
    );
}

/**
 * The minute's sweep: posts whose announcements may be behind (published or changed in the last
 * two days, rows due for a retry, claims whose process died, messages of posts no longer public).
 */
export async function sweep(deps: AnnouncementDeps): Promise<number> {
  const { db } = deps;
  const recent = sql`${SQL_NOW} - interval '2 days'`;
  const [posts, rows] = await Promise.all([
    db
      .select({ id: news.id })
      .from(news)
      .where(
        and(
          lte(news.publishedAt, SQL_NOW),
          or(
            gt(news.publishedAt, recent),
            gt(news.updatedAt, recent),
            // A post whose game was announced lately goes out with its game.
            sql`exists (select 1 from ${newsGames} join ${games} on ${games.id} = ${newsGames.gameId} where ${newsGames.newsId} = ${news.id} and (${games.announceAt} > ${recent} or ${games.updatedAt} > ${recent}))`,
          ),
        ),
      ),
    db
      .select({ id: announcementMessages.newsId })
      .from(announcementMessages)
      .leftJoin(news, eq(news.id, announcementMessages.newsId))
      .where(
        or(
          and(
            eq(announcementMessages.state, "retry"),
            lte(announcementMessages.nextAttemptAt, SQL_NOW),
          ),
          and(
            eq(announcementMessages.state, "sending"),
            lte(announcementMessages.claimedUntil, SQL_NOW),
          ),
          and(eq(announcementMessages.live, true), or(isNull(news.id), sql`not ${LISTED_NEWS}`)),
        ),
      ),
  ]);
  const ids = [...new Set([...posts, ...rows].map((row) => row.id))];
  for (const id of ids) await syncPost(deps, id);
  return ids.length;
}

/** Whether any hook exists (the sweep has nothing to do without one). */
export async function hasHooks(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: announcementHooks.id }).from(announcementHooks).limit(1);
  return Boolean(row);
}
