import { handleSubmission, submissionOf } from "~/platform/forms/submission.server";
import { runtimeContext } from "~/platform/server/context.server";
import { SaveThemeSchema, SettingsSchema } from "./profile-schema";
import { type ProfileHandler, type ProfileStep, storeOr500 } from "./profile-step.server";
import { savePreferences, saveThemePreference } from "./profiles.server";

// The Settings tab's writes (docs/product.md#profile): the preferences form, and the theme
// switcher's save to the account.

export const SETTINGS_TAB_FORMS = {
  settings: ({ context, user, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, SettingsSchema), async (input) => {
      await storeOr500(context.get(runtimeContext).logger, "Failed to update settings", () =>
        savePreferences(context.get(runtimeContext).db, user.id, input),
      );
      throw await done(
        "Settings updated successfully",
        undefined,
        undefined,
        "/profile?tab=settings",
      );
    }),
  "save-theme": ({ context, user, form }: ProfileStep) =>
    handleSubmission(submissionOf(form, SaveThemeSchema), async ({ theme }) => {
      await saveThemePreference(context.get(runtimeContext).db, user.id, theme);
    }),
} satisfies Record<string, ProfileHandler>;
