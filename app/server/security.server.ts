// Security headers for every response (OWASP secure headers).
export const securityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/**
 * An enforced CSP: scripts only from this origin or carrying this request's nonce. Styles allow
 * inline because React renders style attributes and the toast library injects its stylesheet.
 * Game images may live on other hosts, so images allow https.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { dev?: boolean; https?: boolean } = {},
): string {
  const directives = [
    "default-src 'self'",
    options.dev
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    options.dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  // Only a site served over https may ask browsers to upgrade its plain-http links.
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
