import type { MetaDescriptor } from "react-router";
import { type Page, pageHref } from "./cursor";

/**
 * The head links of a paged list (`rel="prev"`/`"next"`) and the page's own path for its canonical
 * link: the first page's is the list's path; a deeper page's keeps its cursor (and search).
 */
export function pagedListMeta(
  path: string,
  search: string,
  page: Pick<Page<unknown>, "newer" | "older"> | undefined,
  siteUrl: string,
): { canonicalPath: string; links: MetaDescriptor[] } {
  const params = new URLSearchParams(search);
  const canonicalPath = params.size ? `${path}?${params.toString()}` : path;
  const links: MetaDescriptor[] = [];
  if (page?.newer) {
    links.push({
      tagName: "link",
      rel: "prev",
      href: siteUrl + pageHref(path, params, { after: page.newer }),
    });
  }
  if (page?.older) {
    links.push({
      tagName: "link",
      rel: "next",
      href: siteUrl + pageHref(path, params, { before: page.older }),
    });
  }
  return { canonicalPath, links };
}
