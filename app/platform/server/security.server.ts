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
 * An enforced CSP: scripts only from this origin, or inline with this response's nonce (a copy the
 * page cache gives out keeps the nonce and the header it was rendered with: the same bytes, so no
 * injected script can have learnt it before). Styles allow inline
 * because React renders style attributes and the toast library injects its stylesheet. Game images
 * may live on other hosts, so images allow https. Frames come from this origin only (default-src),
 * unless `frameSources` names the few others one page may embed (a game page's video players).
 */
export function contentSecurityPolicy(
  nonce: string,
  options: {
    dev?: boolean;
    https?: boolean;
    frameSources?: readonly string[];
    /** Other origins this page's forms may lead to (the sign-in services' authorization pages). */
    formTargets?: readonly string[];
  } = {},
): string {
  const directives = [
    "default-src 'self'",
    // Development: Vite's inline scripts change on every edit (a hash would also switch off
    // 'unsafe-inline', so none is sent there).
    options.dev
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : `script-src 'self' 'nonce-${nonce}'`,
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
