import { data } from "react-router";
import {
  authContext,
  configuredProviders,
  createVerifiedUser,
  forwardToAuth,
  getSessionUser,
} from "~/accounts/index.server";
import { AppError } from "~/platform/errors/app-error";
import { requireIntent } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { handleSubmission, submissionOf } from "~/platform/forms/submission.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { requestTime } from "~/platform/server/faults.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { ROLE_LABELS } from "~/roles";
import { findUserIdByEmail } from "~/roles/index.server";
import {
  acceptAsAccount,
  acceptWithNewAccount,
  findInvitationByToken,
  requireUsableInvitation,
} from "./invitation-claims.server";
import type { InvitationOffer, InvitationPage } from "./invitation-page";
import { INVITATION_REFUSALS, type InvitableRole } from "./invitation-rules";
import {
  AcceptIntentSchema,
  AcceptInvitationSchema,
  CreateInvitedAccountSchema,
} from "./invitation-schema";
import { INVITATION_PATH } from "./invitation-tokens.server";

// The page an invitation's link opens (docs/product.md#staff-invitations). A usable link offers, by
// who opens it: a new account for the invited address (signed out, no account yet), signing in
// (signed out, the address has an account), accepting (signed in as the address), or signing out
// (signed in as someone else). A refused link says why in one sentence and offers nothing.

export async function loadInvitationPage(request: Request, context: AppContext) {
  const { db } = context.get(runtimeContext);
  const token = new URL(request.url).searchParams.get("token");
  const invitation = await findInvitationByToken(db, token, requestTime(request, context));
  if (!invitation || !token) {
    return data<InvitationPage>({ state: "refused", message: INVITATION_REFUSALS.unknown }, 404);
  }
  if (invitation.state !== "usable") {
    const message = INVITATION_REFUSALS[invitation.state];
    return data<InvitationPage>({ state: "refused", message }, 410);
  }
  const offer: InvitationOffer = {
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    token,
    inviter: invitation.inviter?.email ?? null,
  };
  const viewer = await getSessionUser(request, context);
  let page: InvitationPage;
  if (viewer && viewer.email.toLowerCase() === invitation.email) {
    page = { state: "accept", ...offer };
  } else if (viewer) {
    page = { state: "other-account", signedInAs: viewer.email, ...offer };
  } else if (await findUserIdByEmail(db, invitation.email)) {
    const back = `${INVITATION_PATH}?token=${token}`;
    page = {
      state: "sign-in",
      signInHref: `/auth?redirectTo=${encodeURIComponent(back)}`,
      ...offer,
    };
  } else {
    page = {
      state: "sign-up",
      providers: configuredProviders(context.get(runtimeContext).env),
      ...offer,
    };
  }
  return data(page);
}

const joined = (role: InvitableRole) => `You joined the staff as ${ROLE_LABELS[role]}.`;

/** The page's two forms: create the invited account, or accept as the signed-in account. */
export async function answerInvitationAcceptance(request: Request, context: AppContext) {
  const runtime = context.get(runtimeContext);
  const { db } = runtime;
  const form = await readForm(request);
  const intent = requireIntent(AcceptIntentSchema, form);
  const now = requestTime(request, context);
  const viewer = await getSessionUser(request, context);
  const welcome = (role: InvitableRole, headers?: Headers) =>
    redirectWithToast(
      "/admin",
      { type: "success", title: "Invitation accepted", description: joined(role) },
      runtime.env.AUTH_SECRET,
      { headers },
    );

  if (intent === "accept") {
    return handleSubmission(submissionOf(form, AcceptInvitationSchema), async ({ token }) => {
      const invitation = await requireUsableInvitation(db, token, now);
      if (!viewer) {
        throw new AppError("unauthenticated", `Sign in as ${invitation.email} to accept.`);
      }
      await acceptAsAccount(db, { invitation, user: viewer, now });
      throw await welcome(invitation.role);
    });
  }
  return handleSubmission(
    submissionOf(form, CreateInvitedAccountSchema),
    async ({ token, password }) => {
      const invitation = await requireUsableInvitation(db, token, now);
      if (viewer) {
        throw new AppError("conflict", "You are signed in. Sign out to create a new account.");
      }
      if (await findUserIdByEmail(db, invitation.email)) {
        throw new AppError(
          "conflict",
          "An account with this address already exists. Sign in to accept the invitation.",
        );
      }
      const auth = context.get(authContext);
      await acceptWithNewAccount(db, {
        invitation,
        now,
        create: (email, role, inviter) =>
          createVerifiedUser(auth, db, { email, password, role, assignedBy: inviter }),
      });
      // The person who just chose the password is signed in with it, as the owner's set-up does.
      const answer = await forwardToAuth(request, context, "/sign-in/email", {
        email: invitation.email,
        password,
        rememberMe: true,
      });
      if (!answer.ok) {
        throw await redirectWithToast(
          "/auth",
          { type: "success", title: "Account created", description: "Sign in to continue." },
          runtime.env.AUTH_SECRET,
        );
      }
      throw await welcome(invitation.role, answer.cookies);
    },
  );
}
