import { AppError } from "~/platform/errors/app-error";
import { parseIntent, requireIntent } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { handleSubmission, submissionOf } from "~/platform/forms/submission.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { requestTime } from "~/platform/server/faults.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { can, type Role } from "~/roles";
import { mailInvitation } from "./invitation-mail.server";
import {
  InvitationIntentSchema,
  InvitationTargetSchema,
  InviteStaffSchema,
} from "./invitation-schema";
import {
  type Actor,
  createInvitation,
  listOpenInvitations,
  resendInvitation,
  revokeInvitation,
  type SendLink,
} from "./invitations.server";

// Role Management's invitation forms (docs/product.md#staff-invitations): invite, resend, revoke.
// Only `canManageRoles` may use them, judged here whatever the route checked first.

/** Whether a Role Management post is one of the invitation forms (read from a copy of the body). */
export async function isInvitationPost(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form !== null && parseIntent(InvitationIntentSchema, form) !== null;
}

/** The open invitations Role Management lists; a failed read lists none and says so. */
export async function loadInvitations(request: Request, context: AppContext) {
  const { db, logger } = context.get(runtimeContext);
  try {
    return {
      invitations: await listOpenInvitations(db, requestTime(request, context)),
      failed: false,
    };
  } catch (error) {
    logger.error({ err: error }, "invitation list failed");
    return { invitations: [], failed: true };
  }
}

const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n === 1 ? "" : "s"}`;
};

export async function answerInvitationForm(
  request: Request,
  context: AppContext,
  actor: Actor & { role: Role },
) {
  const runtime = context.get(runtimeContext);
  const form = await readForm(request);
  const intent = requireIntent(InvitationIntentSchema, form);
  const now = requestTime(request, context);
  const by = { id: actor.id, email: actor.email };
  const before = async () => {
    if (!can(actor.role, "canManageRoles")) {
      throw new AppError("forbidden", "Only owners can access role management");
    }
    if (intent === "revoke") return;
    const verdict = await runtime.limits.staffInvitations.consume(actor.id);
    if (!verdict.allowed) {
      throw new AppError(
        "too_many",
        `Too many invitations sent. Try again in ${minutes(verdict.retryAfterSeconds)}.`,
        { retryAfterSeconds: verdict.retryAfterSeconds },
      );
    }
  };
  // Read now: the mail is sent inside the invitation's transaction, where the embedded database's
  // one connection is taken and the settings could not be read.
  const sender = await runtime.mailer.identity();
  const send: SendLink = async (mail) => {
    try {
      await mailInvitation(
        runtime.mailer,
        runtime.env.SITE_URL,
        { ...mail, invitedBy: actor.email },
        sender,
      );
    } catch (error) {
      runtime.logger.error({ err: error }, "invitation mail not sent");
      throw new AppError(
        "unavailable",
        "The invitation mail could not be sent. Nothing was changed; try again.",
      );
    }
  };
  const done = async (title: string, description: string) => {
    throw await redirectWithToast(
      "/role-management",
      { type: "success", title, description },
      runtime.env.AUTH_SECRET,
    );
  };
  const unexpected = {
    message: "Failed to update the invitation. Please try again.",
    report: (error: unknown) => runtime.logger.error({ err: error }, "invitation write failed"),
  };
  if (intent === "invite") {
    return handleSubmission(
      submissionOf(form, InviteStaffSchema),
      async (input) => {
        await createInvitation(runtime.db, { ...input, by, send, now });
        await done("Invitation sent", `${input.email} has 7 days to accept.`);
      },
      { before, unexpected },
    );
  }
  return handleSubmission(
    submissionOf(form, InvitationTargetSchema),
    async ({ invitationId }) => {
      if (intent === "resend") {
        const { email } = await resendInvitation(runtime.db, { id: invitationId, by, send, now });
        await done("Invitation sent again", `The earlier link to ${email} no longer works.`);
      }
      const { email } = await revokeInvitation(runtime.db, { id: invitationId, by, now });
      await done("Invitation revoked", `The link sent to ${email} no longer works.`);
    },
    { before, unexpected },
  );
}
