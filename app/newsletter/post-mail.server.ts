import sanitizeHtml from "sanitize-html";
import { mediaIdFromPath, mediaMailUrl } from "~/media/index.server";
import type { Mail } from "~/platform/mail/mailer.server";
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
  /** Where an unsubscribe mail may go (the mailto of List-Unsubscribe), if the studio has one. */
  mailto: string | null;
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
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT = "#1f2330";
const MUTED = "#5c6170";

const esc = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** A URL of the site made absolute; anything else (another site, mailto) kept as is. */
export function absoluteUrl(siteUrl: string, href: string): string {
  if (href.startsWith("/") && !href.startsWith("//")) return `${siteUrl}${href}`;
  if (href.startsWith("#")) return href;
  return href;
}

/**
 * An image's address in a mail, absolute: an upload of the site is its JPEG for mail (WebP, the
 * site's format, shows as a broken image in some clients); any other image is left as it is.
 */
export function mailImageSrc(siteUrl: string, src: string): string {
  const path = src.startsWith(`${siteUrl}/`) ? src.slice(siteUrl.length) : src;
  const upload = mediaIdFromPath(path);
  return absoluteUrl(siteUrl, upload ? mediaMailUrl(upload) : src);
}

/** The inline style of each tag the renderer may produce. */
function styles(accent: string): Record<string, string> {
  return {
    p: `margin:0 0 16px;font-size:16px;line-height:1.6;color:${TEXT};`,
    h2: `margin:28px 0 12px;font-size:22px;line-height:1.3;color:${TEXT};`,
    h3: `margin:24px 0 10px;font-size:19px;line-height:1.3;color:${TEXT};`,
    h4: `margin:20px 0 8px;font-size:17px;line-height:1.3;color:${TEXT};`,
    h5: `margin:20px 0 8px;font-size:16px;color:${TEXT};`,
    h6: `margin:20px 0 8px;font-size:15px;color:${TEXT};`,
    a: `color:${accent};text-decoration:underline;`,
    img: "display:block;max-width:100%;height:auto;border:0;margin:0 0 16px;",
    ul: `margin:0 0 16px;padding-left:24px;color:${TEXT};`,
    ol: `margin:0 0 16px;padding-left:24px;color:${TEXT};`,
    li: "margin:0 0 6px;font-size:16px;line-height:1.6;",
    blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${accent};color:${MUTED};`,
    pre: "margin:0 0 16px;padding:12px;background:#f3f4f7;border-radius:6px;overflow:auto;font-size:14px;",
    code: "font-family:Menlo,Consolas,monospace;font-size:14px;background:#f3f4f7;",
    hr: "border:0;border-top:1px solid #e3e5ea;margin:24px 0;",
    table: "border-collapse:collapse;margin:0 0 16px;width:100%;",
    th: `border:1px solid #e3e5ea;padding:6px 8px;text-align:left;font-size:15px;color:${TEXT};`,
    td: `border:1px solid #e3e5ea;padding:6px 8px;font-size:15px;color:${TEXT};`,
  };
}

/**
 * The article's HTML (already sanitized by the site's renderer) as mail HTML: each tag with its
 * inline style, links and images absolute, responsive image attributes dropped (mail clients take
 * one src), heading anchors removed. A second allowlist pass: nothing but these tags survives.
 */
export function mailBody(articleHtml: string, siteUrl: string, accent: string): string {
  const style = styles(accent);
  const tags = Object.keys(style).concat([
    "em",
    "strong",
    "del",
    "s",
    "br",
    "thead",
    "tbody",
    "tr",
  ]);
  // A heading's "#" link to itself means nothing in a mail.
  const withoutAnchors = articleHtml.replace(
    /\s*<a class="heading-anchor"[^>]*>[\s\S]*?<\/a>/g,
    "",
  );
  return sanitizeHtml(withoutAnchors, {
    allowedTags: tags,
    allowedAttributes: {
      a: ["href", "style"],
      img: ["src", "alt", "width", "style"],
      "*": ["style"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) =>
      frame.tag === "a" && /heading-anchor/.test(frame.attribs.class ?? ""),
    transformTags: {
      "*": (tagName, attribs) => {
        const next: Record<string, string> = {};
        if (tagName === "a" && attribs.href) next.href = absoluteUrl(siteUrl, attribs.href);
        if (tagName === "img") {
          if (attribs.src) next.src = mailImageSrc(siteUrl, attribs.src);
          next.alt = attribs.alt ?? "";
          // At most the content column's width; the style keeps it fluid below that.
          const width = Number(attribs.width);
          next.width = String(Number.isFinite(width) && width > 0 ? Math.min(width, 560) : 560);
        }
        if (attribs.class && tagName !== "a") {
          // A table cell's alignment class becomes its style.
          const align = attribs.class.match(/text-(left|center|right)/)?.[1];
          if (align) next.style = `${style[tagName] ?? ""}text-align:${align};`;
        }
        if (tagName === "a" && /heading-anchor/.test(attribs.class ?? ""))
          next.class = attribs.class!;
        next.style ??= style[tagName] ?? "";
        if (!next.style) delete next.style;
        return { tagName, attribs: next };
      },
    },
  });
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/** The mail HTML's body as plain text: paragraphs apart, links as "text (url)", images as their alt. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<img[^>]*alt="([^"]*)"[^>]*>/gi, (_, alt: string) => (alt ? `[${alt}]` : ""))
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) => {
      const words = text.replace(/<[^>]+>/g, "").trim();
      const url = href.replace(/&amp;/g, "&");
      return words && words !== url ? `${words} (${url})` : url;
    })
    .replace(/<li[^>]*>/gi, "- ")
    .replace(/<\/(p|h[2-6]|li|tr|blockquote|pre|table|ul|ol)>/gi, "\n\n")
    .replace(/<\/t[hd]>/gi, "\t")
    .replace(/<hr[^>]*>/gi, "\n----\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The host the List-Id is under (`<list.host>`). */
function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** The stable Message-ID of one delivery: the same every time this delivery is sent. */
export function deliveryMessageId(deliveryKey: string, siteUrl: string): string {
  return `<nl.${deliveryKey}@${hostOf(siteUrl)}>`;
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
  const oneClick = listUnsubscribeHeaders(keys, recipient.subscriberId, studio.mailto ?? undefined);
  const unsubscribe = oneClick["List-Unsubscribe"]!.match(/^<([^>]+)>/)![1]!;
  const subject = `${recipient.test ? "[Test] " : ""}${prepared.subject}`;
  const accent = studio.accent;
  const why = `You receive this mail because you subscribed to ${list.name} from ${studio.name}.`;
  const brand = studio.logoUrl
    ? `<img src="${esc(studio.logoUrl)}" width="48" height="48" alt="${esc(studio.name)}" style="display:block;border:0;width:48px;height:48px;border-radius:8px;">`
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
<a href="${esc(preferences)}" style="color:${MUTED};text-decoration:underline;">Manage your preferences</a> &middot; <a href="${esc(unsubscribe)}" style="color:${MUTED};text-decoration:underline;">Unsubscribe</a>
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
  ].join("\n");
  return {
    subject,
    text,
    html,
    headers: {
      ...oneClick,
      "List-Id": `<${list.slug}.${hostOf(siteUrl)}>`,
      "Message-ID": recipient.messageId,
    },
  };
}
