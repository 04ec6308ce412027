import type { Mailer, MailIdentity } from "~/platform/mail/mailer.server";
import { ROLE_LABELS } from "~/roles";
import type { InvitableRole } from "./invitation-rules";
import { invitationLink } from "./invitation-tokens.server";

// The invitation mail: who invites, to which role, the link and until when it works.

export async function mailInvitation(
  mailer: Mailer,
  siteUrl: string,
  mail: { to: string; role: InvitableRole; token: string; expiresAt: Date; invitedBy: string },
  /** The sender, read before the invitation's transaction began (it is sent inside it). */
  sender: MailIdentity,
) {
  const role = ROLE_LABELS[mail.role];
  const { studioName } = sender;
  await mailer.send({
    sender,
    to: mail.to,
    // A question about the invitation goes to the person who sent it.
    replyTo: mail.invitedBy,
    subject: `You are invited to join ${studioName} as ${role}`,
    text:
      `${mail.invitedBy} invites you to join the ${studioName} staff as ${role}.\n\n` +
      `Open this link to accept. With no account for this address yet, it creates one:\n` +
      `${invitationLink(siteUrl, mail.token)}\n\n` +
      `The link works once, until ${mail.expiresAt.toUTCString()}.\n` +
      `If you did not expect this invitation, ignore this mail: nothing happens without the link.\n`,
  });
}
