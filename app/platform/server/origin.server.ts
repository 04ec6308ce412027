import type { Request } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request that a browser says comes from another site: its Origin is neither the
 * public site nor the host it was sent to, or, without an Origin, Sec-Fetch-Site says cross-site.
 * Requests with neither header come from scripts or old clients, not from a page on another site
 * (and the session cookie is SameSite=Lax), so they pass.
 */
export function isCrossSiteWrite(req: Request, siteUrl: string): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const origin = req.headers.origin;
  if (origin) {
    if (origin === "null") return true;
    const allowed = new Set([new URL(siteUrl).origin, `${req.protocol}://${req.headers.host}`]);
    return !allowed.has(origin);
  }
  return req.headers["sec-fetch-site"] === "cross-site";
}
