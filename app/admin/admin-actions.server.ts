import type { Database } from "~/db/database.server";
import { GameSchema, ReorderSchema } from "~/games";
import { addGame, deleteGame, reorderGames, updateGame } from "~/games/index.server";
import { markMessageRead } from "~/messages/index.server";
import { NewsSchema } from "~/news";
import { addNews, deleteNews, updateNews } from "~/news/index.server";
import { formErrorReply } from "~/platform/errors/adapters.server";
import { AppError, isAppError } from "~/platform/errors/app-error";
import { SERVER_FAILURE } from "~/platform/forms/fetcher-reply";
import { parseIntent, UNKNOWN_INTENT } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { handleSubmission, replyTo, submissionOf } from "~/platform/forms/submission.server";
import { z } from "~/platform/forms/zod";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { failIfInjected } from "~/platform/server/faults.server";
import { can } from "~/roles";
import { requireStaff } from "./admin-guard.server";
import { ADMIN_INTENTS, type AdminIntent, AdminIntentSchema } from "./admin-intents";
import { type AdminTab, tabPermission } from "./admin-tabs";

// The admin dashboard's writes (docs/product.md#admin-dashboard): each intent, the schema its form
// is parsed with and what it calls. Each tab's route answers its own intents (./admin-intents.ts)
// and needs its tab's permission; every answer is the submission's reply, a refusal (AppError)
// with its status.

export { ADMIN_INTENTS, type AdminIntent } from "./admin-intents";

type Actor = { id: string; email: string };
/** What a write may need to know of the studio: the zone scheduled times are typed in. */
type Studio = { timeZone: string };
type Perform = (
  run: (db: Database, actor: Actor, studio: Studio) => Promise<unknown>,
) => Promise<void>;

/** One write: its form's schema and what it calls with the parsed values. */
function adminWrite<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  write: (db: Database, input: z.output<S>, actor: Actor, studio: Studio) => Promise<unknown>,
) {
  return (form: FormData, perform: Perform) => {
    const submission = submissionOf(form, schema);
    return handleSubmission(submission, (input) =>
      perform((db, actor, studio) => write(db, input, actor, studio)),
    );
  };
}

const Id = z.object({ id: z.string({ error: "The item to change is missing." }) });

const ADMIN_WRITES = {
  "mark-read": adminWrite(Id, (db, { id }, actor) => markMessageRead(db, id, actor)),
  "news-create": adminWrite(NewsSchema, addNews),
  "news-update": adminWrite(
    NewsSchema.safeExtend(Id.shape),
    (db, { id, ...input }, actor, studio) => updateNews(db, id, input, actor, studio),
  ),
  "news-delete": adminWrite(Id, (db, { id }, actor) => deleteNews(db, id, actor)),
  "game-create": adminWrite(GameSchema, addGame),
  "game-update": adminWrite(GameSchema.extend(Id.shape), (db, { id, ...input }, actor) =>
    updateGame(db, id, input, actor),
  ),
  "game-delete": adminWrite(Id, (db, { id }, actor) => deleteGame(db, id, actor)),
  "games-reorder": adminWrite(ReorderSchema, (db, { ids }, actor) => reorderGames(db, ids, actor)),
} satisfies Record<AdminIntent, unknown>;

/** A refusal before any form is parsed (an unknown intent, a role without the permission). */
function refuse(form: FormData, error: AppError) {
  return formErrorReply((options) => replyTo(submissionOf(form, z.object({})), options), error);
}

/**
 * A tab's action: staff only (others are sent to /auth), a role with the tab's permission (else
 * 403), and one of the tab's own intents (else 400), then the write.
 */
export async function runAdminAction(request: Request, context: AppContext, tab: AdminTab) {
  const user = await requireStaff(request, context);
  const form = await readForm(request);
  if (!can(user.role, tabPermission(tab))) {
    return refuse(form, new AppError("forbidden", "Your role does not allow this."));
  }
  const intent = parseIntent(AdminIntentSchema, form);
  if (intent === null || ADMIN_INTENTS[intent] !== tab) {
    return refuse(form, new AppError("invalid", UNKNOWN_INTENT));
  }
  const { db, logger } = context.get(runtimeContext);
  const actor = { id: user.id, email: user.email };
  return ADMIN_WRITES[intent](form, async (run) => {
    try {
      // Failure-path tests make the server fail here, once for every intent: after the checks and
      // the parse, before the write.
      failIfInjected(request, context, intent);
      await run(db, actor, { timeZone: context.get(runtimeContext).env.STUDIO_TIME_ZONE });
    } catch (error) {
      if (isAppError(error)) throw error;
      logger.error({ err: error, intent }, "admin action failed");
      throw new AppError("internal", SERVER_FAILURE);
    }
  });
}
