import type { Mail } from "~/platform/mail/mailer.server";
import { siteHost } from "~/platform/mail/mailer.server";
import { FONT, MUTED, mailBody, mailImageSrc, plainText, TEXT } from "./mail-body.server";
import { listUnsubscribeHeaders, type NewsletterKeys, preferencesLink } from "./newsletter.server";

// The mail of a news post (docs/product.md#newsletter-sending): made once per send from the same
// Markdown as the article (the site's renderer, then mail styles inlined: a table layout, no
// <style>, no script, every link and image absolute), then per recipient only the footer links and
// the headers change (List-Unsubscribe with a signed token, List-Id, the delivery's Message-ID).

/** The studio as the mail shows it (the site settings). */
export type MailStudio = {
  name: string;
  /** Absolute address of the logo, or null: the name alone. */
  logoUrl: string | null;
  /** The accent colour (#rrggbb). */
  accent: string;
  /** The studio's postal address, one line per "\n" ("" while none is set): in every footer. */
  postalAddress: string;
};

/** A post made into mail parts, the same for every recipient. */
export type PreparedPost = {
  subject: string;
  /** The article's body with mail styles, links and images absolute. */
  bodyHtml: string;
  bodyText: string;
  title: string;
  url: string;
  cover: { src: string; alt: string } | null;
  studio: MailStudio;
  siteUrl: string;
};

/** One recipient's list: its slug names the List-Id (`<slug.site-host>`), its name the footer. */
export type MailList = { slug: string; name: string };

export const DEFAULT_ACCENT = "#5b3fd1";

const esc = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** The stable Message-ID of one delivery: the same every time this delivery is sent. */
export function deliveryMessageId(deliveryKey: string, siteUrl: string): string {
  return `<nl.${deliveryKey}@${siteHost(siteUrl)}>`;
}

/** The parts of a post's mail that are the same for every recipient. */
export function preparePost(input: {
  post: { title: string; slug: string; coverSrc?: string | null; coverAlt?: string | null };
  articleHtml: string;
  studio: MailStudio;
  siteUrl: string;
}): PreparedPost {
  const { post, studio, siteUrl } = input;
  const bodyHtml = mailBody(input.articleHtml, siteUrl, studio.accent);
  const url = `${siteUrl}/news/${post.slug}`;
  return {
    subject: post.title,
    title: post.title,
    url,
    bodyHtml,
    bodyText: plainText(bodyHtml),
    cover: post.coverSrc
      ? { src: mailImageSrc(siteUrl, post.coverSrc), alt: post.coverAlt ?? "" }
      : null,
    studio,
    siteUrl,
  };
}

/** One recipient's mail: the prepared parts with their footer links and headers. */
export function postMail(
  prepared: PreparedPost,
  recipient: {
    subscriberId: string;
    list: MailList;
    messageId: string;
    keys: NewsletterKeys;
    /** A test to staff: the subject says so, and the list headers are those of the staff address. */
    test?: boolean;
  },
): Omit<Mail, "to" | "sender"> {
  const { studio, siteUrl } = prepared;
  const { keys, list } = recipient;
  const preferences = preferencesLink(keys, recipient.subscriberId);
  const oneClick = listUnsubscribeHeaders(keys, recipient.subscriberId);
  const unsubscribe = oneClick["List-Unsubscribe"]!.match(/^<([^>]+)>/)![1]!;
  const subject = `${recipient.test ? "[Test] " : ""}${prepared.subject}`;
  const accent = studio.accent;
  const why = `You receive this mail because you subscribed to ${list.name} from ${studio.name}.`;
  const brand = studio.logoUrl
    ? `<img src="${esc(studio.logoUrl)}" width="48" height="48" alt="${esc(studio.name)}" style="display:block;border:0;width:48px;height:48px;border-radius:8px;">`
    : "";
  // The laws on commercial mail (CAN-SPAM, the German Impressum) expect the sender's postal address.
  const postal = studio.postalAddress.split("\n").filter(Boolean);
  const postalHtml = postal.length
    ? `<br><span data-part="postal-address">${postal.map(esc).join("<br>")}</span>`
    : "";
  const cover = prepared.cover
    ? `<tr><td style="padding:0;"><img src="${esc(prepared.cover.src)}" width="600" alt="${esc(prepared.cover.alt)}" style="display:block;width:100%;max-width:600px;height:auto;border:0;"></td></tr>`
    : "";
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${esc(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f7;font-family:${FONT};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden;border-top:4px solid ${accent};">
<tr><td style="padding:20px 24px 8px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
${brand ? `<td style="padding-right:12px;vertical-align:middle;">${brand}</td>` : ""}
<td style="vertical-align:middle;font-family:${FONT};font-size:18px;font-weight:bold;color:${TEXT};"><a href="${esc(siteUrl)}/" style="color:${TEXT};text-decoration:none;">${esc(studio.name)}</a></td>
</tr></table>
</td></tr>
${cover}
<tr><td style="padding:16px 24px 8px;font-family:${FONT};">
<h1 style="margin:0 0 16px;font-size:26px;line-height:1.25;color:${TEXT};">${esc(prepared.title)}</h1>
${prepared.bodyHtml}
</td></tr>
<tr><td style="padding:0 24px 24px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td style="background:${accent};border-radius:6px;">
<a href="${esc(prepared.url)}" style="display:inline-block;padding:10px 18px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">Read it on the site</a>
</td></tr></table>
</td></tr>
</table>
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">
<tr><td style="padding:16px 24px;font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED};text-align:center;">
${esc(why)}<br>
<a href="${esc(preferences)}" style="color:${MUTED};text-decoration:underline;">Manage your preferences</a> &middot; <a href="${esc(unsubscribe)}" style="color:${MUTED};text-decoration:underline;">Unsubscribe</a>${postalHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    `${studio.name}`,
    "",
    prepared.title,
    "=".repeat(Math.min(prepared.title.length, 70)),
    "",
    prepared.bodyText,
    "",
    `Read it on the site: ${prepared.url}`,
    "",
    "--",
    why,
    `Manage your preferences: ${preferences}`,
    `Unsubscribe: ${unsubscribe}`,
    ...(postal.length ? ["", ...postal] : []),
  ].join("\n");
  return {
    subject,
    text,
    html,
    headers: {
      ...oneClick,
      "List-Id": `<${list.slug}.${siteHost(siteUrl)}>`,
      "Message-ID": recipient.messageId,
    },
  };
}
