import type { AppLoadContext } from "react-router";
import type { SessionUser } from "~/accounts/index.server";
import { GameSchema, ReorderSchema } from "~/games";
import { addGame, deleteGame, reorderGames, updateGame } from "~/games/index.server";
import { markMessageRead } from "~/messages/index.server";
import { NewsSchema } from "~/news";
import { addNews, deleteNews, updateNews } from "~/news/index.server";
import { isAppError } from "~/platform/errors/app-error";
import { parseForm } from "~/platform/forms/form-errors";
import { parseIntent, UNKNOWN_INTENT } from "~/platform/forms/intent";
import type { AdminResult as AdminWriteResult } from "~/platform/forms/use-admin-fetcher";
import { failIfInjected } from "~/platform/server/faults.server";
import { can } from "~/roles";
import { ADMIN_INTENTS, type AdminIntent, AdminIntentSchema } from "./admin-intents";

// The admin dashboard's writes: each intent, the permission it needs, and what it calls. The route
// module only hands the form here.

export { ADMIN_INTENTS, type AdminIntent } from "./admin-intents";

/** Intents whose success changes what the public pages show: the page cache is cleared for them. */
export const PUBLIC_CONTENT_INTENTS: ReadonlySet<AdminIntent> = new Set([
  "news-create",
  "news-update",
  "news-delete",
  "game-create",
  "game-update",
  "game-delete",
  "games-reorder",
]);

export type AdminResult = AdminWriteResult<AdminIntent>;

export async function runAdminAction(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  form: FormData,
): Promise<AdminResult> {
  const result = await runIntent(request, context, user, form);
  // Before the answer leaves, every process drops the pages that showed the old content.
  if (result.ok && PUBLIC_CONTENT_INTENTS.has(result.intent)) {
    await context.runtime.caches.publicContentChanged(context.runtime.db);
  }
  return result;
}

async function runIntent(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  form: FormData,
): Promise<AdminResult> {
  const intent = parseIntent(AdminIntentSchema, form);
  if (intent === null) return { ok: false, intent: null, error: UNKNOWN_INTENT, status: 400 };
  if (!can(user.role, ADMIN_INTENTS[intent])) {
    return { ok: false, intent, error: "Your role does not allow this.", status: 403 };
  }
  const { db } = context.runtime;
  const actor = { id: user.id, email: user.email };
  const id = String(form.get("id") ?? "");
  const invalid = (errors: Record<string, string | undefined>) => ({
    ok: false as const,
    intent,
    error: Object.values(errors).find(Boolean) ?? "Please fill in all fields",
    status: 400,
  });
  try {
    switch (intent) {
      case "mark-read":
        failIfInjected(request, context, intent);
        await markMessageRead(db, id, actor);
        return { ok: true, intent, id };
      case "news-create":
      case "news-update": {
        const parsed = parseForm(NewsSchema, form);
        if (!parsed.success) return invalid(parsed.errors);
        failIfInjected(request, context, intent);
        const entry =
          intent === "news-create"
            ? await addNews(db, parsed.data, actor)
            : await updateNews(db, id, parsed.data, actor);
        return { ok: true, intent, id: entry.id };
      }
      case "news-delete":
        failIfInjected(request, context, intent);
        await deleteNews(db, id, actor);
        return { ok: true, intent, id };
      case "game-create":
      case "game-update": {
        const parsed = parseForm(GameSchema, form);
        if (!parsed.success) return invalid(parsed.errors);
        failIfInjected(request, context, intent);
        const game =
          intent === "game-create"
            ? await addGame(db, parsed.data, actor)
            : await updateGame(db, id, parsed.data, actor);
        return { ok: true, intent, id: game.id };
      }
      case "game-delete":
        failIfInjected(request, context, intent);
        await deleteGame(db, id, actor);
        return { ok: true, intent, id };
      case "games-reorder": {
        const parsed = parseForm(ReorderSchema, form);
        if (!parsed.success) return invalid(parsed.errors);
        failIfInjected(request, context, intent);
        await reorderGames(db, parsed.data.ids, actor);
        return { ok: true, intent };
      }
    }
  } catch (error) {
    if (isAppError(error)) return { ok: false, intent, error: error.message, status: error.status };
    context.runtime.logger.error({ err: error, intent }, "admin action failed");
    return { ok: false, intent, error: "The server could not save the change.", status: 500 };
  }
}
