import { data } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { isAppError } from "~/platform/errors/app-error";
import { parseIntent, UNKNOWN_INTENT } from "~/platform/forms/intent";
import {
  handleSubmission,
  submissionOf,
  unreadableReply,
} from "~/platform/forms/submission.server";
import { z } from "~/platform/forms/zod";
import { type AppContext, requestContext, runtimeContext } from "~/platform/server/context.server";
import { requestSubscription, screenSubscription } from "./newsletter.server";
import { eraseSubscriber, loadPreferences, saveLists } from "./preferences.server";
import { CHECK_INBOX, INVALID_LINK, NEWSLETTER_HONEYPOT } from "./subscribe-limits";
import { PreferencesSchema, SubscribeSchema } from "./subscribe-schema";
import { undoUnsubscribe, unsubscribe, unsubscribeWithUndo } from "./unsubscribe.server";

// The newsletter's resource routes, answered here so that the routes stay thin.

/** POST /newsletter/subscribe: the same answer for a known address as for a new one. */
export async function answerSubscribe(request: Request, context: AppContext) {
  const runtime = context.get(runtimeContext);
  const { clientIp } = context.get(requestContext);
  const { db, limits, logger, env, mailer } = runtime;
  const form = await request.formData().catch(() => null);
  if (!form) return unreadableReply();
  const submission = submissionOf(form, SubscribeSchema);
  const user = await getSessionUser(request, context);
  return handleSubmission(
    submission,
    async (input) => {
      await requestSubscription(
        db,
        mailer,
        { secret: env.AUTH_SECRET, siteUrl: env.SITE_URL },
        input,
        { limits, userId: user?.id ?? null, clientIp },
      );
      return { resetForm: true };
    },
    {
      before: () => screenSubscription(form.get(NEWSLETTER_HONEYPOT), { clientIp, limits }),
      unexpected: {
        message: "An unexpected error occurred. Please try again.",
        report: (error) => logger.error({ err: error }, "newsletter subscription not stored"),
      },
    },
  );
}

export { CHECK_INBOX };

/** POST /newsletter/unsubscribe?token=…: RFC 8058 one-click, no session; 400 for a bad token. */
export async function answerOneClick(request: Request, context: AppContext) {
  const { db, env } = context.get(runtimeContext);
  const token = new URL(request.url).searchParams.get("token");
  const done = await unsubscribe(db, env.AUTH_SECRET, token);
  if (!done) return data({ ok: false, error: "Invalid or expired link" }, { status: 400 });
  return data({ ok: true }, { status: 200 });
}

const UnsubscribeIntent = z.enum(["unsubscribe", "undo"]);

/**
 * POST /newsletter/unsubscribe?token=…: the page's "Unsubscribe" or "Undo" (a form with an
 * intent, behind the site's cross-site check like every form), else RFC 8058's one-click POST.
 */
export async function answerUnsubscribe(request: Request, context: AppContext) {
  const { db, env } = context.get(runtimeContext);
  const token = new URL(request.url).searchParams.get("token");
  const form = await request.formData().catch(() => null);
  if (!form?.has("intent")) return answerOneClick(request, context);
  const intent = parseIntent(UnsubscribeIntent, form);
  if (!intent) return data({ kind: "refused" as const, error: UNKNOWN_INTENT }, { status: 400 });
  if (intent === "unsubscribe") {
    const done = await unsubscribeWithUndo(db, env.AUTH_SECRET, token);
    if (!done) return data({ kind: "refused" as const, error: INVALID_LINK }, { status: 400 });
    return data({ kind: "unsubscribed" as const, undo: done.undo });
  }
  try {
    await undoUnsubscribe(db, env.AUTH_SECRET, token, form.get("undo"));
  } catch (error) {
    if (isAppError(error))
      return data({ kind: "refused" as const, error: error.message }, { status: 400 });
    throw error;
  }
  return data({ kind: "restored" as const });
}

/** The preferences page's write: refused (400) for a bad token or bad values, nothing changed. */
export async function answerPreferences(request: Request, context: AppContext) {
  const { db, env } = context.get(runtimeContext);
  const token = new URL(request.url).searchParams.get("token");
  const found = await loadPreferences(db, env.AUTH_SECRET, token);
  if (!found) return data({ error: "Invalid or expired link", done: null }, { status: 400 });
  const form = await request.formData().catch(() => null);
  const parsed = PreferencesSchema.safeParse({
    intent: form?.get("intent") ?? undefined,
    lists: form?.getAll("lists").length ? form.getAll("lists") : undefined,
  });
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]!.message, done: null }, { status: 400 });
  }
  const { intent, lists } = parsed.data;
  if (intent === "erase") {
    await eraseSubscriber(db, found.subscriberId);
    return data({ error: null, done: "erased" as const });
  }
  try {
    await saveLists(db, found.subscriberId, intent === "unsubscribe" ? [] : lists);
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message, done: null }, { status: 400 });
    throw error;
  }
  const done = intent === "unsubscribe" || lists.length === 0 ? "unsubscribed" : "saved";
  return data({ error: null, done });
}
