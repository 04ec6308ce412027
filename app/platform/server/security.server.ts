import crypto from "node:crypto";

/** Browsers keep to https for a year once they have seen the site over https (RFC 6797). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * Security headers for every response (OWASP secure headers). HSTS only when the public address is
 * https: sent for an http site, it would promise what the site cannot keep.
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(options.https ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * Which inline scripts may run: those carrying this response's nonce (a page rendered for one
 * visitor), or those whose SHA-256 is listed (a page served to many from the page cache, decision
 * 028). An empty hash list allows no inline script at all.
 */
export type InlineScripts = { nonce: string } | { hashes: string[] };

/**
 * An enforced CSP: scripts only from this origin or allowed inline as above. Styles allow inline
 * because React renders style attributes and the toast library injects its stylesheet. Game images
 * may live on other hosts, so images allow https. Frames come from this origin only (default-src),
 * unless `frameSources` names the few others one page may embed (a game page's video players).
 */
export function contentSecurityPolicy(
  inline: InlineScripts,
  options: {
    dev?: boolean;
    https?: boolean;
    frameSources?: readonly string[];
    /** Other origins this page's forms may lead to (the sign-in services' authorization pages). */
    formTargets?: readonly string[];
  } = {},
): string {
  const allowed = "nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes;
  const directives = [
    "default-src 'self'",
    // Development: Vite's inline scripts change on every edit (a hash would also switch off
    // 'unsafe-inline', so none is sent there).
    options.dev
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : ["script-src 'self'", ...allowed].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    options.dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    ...(options.frameSources?.length ? [`frame-src ${options.frameSources.join(" ")}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...(options.formTargets ?? [])].join(" "),
    "frame-ancestors 'none'",
  ];
  // Only a site served over https may ask browsers to upgrade its plain-http links.
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

// A script element with no src, and its text. React escapes `<` in text and attribute values, so
// in rendered markup `<script` only ever opens a real script element.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP hash sources (`'sha256-…'`) of every inline script in a document, in order, without
 * repeats. The text is hashed as the browser sees it: the HTML parser turns CRLF and CR into LF.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const digest = crypto
      .createHash("sha256")
      .update(text.replace(/\r\n?/g, "\n"), "utf8")
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}
