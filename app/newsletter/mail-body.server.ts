import sanitizeHtml from "sanitize-html";
import { mediaIdFromPath, mediaMailUrl } from "~/media/index.server";

// A post's article as mail HTML and as plain text (docs/product.md#newsletter-sending): the site's
// sanitized HTML with each tag's style inline, links and images absolute (uploads as their JPEG
// for mail), nothing but an allowlist of tags; and the text part made from it.

export const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
export const TEXT = "#1f2330";
export const MUTED = "#5c6170";

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
