import type { Database } from "~/db/database.server";
import {
  type AnnouncementHook,
  type AnnouncementMessage,
  announcementDeliveries,
} from "~/db/schema";
import type { Jobs } from "~/platform/jobs/jobs.server";
import type { Logger } from "~/platform/logging/logger.server";
import { readSettings } from "~/settings/index.server";
import type { HookKind } from "./hook-schema";
import { openHook } from "./hooks.server";
import {
  type AnnouncedPost,
  discordMessage,
  discordTest,
  type GenericEvent,
  genericBody,
  signature,
} from "./payloads.server";
import {
  type FetchAnswer,
  type Fetcher,
  PrivateAddressError,
  publicFetch,
} from "./public-address.server";

// The calls to hooks (docs/api.md#announcement-webhooks): Discord's execute, edit and delete
// message, and the generic webhook's signed POST. No redirect is followed, a call times out after
// 10 seconds, and the answer is sorted into done, retry (5xx, 429 with its wait, no answer) or
// failed (any other 4xx; a 404 on an edit or delete is a message already gone, so done).

/** What the announcements need of the runtime (the server's services, or a test's). */
export type AnnouncementDeps = {
  db: Database;
  env: { SITE_URL: string; AUTH_SECRET: string; WEBHOOK_TEST_ORIGIN?: string };
  logger: Logger;
  /** Where a retry is queued at its time (without it, the minute's sweep finds it). */
  jobs?: Pick<Jobs, "send">;
  fetch?: typeof fetch;
  /** The wait before attempt `attempt + 1` after a temporary failure. */
  retryDelayMs?: (attempt: number) => number;
  /** Attempts of one action before it counts as failed. */
  maxAttempts?: number;
  timeoutMs?: number;
};

export type Action = "create" | "edit" | "delete";

export type Outcome =
  | { kind: "ok"; status: number; remoteId?: string; channelId?: string }
  | { kind: "retry"; status: number | null; error: string; afterMs?: number }
  | { kind: "failed"; status: number | null; error: string };

export type Studio = { name: string; accent: string };

export async function studioOf(db: Database): Promise<Studio> {
  const settings = await readSettings(db);
  return { name: settings.name, accent: settings.accentColor };
}

const EVENTS: Record<Action, GenericEvent> = {
  create: "post.published",
  edit: "post.updated",
  delete: "post.unpublished",
};

/** One call to a hook for one post's action. */
export async function callHook(
  deps: AnnouncementDeps,
  hook: AnnouncementHook,
  action: Action,
  post: AnnouncedPost | null,
  newsId: string,
  row: AnnouncementMessage,
  studio: Studio,
): Promise<Outcome> {
  let secrets: ReturnType<typeof openHook>;
  try {
    secrets = openHook(deps.env, hook);
  } catch {
    return {
      kind: "failed",
      status: null,
      error: "The stored URL cannot be opened (secret changed?)",
    };
  }
  if ((hook.kind as HookKind) === "webhook")
    return send(deps, secrets.url, "POST", genericBody(EVENTS[action], post, newsId), {
      secret: secrets.secret ?? "",
    });
  const options = { roleId: hook.roleId, threadName: hook.threadName, accent: studio.accent };
  const thread = row.remoteChannelId && hook.threadName ? `?thread_id=${row.remoteChannelId}` : "";
  if (action === "create") {
    if (!post) return { kind: "failed", status: null, error: "The post is gone" };
    return send(
      deps,
      `${secrets.url}?wait=true`,
      "POST",
      JSON.stringify(discordMessage(post, options, true)),
    );
  }
  if (!row.remoteId) return { kind: "ok", status: 204 };
  const message = `${secrets.url}/messages/${encodeURIComponent(row.remoteId)}${thread}`;
  if (action === "edit") {
    if (!post) return { kind: "failed", status: null, error: "The post is gone" };
    return send(deps, message, "PATCH", JSON.stringify(discordMessage(post, options, false)), {
      goneIsDone: true,
    });
  }
  return send(deps, message, "DELETE", undefined, { goneIsDone: true });
}

/** A hook's test call: a Discord message or a signed `ping`, logged as action `test`. */
export async function testHook(deps: AnnouncementDeps, hook: AnnouncementHook) {
  const studio = await studioOf(deps.db);
  const secrets = openHook(deps.env, hook);
  const outcome =
    (hook.kind as HookKind) === "webhook"
      ? await send(deps, secrets.url, "POST", genericBody("ping", null, null), {
          secret: secrets.secret ?? "",
        })
      : await send(
          deps,
          `${secrets.url}?wait=true`,
          "POST",
          JSON.stringify(
            discordTest(
              { name: studio.name || "the studio", url: deps.env.SITE_URL },
              { roleId: null, threadName: hook.threadName, accent: studio.accent },
            ),
          ),
        );
  await deps.db.insert(announcementDeliveries).values({
    hookId: hook.id,
    action: "test",
    statusCode: outcome.status,
    attempt: 1,
    outcome: outcome.kind === "ok" ? "ok" : "failed",
    error: outcome.kind === "ok" ? null : outcome.error.slice(0, 500),
  });
  return outcome;
}

/** The call as made: to WEBHOOK_TEST_ORIGIN instead in tests, path and query kept. */
function target(env: AnnouncementDeps["env"], url: string): string {
  if (!env.WEBHOOK_TEST_ORIGIN) return url;
  const parsed = new URL(url);
  return new URL(parsed.pathname + parsed.search, env.WEBHOOK_TEST_ORIGIN).href;
}

/** How long Discord (or a receiver) asks to wait: its JSON `retry_after` (seconds), else Retry-After. */
function retryAfterMs(response: FetchAnswer, text: string): number | undefined {
  try {
    const body = JSON.parse(text) as { retry_after?: unknown };
    if (typeof body.retry_after === "number" && body.retry_after >= 0)
      return Math.ceil(body.retry_after * 1000);
  } catch {
    // Not JSON: the header, if any.
  }
  const header = Number(response.headers.get("retry-after") ?? Number.NaN);
  return Number.isFinite(header) && header >= 0 ? header * 1000 : undefined;
}

async function send(
  deps: AnnouncementDeps,
  url: string,
  method: "POST" | "PATCH" | "DELETE",
  body: string | undefined,
  options: { secret?: string; goneIsDone?: boolean } = {},
): Promise<Outcome> {
  const headers: Record<string, string> = { "user-agent": "studio-site announcements" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.secret !== undefined && body !== undefined) {
    const timestamp = Math.floor(Date.now() / 1000);
    headers["x-studio-timestamp"] = String(timestamp);
    headers["x-studio-signature"] = signature(options.secret, timestamp, body);
  }
  let response: FetchAnswer;
  // The call goes to a public address only (public-address.server.ts); tests' stand-ins, on this
  // machine, are reached through WEBHOOK_TEST_ORIGIN or an injected fetch.
  const call: Fetcher = deps.fetch ?? (deps.env.WEBHOOK_TEST_ORIGIN ? fetch : publicFetch);
  try {
    response = await call(target(deps.env, url), {
      method,
      headers,
      body,
      // A redirect could lead the call anywhere: it is an answer, not followed.
      redirect: "manual",
      signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    if (cause instanceof PrivateAddressError)
      return { kind: "failed", status: null, error: `Not sent: ${cause.message}` };
    const reason = cause instanceof Error ? cause.message : String(cause);
    return { kind: "retry", status: null, error: `No answer: ${reason}` };
  }
  const status = response.status;
  if (status >= 200 && status < 300) {
    let remote: { id?: unknown; channel_id?: unknown } = {};
    if (method === "POST" && status !== 204)
      remote = (await response.json().catch(() => ({}))) as typeof remote;
    return {
      kind: "ok",
      status,
      remoteId: typeof remote.id === "string" ? remote.id : undefined,
      channelId: typeof remote.channel_id === "string" ? remote.channel_id : undefined,
    };
  }
  if (status === 404 && options.goneIsDone) return { kind: "ok", status };
  // The log keeps the answer's status line, never another server's body (read only for Discord's
  // retry_after, at most 4 KB).
  const text = (await response.text().catch(() => "")).slice(0, 4096);
  const statusLine = `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ""}`;
  if (status === 429)
    return {
      kind: "retry",
      status,
      error: `Rate limited (${statusLine})`,
      afterMs: retryAfterMs(response, text),
    };
  if (status >= 500) return { kind: "retry", status, error: `Server error (${statusLine})` };
  return {
    kind: "failed",
    status,
    error: status < 400 ? `Redirects are not followed (${statusLine})` : `Refused (${statusLine})`,
  };
}
