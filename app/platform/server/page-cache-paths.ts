// Which requests the page caches consider, and how long a shared cache in front may keep a page.

const NEWS_ITEM = /^\/news\/[\w-]+$/;
const GAME_PAGE = /^\/games\/[\w-]+$/;

/**
 * The public pages kept for signed-in readers: all but a news item and a game page,
 * whose signed-in visits are recorded as activity by their loaders.
 */
export const READER_PAGE_PATHS = [
  /^\/$/,
  /^\/news$/,
  /^\/games$/,
  /^\/contact$/,
  /^\/news\/feed\.xml$/,
  /^\/sitemap\.xml$/,
  /^\/robots\.txt$/,
];

/** Anonymous public pages kept rendered in memory (the microcache). */
export const CACHEABLE_PATHS = [...READER_PAGE_PATHS, NEWS_ITEM, GAME_PAGE];

/**
 * How long a shared cache in front may keep an anonymous public page, and serve it stale while it
 * fetches a fresh one: after a news or games write, such a cache shows the change
 * within about this long; the site's own caches are cleared before the write's answer.
 */
export const SHARED_PAGE_SECONDS = 5;
export const SHARED_STALE_SECONDS = 30;

/** The parts of a request that decide whether the page cache may answer or keep it. */
type CacheableRequest = {
  method?: string;
  headers: { cookie?: string; authorization?: string };
  path: string;
};

/**
 * Whether the response to this request may be kept and served to every anonymous visitor: an
 * anonymous GET or HEAD (no cookie, no Authorization) of a public page. Such a response carries no
 * nonce: its CSP lists the hashes of its inline scripts instead.
 */
export function isSharedPage(req: CacheableRequest, paths: readonly RegExp[] = CACHEABLE_PATHS) {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !req.headers.cookie &&
    !req.headers.authorization &&
    paths.some((path) => path.test(req.path))
  );
}
