import fc from "fast-check";
// sanitize-html's own parser: the output is read as a browser would, not matched with regexes.
import { Parser } from "htmlparser2";

// What "inert" means for HTML made from Markdown: only the renderer's allowlisted
// tags and attributes, no script or event handler, only safe URLs, images from this site. Shared by
// the renderer's unit tests and the pages' integration tests; with the fragments of hostile Markdown
// their fast-check properties are built from.

type Element = { tag: string; attributes: Record<string, string> };

/** Every element of an HTML fragment, attribute values decoded (what the browser would act on). */
export function elements(html: string): Element[] {
  const found: Element[] = [];
  const parser = new Parser({
    onopentag: (tag, attributes) => found.push({ tag, attributes }),
  });
  parser.write(html);
  parser.end();
  return found;
}

const ALLOWED: Record<string, string[]> = {
  a: ["href", "rel", "class", "aria-label"],
  img: ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
  ol: ["start"],
  code: ["class"],
  th: ["class"],
  td: ["class"],
  ...Object.fromEntries(["h2", "h3", "h4", "h5", "h6"].map((tag) => [tag, ["id"]])),
  ...Object.fromEntries(
    "p ul li blockquote pre em strong del s hr br table thead tbody tr"
      .split(" ")
      .map((tag) => [tag, []]),
  ),
};
const FORBIDDEN_TAGS = new Set([
  "script",
  "iframe",
  "object",
  "embed",
  "style",
  "svg",
  "math",
  "form",
]);

/** A URL as the browser reads it (tabs and newlines removed, leading controls and spaces trimmed). */
function isSafeUrl(raw: string): boolean {
  const url = raw.replace(/[\t\n\r]/g, "").replace(/^[\p{Cc} ]+/u, "");
  if (/^\/[/\\]/.test(url)) return false;
  return /^(https?:|mailto:|\/|#)/i.test(url);
}

/** What in the HTML could run script or load from elsewhere: empty for safe output. */
export function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  for (const { tag, attributes } of elements(html)) {
    if (FORBIDDEN_TAGS.has(tag)) problems.push(`<${tag}>`);
    const allowed = ALLOWED[tag];
    if (!allowed) problems.push(`<${tag}> not in the allowlist`);
    for (const [name, value] of Object.entries(attributes)) {
      if (name.startsWith("on") || name === "style") problems.push(`${tag}[${name}]`);
      if (!allowed?.includes(name)) problems.push(`${tag}[${name}] not in the allowlist`);
      if ((name === "href" || name === "src") && !isSafeUrl(value)) {
        problems.push(`${tag}[${name}=${value}]`);
      }
      if (name === "srcset") {
        for (const candidate of value.split(",")) {
          const url = candidate.trim().split(/\s+/)[0] ?? "";
          if (!isSafeUrl(url)) problems.push(`${tag}[srcset: ${url}]`);
        }
      }
    }
    // Images come from this site (src and every srcset candidate); one with neither loads nothing.
    if (tag === "img") {
      const urls = [
        ...(attributes.src === undefined ? [] : [attributes.src]),
        ...(attributes.srcset?.split(",").map((c) => c.trim().split(/\s+/)[0] ?? "") ?? []),
      ];
      for (const url of urls) {
        if (!/^\/(?![/\\])/.test(url)) problems.push(`img from elsewhere: ${url}`);
      }
    }
  }
  return problems;
}

export const UUID = "0b7c4a52-3f0e-4d5c-9a61-2f1e8c7d6b5a";

/** Hostile fragments and Markdown syntax to mix: soup that reaches every link and image path. */
export function hostileMarkdown() {
  const hostile = fc.constantFrom(
    "<script>alert(1)</script>",
    "</script>",
    "javascript:alert(1)",
    "JaVaScRiPt:",
    "java&#115;cript:",
    "&#106;avascript&#58;",
    "&#x6A;&#x61;vascript&colon;",
    "java\tscript:",
    "java\u0000script:",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "file:///etc/passwd",
    "<img src=x onerror=alert(1)>",
    '" onerror="alert(1)',
    "' onmouseover='alert(1)",
    '<iframe src="//evil.example">',
    '<a href="javascript:alert(1)">',
    "<svg onload=alert(1)>",
    "<math><mi xlink:href=javascript:alert(1)>",
    "<style>*{}</style>",
    "<object data=x>",
    "<embed src=x>",
    "<form action=x>",
    ' style="color:red"',
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "&quot;",
    "&lt;",
    "&amp;",
    "%0a",
    "\u2028",
    "\u0001",
  );
  const markdown = fc.constantFrom(
    "[",
    "]",
    "(",
    ")",
    "![",
    "](",
    "<",
    ">",
    "# ",
    "### ",
    "\n",
    "\n\n",
    "*",
    "_",
    "~~",
    "`",
    "```",
    "```js\n",
    "|",
    "\n|---|:-:|\n",
    "> ",
    "- ",
    "1. ",
    "    ",
    "http://",
    "https://",
    "mailto:",
    "www.",
    "@",
    "/media/",
    `/media/${UUID}`,
    "/",
    "#",
    ":",
    ' "title"',
    "\n[r]: ",
    "[r]",
    "https://studio.example/",
  );
  const text = fc.string({ maxLength: 8, unit: "binary" });
  const fragment = fc.oneof(hostile, markdown, text);
  const soup = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(""));
  const url = fc.array(fragment, { maxLength: 5 }).map((p) => p.join(""));
  // Links, images and autolinks around generated URLs, so that the URL paths are reached often.
  const shaped = fc
    .tuple(
      fc.constantFrom("[x](", "![alt](", "<", "[x]: ", "[x](<"),
      url,
      fc.constantFrom(")", ">", "", ">)", ' "t")'),
      soup,
    )
    .map((parts) => parts.join(""));
  return fc.oneof(soup, shaped);
}

/**
 * Raw HTML the Markdown layer would never write: elements (allowed or not) carrying hostile URLs,
 * event handlers and styles, nested a few deep. For testing the sanitize step on its own.
 */
export function hostileHtml() {
  const tag = fc.constantFrom(
    ..."a img p h2 code td ol script iframe object embed style svg math form base meta link div".split(
      " ",
    ),
  );
  // Every URL here has a scheme or starts with "/": a relative one ("x.png", "#part") stays on this
  // site and is not what this is about.
  const url = fc.constantFrom(
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript&colon;alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image/png;base64,iVBORw0KGgo=",
    "vbscript:msgbox(1)",
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/x.png",
    "https://evil.example/a.png 1x, javascript:alert(1) 2x",
    "/media/a.webp 1x, https://evil.example/b.png 2x",
    "mailto:a@studio.example",
    "/media/x.webp",
  );
  const urlAttribute = fc.tuple(
    fc.constantFrom("href", "src", "srcset", "xlink:href", "formaction", "action", "background"),
    url,
  );
  const otherAttribute = fc.tuple(
    fc.constantFrom("onclick", "onerror", "style", "class", "id", "rel", "start", "loading"),
    fc.constantFrom("alert(1)", "color:red", "noopener nofollow", "language-js x", "lazy", "3"),
  );
  const attributes = fc
    .array(fc.oneof(urlAttribute, otherAttribute), { maxLength: 3 })
    .map((pairs) => pairs.map(([n, v]) => ` ${n}="${v.replace(/"/g, "&quot;")}"`).join(""));
  const text = fc.constantFrom("", "x", "alert(1)", "<", "&lt;script&gt;");
  const { html } = fc.letrec<{ html: string }>((tie) => ({
    html: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      text,
      fc
        .tuple(tag, attributes, fc.array(tie("html"), { maxLength: 3 }))
        .map(([t, a, inner]) => `<${t}${a}>${inner.join("")}</${t}>`),
    ),
  }));
  return html;
}
