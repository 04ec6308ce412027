import { describe, expect, it } from "vitest";
import { RESERVED_SLUGS } from "../../app/pages/page-schema";
import routes from "../../app/routes";

// The studio's pages live at /<slug> beside the site's own routes: no page may take an address a
// route already answers (docs/product.md#pages).

/** The first part of every route's path ("games/:slug" → "games"), the dynamic ones aside. */
function firstSegments(entries: readonly { path?: string }[]): string[] {
  return entries.flatMap((entry) => {
    const first = entry.path?.split("/")[0] ?? "";
    return first && !first.startsWith(":") && first !== "*" ? [first] : [];
  });
}

describe("page addresses and the route table", () => {
  it("reserves the first part of every route the site has", () => {
    // A dot or a leading dot (robots.txt, .well-known) can never be a slug anyway.
    const slugLike = firstSegments(routes).filter((segment) => /^[a-z0-9-]+$/.test(segment));
    expect(slugLike.length).toBeGreaterThan(10);
    for (const segment of slugLike) expect(RESERVED_SLUGS, segment).toContain(segment);
  });
});
