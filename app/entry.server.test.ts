import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { documentCacheControl } from "./entry.server";
import { PUBLIC_PAGE, SHARED_CACHE_CONTROL } from "./platform/http/shared-pages";

const page = (path: string, cookie?: string) =>
  new Request(`http://localhost${path}`, cookie ? { headers: { Cookie: cookie } } : undefined);

/** What the router hands the entry: the matched routes, the last one with this handle. */
const rendered = (handle: unknown) =>
  ({
    staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: "leaf" } }] },
    routeModules: { root: {}, leaf: { handle } },
  }) as unknown as EntryContext;

describe("documentCacheControl", () => {
  it("lets a shared cache keep an anonymous public page for a second; browsers revalidate it", () => {
    expect(documentCacheControl(page("/news"), rendered(PUBLIC_PAGE))).toBe(SHARED_CACHE_CONTROL);
    expect(SHARED_CACHE_CONTROL).toMatch(/^public, max-age=0, s-maxage=1\b/);
    // Any cookie (a toast, say) makes the answer one visitor's.
    expect(documentCacheControl(page("/news", "studio.toast=abc"), rendered(PUBLIC_PAGE))).toBe(
      "private, no-cache",
    );
    // A page whose route does not say it is public is never shared.
    expect(documentCacheControl(page("/auth"), rendered(undefined))).toBe("private, no-cache");
    expect(documentCacheControl(page("/profile"), rendered({}))).toBe("private, no-cache");
  });

  it("keeps a signed-in page out of every cache, on HTTP and HTTPS cookie names", () => {
    const publicPage = rendered(PUBLIC_PAGE);
    expect(documentCacheControl(page("/news", "studio.session_token=abc.def"), publicPage)).toBe(
      "private, no-store",
    );
    expect(
      documentCacheControl(page("/news", "a=1; __Secure-studio.session_token=abc"), publicPage),
    ).toBe("private, no-store");
  });

  it("does not mistake a cookie that merely ends with the name for a session", () => {
    const answer = documentCacheControl(
      page("/news", "notstudio.session_token=x"),
      rendered(PUBLIC_PAGE),
    );
    expect(answer).toBe("private, no-cache");
  });
});
