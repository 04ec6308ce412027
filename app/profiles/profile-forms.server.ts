import { getSessionUser } from "~/accounts/index.server";
import { requireIntent } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { PHONE_FORMS } from "./phone-forms.server";
import { PROFILE_TAB_FORMS } from "./profile-form.server";
import { type ProfileIntent, ProfileIntentSchema } from "./profile-schema";
import type { ProfileHandler } from "./profile-step.server";
import { SECURITY_FORMS } from "./security-forms.server";
import { SETTINGS_TAB_FORMS } from "./settings-form.server";

// The /profile writes (docs/product.md#profile), one table per screen. Each answers with the form
// contract's reply (a refusal is an AppError on the form that sent it) or, once it succeeds, a
// redirect back with a toast.

const PROFILE_FORMS = {
  ...PROFILE_TAB_FORMS,
  ...SETTINGS_TAB_FORMS,
  ...SECURITY_FORMS,
  ...PHONE_FORMS,
} satisfies Record<ProfileIntent, ProfileHandler>;

/** The /profile action: a signed-out visitor is sent to sign in and brought back. */
export async function answerProfileForm({
  request,
  context,
}: {
  request: Request;
  context: AppContext;
}) {
  const { env } = context.get(runtimeContext);
  const user = await getSessionUser(request, context);
  if (!user) {
    return redirectWithToast(
      "/auth?redirectTo=/profile",
      { type: "info", title: "Please sign in to continue." },
      env.AUTH_SECRET,
    );
  }
  const form = await readForm(request);
  const intent = requireIntent(ProfileIntentSchema, form);
  const handle: ProfileHandler = PROFILE_FORMS[intent];
  return handle({
    request,
    context,
    user,
    form,
    done: (title, description, headers, to = "/profile") =>
      redirectWithToast(to, { type: "success", title, description }, env.AUTH_SECRET, { headers }),
  });
}
