import { asc } from "drizzle-orm";
import { data } from "react-router";
import { games } from "~/db/schema";
import { AppError } from "~/platform/errors/app-error";
import { requireIntent } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { handleSubmissionWith } from "~/platform/forms/reply-with.server";
import { submissionOf } from "~/platform/forms/submission.server";
import { z } from "~/platform/forms/zod";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { can, type Role } from "~/roles";
import { AnnouncementIntentSchema, HookSchema } from "./hook-schema";
import { deleteHook, getHook, listDeliveries, listHooks, saveHook } from "./hooks.server";
import { testHook } from "./remote.server";

// The Announcements tab at /admin/announcements (docs/product.md#announcements): its data and its
// three forms. canManageAnnouncements (admins and above) is checked here, on the server, whatever
// the route or the page did.

export type AnnouncementsUser = { id: string; email: string; role: Role };

/** What the tab shows after a write: a new webhook's secret (once), or a test's outcome. */
export type AnnouncementsResult = { secret?: string; message?: string };

export const REFUSED = "Only admins and above can manage announcements.";

export async function loadAnnouncements(context: AppContext) {
  const { db } = context.get(runtimeContext);
  const [hooks, deliveries, gameRows] = await Promise.all([
    listHooks(db),
    listDeliveries(db),
    db.select({ id: games.id, title: games.title }).from(games).orderBy(asc(games.displayOrder)),
  ]);
  return { hooks, deliveries, games: gameRows };
}

const HookIdSchema = z.object({
  hookId: z.string().trim().min(1, "Choose a hook").max(40, "Choose a hook"),
});

export async function runAnnouncementsAction(
  request: Request,
  context: AppContext,
  user: AnnouncementsUser,
) {
  const runtime = context.get(runtimeContext);
  const { db, env } = runtime;
  if (!can(user.role, "canManageAnnouncements"))
    return data({ status: "error" as const, error: { "": [REFUSED] } }, { status: 403 });
  const form = await readForm(request);
  const intent = requireIntent(AnnouncementIntentSchema, form);
  const unexpected = {
    message: "The server could not save the change.",
    report: (error: unknown) => runtime.logger.error({ err: error }, "announcements action failed"),
  };
  switch (intent) {
    case "hook-save":
      return handleSubmissionWith(
        submissionOf(form, HookSchema),
        async (input): Promise<AnnouncementsResult> => {
          const saved = await saveHook(db, env, input, { id: user.id, email: user.email });
          return saved.secret
            ? { secret: saved.secret, message: "Hook added. Copy its signing secret now." }
            : { message: input.hookId ? "Hook saved." : "Hook added." };
        },
        { unexpected },
      );
    case "hook-delete":
      return handleSubmissionWith(
        submissionOf(form, HookIdSchema),
        async ({ hookId }): Promise<AnnouncementsResult> => {
          await deleteHook(db, hookId, { id: user.id, email: user.email });
          return { message: "Hook deleted." };
        },
        { unexpected },
      );
    case "hook-test":
      return handleSubmissionWith(
        submissionOf(form, HookIdSchema),
        async ({ hookId }): Promise<AnnouncementsResult> => {
          const hook = await getHook(db, hookId);
          const outcome = await testHook(runtime, hook);
          if (outcome.kind !== "ok")
            throw new AppError(
              "unprocessable",
              `The test was not accepted (${outcome.status ?? "no answer"}): see the delivery log.`,
            );
          return { message: `Test sent (${outcome.status}).` };
        },
        { unexpected },
      );
  }
}
