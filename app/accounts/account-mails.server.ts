import type { Mailer } from "~/platform/mail/mailer.server";

// The mails of the sign-up and password flows, in the studio's name as its settings say when each
// mail is sent (docs/product.md#site-settings).

export function accountMails(mailer: Mailer, siteUrl: string) {
  const send = async (to: string, words: (studio: string) => { subject: string; text: string }) => {
    const { studioName } = await mailer.identity();
    await mailer.send({ to, ...words(studioName) });
  };
  return {
    /** Signing up with a registered address: the owner is told. */
    existingSignUp: (to: string) =>
      send(to, (studio) => ({
        subject: `Someone tried to sign up with your ${studio} address`,
        text: `Someone tried to create a ${studio} account with this e-mail address, which already has one.\n\nIf it was you, sign in instead, or reset your password here:\n${siteUrl}/auth/forgot-password\n`,
      })),
    resetPassword: (to: string, url: string) =>
      send(to, (studio) => ({
        subject: `Reset your ${studio} password`,
        text: `Someone asked to reset the password of your ${studio} account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
      })),
    confirmAddress: (to: string, url: string) =>
      send(to, (studio) => ({
        subject: `Confirm your ${studio} account`,
        text: `Welcome to ${studio}!\n\nConfirm your e-mail address to finish creating your account:\n${url}\n\nThe link works for 24 hours. If you did not sign up, ignore this mail.\n`,
      })),
  };
}
