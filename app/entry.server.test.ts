import { describe, expect, it } from "vitest";
import { documentCacheControl } from "./entry.server";

const page = (cookie?: string) =>
  new Request("http://localhost/news", cookie ? { headers: { Cookie: cookie } } : undefined);

describe("documentCacheControl", () => {
  it("lets a shared cache keep an anonymous public page for seconds; browsers revalidate it", () => {
    expect(documentCacheControl(page())).toBe(
      "public, max-age=0, s-maxage=5, stale-while-revalidate=30",
    );
    // Any cookie (a toast, say) makes the answer one visitor's.
    expect(documentCacheControl(page("studio.toast=abc"))).toBe("private, no-cache");
    // Pages that carry a nonce or a form for one visitor are never shared.
    expect(documentCacheControl(new Request("http://localhost/auth"))).toBe("private, no-cache");
    expect(documentCacheControl(new Request("http://localhost/profile"))).toBe("private, no-cache");
  });

  it("keeps a signed-in page out of every cache, on HTTP and HTTPS cookie names", () => {
    expect(documentCacheControl(page("studio.session_token=abc.def"))).toBe("private, no-store");
    expect(documentCacheControl(page("a=1; __Secure-studio.session_token=abc"))).toBe(
      "private, no-store",
    );
  });

  it("does not mistake a cookie that merely ends with the name for a session", () => {
    expect(documentCacheControl(page("notstudio.session_token=x"))).toBe("private, no-cache");
    expect(documentCacheControl(page("notstudio.session_token=x"))).not.toContain("public");
  });
});
