import type { Token } from "markdown-it";
import sanitizeHtml from "sanitize-html";
import {
  ALIGN_CLASSES,
  altText,
  attr,
  collapse,
  type Env,
  escapeHtml,
  inlineText,
  isSitePath,
  md,
  type RenderOptions,
} from "./markdown-rules.server";

// Markdown written by staff (news articles, game pages) to HTML, on the server only. Two layers:
// markdown-it is set up to produce only what the page may show (markdown-rules.server.ts), then
// sanitize-html re-parses its output and keeps only the tags and attributes listed below, so a
// mistake in the first layer still cannot put script on a page. Readers get the HTML kept beside
// each text (kept-html.server.ts): a change here that changes any text's HTML bumps its
// MARKDOWN_VERSION, or pages keep showing what the old rules made.

export type { MarkdownImage, RenderOptions } from "./markdown-rules.server";

const ALIGN = Object.values(ALIGN_CLASSES);

// The second layer: only these tags and attributes reach the page, whatever the first produced.
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ..."p h2 h3 h4 h5 h6 a img ul ol li blockquote pre code em strong del s hr br".split(" "),
    ..."table thead tbody tr th td".split(" "),
  ],
  allowedAttributes: {
    a: ["href", { name: "rel", multiple: true, values: ["noopener", "noreferrer"] }, "aria-label"],
    img: [
      ..."src srcset sizes alt width height".split(" "),
      { name: "loading", values: ["lazy"] },
      { name: "decoding", values: ["async"] },
    ],
    ol: ["start"],
    ...Object.fromEntries("h2 h3 h4 h5 h6".split(" ").map((tag) => [tag, ["id"]])),
  },
  allowedClasses: { a: ["heading-anchor"], code: ["language-*"], th: ALIGN, td: ALIGN },
  allowedSchemes: ["http", "https", "mailto"],
  // Images come from this site only: relative URLs, no scheme at all.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // The image schemes above bind src only: a srcset with any candidate from elsewhere is dropped.
  transformTags: {
    img: (tagName, attribs) => {
      const { srcset, ...rest } = attribs;
      const local = srcset
        ?.split(",")
        .every((candidate) => isSitePath(candidate.trim().split(/\s+/)[0] ?? ""));
      return { tagName, attribs: local ? attribs : rest };
    },
  },
  allowedStyles: {},
  disallowedTagsMode: "discard",
};

function siteOrigin(siteUrl: string | undefined): URL | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl);
  } catch {
    // Every absolute link is then external: the safe side.
    return null;
  }
}

/**
 * The second layer on its own: any HTML to what the allowlist keeps. Exported so its tests can give
 * it HTML the first layer would never produce.
 */
export function sanitizeRendered(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Markdown (CommonMark + GFM tables + strikethrough + autolinks) to safe HTML. */
export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const env: Env = {
    site: siteOrigin(options.siteUrl),
    image: options.image,
    dropped: options.dropped,
  };
  return sanitizeRendered(md.render(source, env));
}

/**
 * The text a reader sees, as plain text (no markup), whitespace collapsed: for excerpts, feeds, meta
 * descriptions. Text, not HTML: "<b>" written in the text comes back as is, to be escaped where shown.
 */
export function markdownText(source: string): string {
  const parts: string[] = [];
  for (const token of md.parse(source, {})) {
    if (token.type === "inline") parts.push(inlineText(token.children));
    else if (token.type === "code_block" || token.type === "fence") parts.push(token.content);
    // Block boundaries: a heading and the paragraph after it are two words apart, not one.
    else parts.push(" ");
  }
  return collapse(parts.join(""));
}

/** The first paragraph's plain text (skipping headings, images-only paragraphs, tables, code), "" if none. */
export function firstParagraphText(source: string): string {
  const tokens = md.parse(source, {});
  for (let i = 0; i < tokens.length; i++) {
    // Top-level paragraphs only: a list item or a quote is not the text's opening paragraph.
    if (tokens[i]!.type !== "paragraph_open" || tokens[i]!.level !== 0) continue;
    const text = collapse(inlineText(tokens[i + 1]?.children ?? null));
    if (text) return text;
  }
  return "";
}

/** Every image written in the text: its src and alt, in order (for the editor's checks: alt text required). */
export function markdownImages(source: string): { src: string; alt: string }[] {
  const images: { src: string; alt: string }[] = [];
  const collect = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "image") images.push({ src: attr(token, "src"), alt: altText(token) });
      // An image's description may hold another image; a link's text is in the same run.
      if (token.children) collect(token.children);
    }
  };
  collect(md.parse(source, {}));
  return images;
}

/** Plain text by the old rule: one <p> per non-blank line, HTML-escaped (items written before Markdown). */
export function renderPlainText(source: string): string {
  return source
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("\n");
}
