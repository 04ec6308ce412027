// Which pages are the same for every anonymous visitor, and how long a shared cache may keep them.

/**
 * A route's `handle` that marks its page public: asked for without a cookie, it is the same bytes
 * for everyone, so the page cache (and nginx or a CDN in front) may keep it for a second.
 */
export const PUBLIC_PAGE = { publicPage: true } as const;

/**
 * What an anonymous public page or public API read tells shared caches: keep it a second, and give
 * the old copy for a few more while a fresh one is fetched. Browsers revalidate each time.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=5";

/**
 * Feeds and sitemaps: readers and crawlers may keep them five minutes; a shared cache (the page
 * cache among them) a second, like the pages they list.
 */
export const FEED_CACHE_CONTROL = "public, max-age=300, s-maxage=1, stale-while-revalidate=5";

export function isPublicPage(handle: unknown): boolean {
  return (handle as { publicPage?: unknown } | undefined)?.publicPage === true;
}
