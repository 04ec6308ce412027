import { CHECK_INBOX } from "~/newsletter";
import {
  type NewsletterSave,
  newsletterAccount,
  saveAccountNewsletter,
} from "~/newsletter/index.server";
import { handleSubmission, submissionOf } from "~/platform/forms/submission.server";
import { runtimeContext } from "~/platform/server/context.server";
import { SaveThemeSchema, SettingsSchema } from "./profile-schema";
import { type ProfileHandler, type ProfileStep, storeOr500 } from "./profile-step.server";
import { savePreferences, saveThemePreference } from "./profiles.server";

// The Settings tab's writes (docs/product.md#profile): the preferences form, whose 'Email
// Notifications' switch and games' lists are the account's newsletter subscription, and the theme
// switcher's save to the account.

export const SETTINGS_TAB_FORMS = {
  settings: ({ context, user, form, done }: ProfileStep) =>
    handleSubmission(
      submissionOf(form, SettingsSchema),
      async ({ gameLists, newsletterShown, ...settings }) => {
        const { db, env, limits, logger, mailer } = context.get(runtimeContext);
        let newsletter = "unchanged" as NewsletterSave;
        await storeOr500(logger, "Failed to update settings", async () => {
          const account = await newsletterAccount(db, user.id);
          // The lists first: an unknown game refuses the form (400) before anything is saved.
          if (account && newsletterShown) {
            newsletter = await saveAccountNewsletter(
              db,
              mailer,
              { secret: env.AUTH_SECRET, siteUrl: env.SITE_URL },
              account,
              { studio: settings.emailNotifications, games: gameLists },
              { limits },
            );
          }
          await savePreferences(db, user.id, settings);
        });
        throw await done(
          "Settings updated successfully",
          newsletter === "check-inbox" ? `${CHECK_INBOX} your subscription.` : undefined,
          undefined,
          "/profile?tab=settings",
        );
      },
    ),
  "save-theme": ({ context, user, form }: ProfileStep) =>
    handleSubmission(submissionOf(form, SaveThemeSchema), async ({ theme }) => {
      await saveThemePreference(context.get(runtimeContext).db, user.id, theme);
    }),
} satisfies Record<string, ProfileHandler>;
