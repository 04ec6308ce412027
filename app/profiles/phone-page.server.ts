import { PHONE_CODE_MINUTES, PHONE_RESEND_SECONDS, type PhoneChallenge } from "~/accounts";
import {
  type listFactorsAndPhone,
  maskPhone,
  phoneDeps,
  phonesOffered,
} from "~/accounts/index.server";
import { clockNow } from "~/platform/clock/clock.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";

// What the Security section shows of the phone (docs/accounts-and-security.md#phone): whether one
// may be added here, and the code a phone being added waits for, so that a reload (or a page
// without JavaScript) can still finish it.

export type PhonesView = {
  /** A provider is configured and the owner allows at least one country. */
  offered: boolean;
  /** The live code of a phone not yet added; null when none waits (or it expired or was spent). */
  waiting: PhoneChallenge | null;
};

type PhoneRow = Awaited<ReturnType<typeof listFactorsAndPhone>>["phone"];

/** The phone part of the page, from the phone's row the page's read of the factors brought. */
export async function loadPhones(
  context: AppContext,
  phoneRow: Promise<PhoneRow>,
): Promise<PhonesView> {
  const { logger } = context.get(runtimeContext);
  const [offered, factor] = await Promise.all([
    phoneDeps(context)
      .then(phonesOffered)
      .catch((error) => {
        // Not offered is the safe reading: the rest of the page still loads.
        logger.error({ err: error }, "profile: whether phones are offered");
        return false;
      }),
    phoneRow,
  ]);
  const now = clockNow().getTime();
  const expires = factor?.codeExpiresAt?.getTime();
  if (!factor || factor.verifiedAt || !factor.challengeId || !expires || expires <= now) {
    return { offered, waiting: null };
  }
  // The code was made PHONE_CODE_MINUTES before it expires; a new one may follow 30 s after it.
  const sentAt = expires - PHONE_CODE_MINUTES * 60_000;
  return {
    offered,
    waiting: {
      kind: "phone-challenge",
      factorId: factor.id,
      challengeId: factor.challengeId,
      masked: maskPhone(factor.phone),
      expiresAt: new Date(expires).toISOString(),
      resendAt: new Date(sentAt + PHONE_RESEND_SECONDS * 1000).toISOString(),
    },
  };
}
