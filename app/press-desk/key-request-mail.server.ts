import type { Database } from "~/db/database.server";
import { isMailboxAddress, quotedWords } from "~/platform/forms/text-rules";
import type { RateLimits } from "~/platform/limits/rate-limit.server";
import { mailboxOf } from "~/platform/mail/mailbox";
import type { Mailer } from "~/platform/mail/mailer.server";
import { staffToNotify } from "~/roles/index.server";
import { domainsMatch } from "./domain-match";
import type { KeyRequestInput } from "./key-request-schema";

// The two mails of a new key request (docs/product.md#key-desk): the studio is told (the press
// address, else the staff who may answer requests), and the requester gets a receipt saying what
// happens next. Both go after the request is stored; a failed mail never undoes it.

type Deps = {
  db: Database;
  mailer: Mailer;
  limits: Pick<RateLimits, "keyRequestReceipts">;
  siteUrl: string;
};

/** Who hears of a new request: the press address (else the general one), else the staff. */
export async function keyRequestRecipients(db: Database, pressAddress: string | undefined) {
  if (pressAddress && isMailboxAddress(pressAddress)) return [pressAddress];
  return staffToNotify(db, "canManagePress");
}

/** The studio's mail: every field, and "Reply" answers the requester. */
function studioMail(request: KeyRequestInput, game: string, siteUrl: string) {
  const lines = [
    `${request.name} <${request.email}> asks for a ${request.platform} key of ${game}.`,
    "",
    `Outlet: ${request.outlet}`,
    `Outlet URL: ${request.outletUrl}`,
    `Audience or channel: ${request.audience}`,
    `Platform: ${request.platform}`,
    `E-mail: ${request.email}`,
    ...(domainsMatch(request.email, request.outletUrl)
      ? []
      : ["Domain mismatch: the e-mail address is not at the outlet's domain."]),
    ...(request.message ? ["", "Message:", request.message] : []),
    "",
    "Send a key or decline on the key desk:",
    `${siteUrl}/admin/keys`,
    "",
  ];
  return { subject: `Key request: ${game} (${request.platform})`, text: lines.join("\n") };
}

/**
 * The requester's receipt. It goes to whatever address was typed, so what they wrote is quoted as
 * their words and it carries no link of theirs.
 */
function receipt(request: KeyRequestInput, game: string, studio: string) {
  return {
    subject: `We received your key request for ${game}`,
    text: [
      `Hello ${quotedWords(request.name)},`,
      "",
      `Thank you for asking for a ${quotedWords(request.platform)} key of ${game} for ${quotedWords(request.outlet)}. Your request is with our press team.`,
      "",
      "What happens next: we read every request and answer each one by e-mail to this address. If we can send a key, it arrives in a separate mail with the embargo that applies, if any; if we cannot, we tell you so.",
      "",
      "If you did not ask for a key, ignore this mail.",
      "",
      `— ${studio}`,
    ].join("\n"),
  };
}

/** Sends both mails of a stored request; rejects when a mail fails (the caller logs it). */
export async function mailKeyRequest(
  deps: Deps,
  request: KeyRequestInput,
  game: { title: string },
): Promise<void> {
  const sender = await deps.mailer.identity();
  const recipients = await keyRequestRecipients(deps.db, sender.pressAddress);
  const told = studioMail(request, game.title, deps.siteUrl);
  const mails = recipients.map((to) =>
    deps.mailer.send({ to, sender, replyTo: request.email, ...told }),
  );
  // One inbox gets a few receipts an hour, however many addresses post for it.
  if (isMailboxAddress(request.email)) {
    const allowed = await deps.limits.keyRequestReceipts.consume(
      `key-receipt:${mailboxOf(request.email)}`,
    );
    if (allowed.allowed) {
      mails.push(
        deps.mailer.send({
          to: request.email,
          sender,
          replyTo: sender.pressAddress,
          ...receipt(request, game.title, sender.studioName),
        }),
      );
    }
  }
  await Promise.all(mails);
}
