import type { MetaDescriptor } from "react-router";

type PageMeta = {
  title: string;
  description: string;
  /** Path of the page, for canonical and og:url. */
  path: string;
  siteUrl: string;
  /** The studio's name (the saved site settings), after each page's own title. */
  siteName: string;
  /** The site's default picture for link previews (the settings' logo-made one), 1200×630. */
  siteImage?: string;
  type?: "website" | "article";
  publishedTime?: string;
  modifiedTime?: string;
  /** An article's section (a news post's kind) and its tags, as Open Graph's article tags. */
  section?: string;
  tags?: readonly string[];
  /**
   * The page's own picture for link previews (a news cover, a game's screenshot); else the site's.
   * Its size when known: no size is better than a wrong one.
   */
  image?: { src: string; alt: string; width?: number; height?: number };
};

/** The 404 page's tags, for the not-found route and every route whose loader found nothing. */
export function notFoundMeta(
  site: Pick<PageMeta, "path" | "siteUrl" | "siteName" | "siteImage">,
): MetaDescriptor[] {
  return [
    ...pageMeta({ title: "Page Not Found", description: "This page does not exist.", ...site }),
    { name: "robots", content: "noindex" },
  ];
}

/** Title, description, canonical link, Open Graph and Twitter card tags for one page. */
export function pageMeta(page: PageMeta): MetaDescriptor[] {
  const title = page.path === "/" ? page.title : `${page.title} | ${page.siteName}`;
  const url = `${page.siteUrl}${page.path}`;
  const own = page.image;
  const image = own
    ? new URL(own.src, page.siteUrl).toString()
    : `${page.siteUrl}${page.siteImage ?? "/og-image.png"}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: page.siteName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(own
      ? [
          ...(own.width && own.height
            ? [
                { property: "og:image:width", content: String(own.width) },
                { property: "og:image:height", content: String(own.height) },
              ]
            : []),
          { property: "og:image:alt", content: own.alt },
        ]
      : [
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]),
    // X reads the title, description and image from the Open Graph tags when its own are absent:
    // only the card's kind is its own (the same three again were ~0.35 KB of every page's head).
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (page.publishedTime) {
    tags.push({ property: "article:published_time", content: page.publishedTime });
  }
  if (page.modifiedTime) {
    tags.push({ property: "article:modified_time", content: page.modifiedTime });
  }
  if (page.section) tags.push({ property: "article:section", content: page.section });
  for (const tag of page.tags ?? []) tags.push({ property: "article:tag", content: tag });
  return tags;
}

/** The public site URL, which the root loader hands to every page's meta function. */
export function siteUrlFrom(matches: readonly unknown[]): string {
  for (const match of matches) {
    const m = match as {
      id?: string;
      data?: { siteUrl?: string };
      loaderData?: { siteUrl?: string };
    };
    if (m?.id === "root") return m.loaderData?.siteUrl ?? m.data?.siteUrl ?? "";
  }
  return "";
}

/** JSON for an inline ld+json block: '<' is escaped so content can never close the script tag. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Characters XML 1.0 cannot carry at all, not even escaped (they would make the feed unreadable). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
