import {
  PhoneCodeSchema,
  PhoneEnrolSchema,
  PhoneResendSchema,
  RemovePhoneSchema,
} from "~/accounts";
import {
  authContext,
  challengePhone,
  listFactors,
  phoneDeps,
  removePhone,
  startPhoneEnrolment,
  verifyPhoneCode,
} from "~/accounts/index.server";
import { AppError } from "~/platform/errors/app-error";
import { handleSubmissionWith } from "~/platform/forms/reply-with.server";
import { handleSubmission, submissionOf } from "~/platform/forms/submission.server";
import { requestContext, runtimeContext } from "~/platform/server/context.server";
import type { ProfileHandler, ProfileStep } from "./profile-step.server";
import { confirmRecently } from "./security-forms.server";

// The Security section's phone (docs/accounts-and-security.md#phone): adding a number (its code by
// text message finishes it), asking for another code, and removing it. Each acts on the signed-in
// user only.

/** The address Express resolved (TRUST_PROXY aware), as every per-address limit counts it. */
const ipOf = (step: ProfileStep) => step.context.get(requestContext).clientIp;

export const PHONE_FORMS = {
  "add-phone": (step: ProfileStep) =>
    handleSubmissionWith(submissionOf(step.form, PhoneEnrolSchema), async (input) => {
      await confirmRecently(step, input.password);
      return startPhoneEnrolment(
        await phoneDeps(step.context),
        step.user,
        { name: input.name, phone: input.phone },
        ipOf(step),
      );
    }),
  "resend-phone-code": (step: ProfileStep) =>
    handleSubmissionWith(submissionOf(step.form, PhoneResendSchema), async ({ factorId }) =>
      challengePhone(await phoneDeps(step.context), step.user, factorId, ipOf(step)),
    ),
  "confirm-phone": (step: ProfileStep) =>
    handleSubmissionWith(submissionOf(step.form, PhoneCodeSchema), async (input) => {
      const verified = await verifyPhoneCode(await phoneDeps(step.context), step.user, input);
      if (verified.backupCodes) {
        // Shown once: the page keeps them until the person has saved them.
        return { kind: "phone-enrolled" as const, backupCodes: verified.backupCodes };
      }
      throw await step.done("Phone added", "You can now sign in with a code sent to it.");
    }),
  "remove-phone": (step: ProfileStep) =>
    handleSubmission(submissionOf(step.form, RemovePhoneSchema), async (input) => {
      const { db } = step.context.get(runtimeContext);
      const factors = await listFactors(db, step.user.id);
      const phone = factors.find((f) => f.id === input.factorId && f.type === "phone");
      if (!phone) throw new AppError("not_found", "That phone could not be found.");
      // The last factor of an account goes only with its password (the spec's rule).
      const othersLeft = factors.some((f) => f.id !== phone.id && f.status === "verified");
      if (phone.status === "verified" && !othersLeft) {
        const sentence = "Enter your password to remove your last sign-in factor.";
        if (!input.password)
          throw new AppError("invalid", sentence, { fields: { password: sentence } });
        const check = await step.context
          .get(authContext)
          .api.verifyPassword({ body: { password: input.password }, headers: step.request.headers })
          .catch(() => ({ status: false }));
        if (!check.status) {
          throw new AppError("invalid", "Invalid password", {
            fields: { password: "Invalid password" },
          });
        }
      }
      if (!(await removePhone(db, step.user.id, phone.id))) {
        throw new AppError("not_found", "That phone could not be found.");
      }
      throw await step.done("Phone removed");
    }),
} satisfies Record<string, ProfileHandler>;
