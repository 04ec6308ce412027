import type { TestSite } from "./site";

// Reading a page's HTML and headers as a crawler, a feed reader or a browser's security features
// do: the tags of its <head>, its inline scripts and its Content-Security-Policy. Used by the HTTP
// tests of tests/http/ (seo.test.ts, page-headers.test.ts).

export type Tag = Record<string, string>;

/** The text of an attribute or element as the browser reads it (the entities React writes). */
export function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The attributes of every <name ...> tag in the HTML. */
export function tags(html: string, name: string): Tag[] {
  const found: Tag[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))) {
    const attributes: Tag = {};
    for (const attr of (match[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
      attributes[attr[1]!.toLowerCase()] = decode(attr[2] ?? "");
    }
    found.push(attributes);
  }
  return found;
}

/** The document up to </head>. */
export function head(html: string): string {
  return html.slice(0, html.indexOf("</head>"));
}

export function metaContent(
  html: string,
  key: "name" | "property",
  value: string,
): string | undefined {
  return tags(head(html), "meta").find((tag) => tag[key] === value)?.content;
}

/** The CSP header's directives by name. */
export function directivesOf(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

/** The nonce a policy's script-src names ('nonce-…'), if any. */
export function nonceOf(scriptSrc: string[]): string | undefined {
  return scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
}

/** The text of every inline script (no src), as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\ssrc=/i.test(m[1] ?? ""))
    .map((m) => (m[2] ?? "").replace(/\r\n?/g, "\n"));
}

/** The news article paths, from the news list page (its first page). */
export async function newsPaths(site: TestSite): Promise<string[]> {
  const html = await (await site.fetch("/news")).text();
  return [
    ...new Set([...html.matchAll(/href="(\/news\/(?!feed\.xml")[a-z0-9-]+)"/g)].map((m) => m[1]!)),
  ];
}
