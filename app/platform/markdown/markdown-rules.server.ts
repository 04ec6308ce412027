import MarkdownIt, { type StateCore, type Token } from "markdown-it";

// The first layer of the Markdown renderer (markdown.server.ts): markdown-it set up to produce only
// what the page may show (no raw HTML, links and images checked against an allowlist), with the
// parsing and rendering rules that do it and the token helpers the plain-text readers share.
// Changing what a rule makes: bump MARKDOWN_VERSION (kept-html.server.ts).

export type MarkdownImage = {
  src: string;
  srcset?: string;
  sizes?: string;
  width?: number;
  height?: number;
};

export type RenderOptions = {
  /**
   * Resolves an image path written in the text (e.g. "/media/<uuid>/1200.webp" or "/media/<uuid>")
   * to what the <img> should carry; null = not one of ours: the image is dropped and its alt text
   * shown as plain text instead. Without this option only paths starting with "/media/" are kept,
   * as plain src.
   */
  image?: (src: string) => MarkdownImage | null;
  /** The site's own origin, e.g. "https://studio.example": links to it are not "external". */
  siteUrl?: string;
  /** Collects the images left out (not ones of ours), for the editor's preview to say so. */
  dropped?: DroppedImage[];
};

/** An image written in the text that the page does not show: its address and its alt text. */
export type DroppedImage = { src: string; alt: string };

/** What the parser's rules and the renderer's rules of one render share (markdown-it's env). */
export type Env = { site?: URL | null; image?: RenderOptions["image"]; dropped?: DroppedImage[] };

/** The prefix of every heading id: a heading can never take the id of an element of the page. */
const HEADING_ID_PREFIX = "h-";
const HEADING_ID_MAX = 60;
// Tailwind classes for a table column's alignment (markdown-it writes a style attribute).
export const ALIGN_CLASSES: Record<string, string> = {
  left: "text-left",
  center: "text-center",
  right: "text-right",
};
// Whitespace, control characters and "\" have no business in a URL: browsers read "\" as "/"
// and drop tabs and newlines inside one. markdown-it percent-encodes them in what it parses.
const UNSAFE_URL_CHARACTER = /[\p{Cc}\s\\]/u;
// A fenced block's language, kept as its code's class (language-ts); anything else is dropped.
const LANGUAGE = /^[A-Za-z0-9_+#.-]{1,30}$/;

export const md = new MarkdownIt("default", { html: false, linkify: true, typographer: false });

// Links and images are checked by the rules below, which know which of the two a URL belongs to
// (markdown-it's own check is the same for both, and turns a refused link into <a href="">).
md.validateLink = () => true;

/** A token's attribute as text ("" when it has none). */
export const attr = (token: Token | undefined, name: string) => String(token?.attrGet(name) ?? "");

export const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** An image's width or height: a positive whole number of pixels, or left out. */
const positive = (n: number | undefined) =>
  n !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;

/**
 * What a link's href is: a link kept as is, an external one (rel="noopener noreferrer") or null,
 * shown as its text. Only http(s), mailto and site-relative ("/…", "#…") pass: an allowlist, so
 * javascript:, data: and schemes no one thought of are all refused the same way.
 */
function linkKind(href: string, site: URL | null): "internal" | "external" | null {
  if (UNSAFE_URL_CHARACTER.test(href)) return null;
  if (href.startsWith("#")) return "internal";
  // "//host" is another site with the page's scheme.
  if (/^\/(?!\/)/.test(href)) return "internal";
  if (/^mailto:[^/]/i.test(href)) return "internal";
  if (!/^https?:\/\/[^/]/i.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return site && url.origin === site.origin ? "internal" : "external";
}

/** A site-relative URL ("/…", not "//…"): an image served by this site. */
export const isSitePath = (url: string) => /^\/(?!\/)/.test(url) && !UNSAFE_URL_CHARACTER.test(url);

/** Without a resolver: a path under /media/ (after "..", "%2e%2e" and the like are resolved). */
function mediaPath(src: string): MarkdownImage | null {
  if (!src.startsWith("/media/") || !isSitePath(src)) return null;
  const base = "https://site.invalid";
  const url = new URL(src, base);
  return url.origin === base && url.pathname.startsWith("/media/") ? { src } : null;
}

/** The image an <img> shows, or null: never one from another host, whatever the resolver says. */
function resolveImage(src: string, env: Env): MarkdownImage | null {
  const image = env.image ? env.image(src) : mediaPath(src);
  if (!image || !isSitePath(image.src)) return null;
  // Each candidate of a srcset is "<url> <descriptor>".
  const candidates = image.srcset?.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]);
  if (candidates?.some((url) => !url || !isSitePath(url))) return null;
  return image;
}

/** The text of inline tokens as a reader sees it: images (pictures, not text) left out. */
export function inlineText(tokens: Token[] | null): string {
  let text = "";
  for (const token of tokens ?? []) {
    if (token.type === "text" || token.type === "code_inline") text += token.content;
    else if (token.type === "softbreak" || token.type === "hardbreak") text += " ";
  }
  return text;
}

/** An image's alt text: the text of its description, images inside it included (as markdown-it). */
export function altText(image: Token): string {
  let text = "";
  for (const token of image.children ?? []) {
    if (token.type === "image") text += altText(token);
    else text += inlineText([token]);
  }
  return collapse(text);
}

/** The ids a document's headings took, and for each base id the next suffix to try. */
type HeadingIds = { used: Set<string>; next: Map<string, number> };

/** A heading's id: its text as lowercase ascii words joined by "-", prefixed, unique in the document. */
function headingId(text: string, ids: HeadingIds): string {
  const words =
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, HEADING_ID_MAX)
      .replace(/^-+|-+$/g, "") || "section";
  const base = `${HEADING_ID_PREFIX}${words}`;
  let id = base;
  // "Notes", "Notes" and "Notes 2": the second "Notes" must not take the third one's id either.
  // Counting on from the last suffix keeps a text of many equal headings linear.
  let n = ids.next.get(base) ?? 2;
  while (ids.used.has(id)) id = `${base}-${n++}`;
  ids.next.set(base, n);
  ids.used.add(id);
  return id;
}

/** The links of one inline run: the refused ones unwrapped to their text, external ones marked. */
function checkLinks(children: Token[], site: URL | null): Token[] {
  const kept: Token[] = [];
  // For each open link, whether its tag is dropped (links do not nest, but the stack costs nothing).
  const dropped: boolean[] = [];
  for (const token of children) {
    if (token.type === "link_open") {
      const kind = linkKind(attr(token, "href"), site);
      dropped.push(kind === null);
      if (kind === null) continue;
      // The title attribute is not in the allowlist.
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== "title");
      if (kind === "external") token.attrSet("rel", "noopener noreferrer");
    } else if (token.type === "link_close" && dropped.pop()) {
      continue;
    }
    kept.push(token);
  }
  return kept;
}

// After markdown-it's own core rules (linkify included): links, headings, tables and code blocks
// brought to what the allowlist keeps.
md.core.ruler.push("studio_safe_structure", (state: StateCore) => {
  const env = state.env as Env;
  const headingIds: HeadingIds = { used: new Set(), next: new Map() };
  const tokens = state.tokens;
  const levels = tokens.filter((t) => t.type === "heading_open").map((t) => Number(t.tag.slice(1)));
  const shift = levels.length ? 2 - Math.min(...levels) : 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === "inline" && token.children) {
      token.children = checkLinks(token.children, env.site ?? null);
    } else if (token.type === "heading_open") {
      // The text's highest heading is the page's second level (the page has its own <h1>), so
      // levels descend one by one whether the writer started at "#" or "##".
      const tag = `h${Math.min(Number(token.tag.slice(1)) + shift, 6)}`;
      token.tag = tag;
      // A heading is always heading_open, inline, heading_close.
      tokens[i + 2]!.tag = tag;
      token.attrSet("id", headingId(inlineText(tokens[i + 1]!.children), headingIds));
    } else if (token.type === "th_open" || token.type === "td_open") {
      const align = /text-align:\s*(\w+)/.exec(attr(token, "style"))?.[1];
      token.attrs = null;
      const alignClass = align && ALIGN_CLASSES[align];
      if (alignClass) token.attrSet("class", alignClass);
    } else if (token.type === "fence") {
      const language = token.info.trim().split(/\s+/)[0] ?? "";
      token.info = LANGUAGE.test(language) ? language : "";
    }
  }
});

// The spec's rule for an article, "content split into paragraphs by line", kept in
// Markdown: each line of a paragraph is a paragraph of its own. Lists (whose tight paragraphs are
// hidden), tables, code and headings keep Markdown's own rules; a hard break (two spaces, or a
// backslash, at a line's end) stays a <br> inside its paragraph.
md.core.ruler.push("studio_line_paragraphs", (state: StateCore) => {
  const out: Token[] = [];
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    const inline = tokens[i + 1];
    const close = tokens[i + 2];
    const lines = inline?.children?.some((child) => child.type === "softbreak");
    if (open.type !== "paragraph_open" || open.hidden || !inline || !close || !lines) {
      out.push(open);
      continue;
    }
    let run: Token[] = [];
    const flush = () => {
      if (run.length === 0) return;
      const part = new state.Token("inline", "", 0);
      Object.assign(part, { ...inline, children: run, content: inlineText(run) });
      out.push(Object.assign(new state.Token("paragraph_open", "p", 1), { ...open }), part);
      out.push(Object.assign(new state.Token("paragraph_close", "p", -1), { ...close }));
      run = [];
    };
    for (const child of inline.children!) {
      if (child.type === "softbreak") flush();
      else run.push(child);
    }
    flush();
    i += 2;
  }
  state.tokens = out;
});

export const escapeHtml = md.utils.escapeHtml;

// A heading ends with a link to itself, for readers to copy.
md.renderer.rules.heading_close = (tokens, idx) => {
  const token = tokens[idx]!;
  const id = attr(tokens[idx - 2], "id");
  const anchor = id
    ? ` <a class="heading-anchor" href="#${escapeHtml(id)}" aria-label="Link to this section">#</a>`
    : "";
  return `${anchor}</${token.tag}>\n`;
};

md.renderer.rules.image = (tokens, idx, _options, env) => {
  const token = tokens[idx]!;
  const alt = altText(token);
  const src = attr(token, "src");
  const image = resolveImage(src, env as Env);
  // Not one of ours: the reader still gets what the picture was meant to say.
  if (!image) {
    (env as Env).dropped?.push({ src, alt });
    return escapeHtml(alt);
  }
  const attributes: [string, string | number | undefined][] = [
    ["src", image.src],
    ["srcset", image.srcset],
    ["sizes", image.sizes],
    ["alt", alt],
    ["width", positive(image.width)],
    ["height", positive(image.height)],
    ["loading", "lazy"],
    ["decoding", "async"],
  ];
  const html = attributes
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join("");
  return `<img${html}>`;
};
