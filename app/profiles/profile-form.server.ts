import { handleSubmission, submissionOf } from "~/platform/forms/submission.server";
import { runtimeContext } from "~/platform/server/context.server";
import { ProfileSchema } from "./profile-schema";
import { type ProfileHandler, type ProfileStep, storeOr500 } from "./profile-step.server";
import { updateProfile } from "./profiles.server";

// The Profile tab's write (docs/product.md#profile): display name and bio. The avatar has its own
// route (routes/profile-avatar.ts).

export const PROFILE_TAB_FORMS = {
  profile: ({ context, user, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, ProfileSchema), async (input) => {
      await storeOr500(context.get(runtimeContext).logger, "Failed to update profile", () =>
        updateProfile(context.get(runtimeContext).db, user.id, input),
      );
      throw await done("Profile updated successfully");
    }),
} satisfies Record<string, ProfileHandler>;
