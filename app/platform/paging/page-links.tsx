import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/platform/ui/button";
import { ArrowLeft, ArrowRight } from "~/platform/ui/icons";
import { type CursorParams, type Page, pageHref } from "./cursor";

/**
 * The links to the pages beside this one of a keyset-paged list: plain links with `rel`, so paging
 * works without JavaScript and crawlers follow it. Nothing when the list fits on one page.
 */
export function PageLinks({
  page,
  label,
  newerText = "Newer",
  olderText = "Older",
  params,
}: {
  page: Pick<Page<unknown>, "newer" | "older">;
  /** What the navigation is for assistive technology, e.g. "News pages". */
  label: string;
  newerText?: string;
  olderText?: string;
  /** The list's own cursor parameters, when they are not the plain `before` and `after`. */
  params?: CursorParams;
}) {
  const location = useLocation();
  if (!page.newer && !page.older) return null;
  const query = new URLSearchParams(location.search);
  const link = buttonVariants({ variant: "outline" });
  return (
    <nav aria-label={label} className="mt-10 flex items-center justify-between gap-4">
      {page.newer ? (
        <Link
          rel="prev"
          className={link}
          to={pageHref(location.pathname, query, { after: page.newer }, params)}
        >
          <ArrowLeft aria-hidden="true" />
          {newerText}
        </Link>
      ) : (
        <span />
      )}
      {page.older && (
        <Link
          rel="next"
          className={link}
          to={pageHref(location.pathname, query, { before: page.older }, params)}
        >
          {olderText}
          <ArrowRight aria-hidden="true" />
        </Link>
      )}
    </nav>
  );
}
