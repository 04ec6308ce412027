// The header's and the footer's links (docs/product.md#navigation): one ordered list of the site's
// own routes, the studio's pages and links of its own, each placed in the header, the footer, both
// or neither, stored in the site settings and checked by ./navigation-schema.ts. Universal, and
// free of zod: every page's frame renders the result.
// An empty list is a site that has never arranged its navigation: it shows the default, which is
// the header and footer the site had before the list existed.

/** The site's own screens the navigation can link, in their default order. */
export const NAV_ROUTES = {
  home: { to: "/", label: "Home" },
  games: { to: "/games", label: "Games" },
  news: { to: "/news", label: "News" },
  contact: { to: "/contact", label: "Contact" },
  press: { to: "/press", label: "Press" },
} as const;
export type NavRoute = keyof typeof NAV_ROUTES;
export const ROUTE_KEYS = Object.keys(NAV_ROUTES) as [NavRoute, ...NavRoute[]];

/** The routes a site shows before it arranges its navigation: the spec's four, in both places. */
const DEFAULT_ROUTE_PLACES: Record<NavRoute, NavPlace> = {
  home: "both",
  games: "both",
  news: "both",
  contact: "both",
  press: "hidden",
};

export const NAV_PLACES = ["header", "footer", "both", "hidden"] as const;
export type NavPlace = (typeof NAV_PLACES)[number];
export const NAV_PLACE_LABELS: Record<NavPlace, string> = {
  header: "Header",
  footer: "Footer",
  both: "Header and footer",
  hidden: "Hidden",
};

/** An entry of the saved list (./navigation-schema.ts checks it). */
export type NavEntry =
  | { kind: "route"; route: NavRoute; place: NavPlace }
  | { kind: "page"; page: string; slug: string; place: NavPlace }
  | NavLinkEntry;
export type NavLinkEntry = {
  kind: "link";
  label: string;
  url: string;
  place: NavPlace;
  button: boolean;
  newTab: boolean;
};

export const inHeader = (at: NavPlace) => at === "header" || at === "both";

/** A page as the navigation sees it. */
export type NavPageSource = {
  id: string;
  slug: string;
  title: string;
  /** The page form's own choice: where the page shows until the navigation places it. */
  placement: "none" | "header" | "footer";
  published: boolean;
};

/** An entry with what the editor and the pages show of it. */
export type ArrangedEntry = NavEntry & { title: string; to: string; draft: boolean };

const placeOfPage = (page: NavPageSource): NavPlace =>
  page.placement === "none" ? "hidden" : page.placement;

function pageEntry(page: NavPageSource, at: NavPlace): ArrangedEntry {
  return {
    kind: "page",
    page: page.id,
    slug: page.slug,
    place: at,
    title: page.title,
    to: `/${page.slug}`,
    draft: !page.published,
  };
}

function routeEntry(route: NavRoute, at: NavPlace): ArrangedEntry {
  const { to, label } = NAV_ROUTES[route];
  return { kind: "route", route, place: at, title: label, to, draft: false };
}

/**
 * The whole list in order, from the saved entries and the pages there are: a page is found by its
 * id (a renamed page keeps its place), else by the address it had (an imported list); a page that
 * is gone drops out; a route or page the list does not name yet follows it (a route hidden, a page
 * where its own form placed it, pages in the order given: title order). Nothing saved: the default order, the site's
 * routes first, then the pages the page form placed, by title.
 */
export function arrangeNavigation(
  saved: readonly NavEntry[],
  pages: readonly NavPageSource[],
): ArrangedEntry[] {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  const listed = new Set<string>();
  const routes = new Set<NavRoute>();
  const arranged: ArrangedEntry[] = [];
  for (const entry of saved) {
    if (entry.kind === "route") {
      if (routes.has(entry.route)) continue;
      routes.add(entry.route);
      arranged.push(routeEntry(entry.route, entry.place));
    } else if (entry.kind === "page") {
      const page = byId.get(entry.page) ?? (entry.slug ? bySlug.get(entry.slug) : undefined);
      if (!page || listed.has(page.id)) continue;
      listed.add(page.id);
      arranged.push(pageEntry(page, entry.place));
    } else {
      arranged.push({ ...entry, title: entry.label, to: entry.url, draft: false });
    }
  }
  const fresh = saved.length === 0;
  for (const route of ROUTE_KEYS)
    if (!routes.has(route))
      arranged.push(routeEntry(route, fresh ? DEFAULT_ROUTE_PLACES[route] : "hidden"));
  // Hidden routes of the default go after the pages, as they were never shown before.
  if (fresh) arranged.sort((a, b) => Number(a.place === "hidden") - Number(b.place === "hidden"));
  const rest = pages.filter((page) => !listed.has(page.id));
  const visible = arranged.findIndex((entry) => entry.place === "hidden");
  const added = rest.map((page) => pageEntry(page, placeOfPage(page)));
  if (fresh && visible >= 0) arranged.splice(visible, 0, ...added);
  else arranged.push(...added);
  return arranged;
}

/** A link as the header or the footer shows it. */
export type SiteNavLink = {
  key: string;
  label: string;
  to: string;
  /** Another site's address: a plain link, never the router's. */
  external: boolean;
  newTab: boolean;
  /** The header's highlighted button. */
  button: boolean;
};

export type SiteNavigation = { header: SiteNavLink[]; footer: SiteNavLink[] };

function navLink(entry: ArrangedEntry, index: number): SiteNavLink {
  const external = entry.kind === "link";
  return {
    key: external ? `link-${index}` : entry.to,
    label: entry.title,
    to: entry.to,
    external,
    newTab: external && entry.newTab,
    button: external && entry.button,
  };
}

/** What the header and the footer show: the published pages only, each in its places. */
export function siteNavigation(
  saved: readonly NavEntry[],
  publishedPages: readonly NavPageSource[],
): SiteNavigation {
  const arranged = arrangeNavigation(
    saved,
    publishedPages.filter((page) => page.published),
  ).map((entry, index) => ({ entry, link: navLink(entry, index) }));
  return {
    header: arranged.filter(({ entry }) => inHeader(entry.place)).map(({ link }) => link),
    // The footer shows no button. A link it shares with the header is the same object, which the
    // page's data then sends once (React Router's stream refers back to a value it has sent).
    footer: arranged
      .filter(({ entry }) => entry.place === "footer" || entry.place === "both")
      .map(({ link }) => (link.button ? { ...link, button: false } : link)),
  };
}
