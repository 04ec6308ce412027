import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from "./security.server";

const sha256 = (text: string) =>
  `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("securityHeaders", () => {
  it("asks browsers to keep to https only when the site is served over https", () => {
    expect(securityHeaders({ https: true })["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(securityHeaders({ https: false })).not.toHaveProperty("Strict-Transport-Security");
  });
});

describe("contentSecurityPolicy", () => {
  const directives = (policy: string) =>
    new Map(
      policy.split(";").map((part) => {
        const [name = "", ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );

  it("allows inline scripts by nonce or by hash, never 'unsafe-inline'", () => {
    const byNonce = directives(contentSecurityPolicy({ nonce: "abc" }));
    expect(byNonce.get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
    const byHash = directives(contentSecurityPolicy({ hashes: [sha256("a()"), sha256("b()")] }));
    expect(byHash.get("script-src")).toEqual(["'self'", sha256("a()"), sha256("b()")]);
    expect(directives(contentSecurityPolicy({ hashes: [] })).get("script-src")).toEqual(["'self'"]);
    for (const policy of [byNonce, byHash]) {
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    }
  });

  it("allows frames from other origins only when a page names them", () => {
    const players = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];
    expect(
      directives(contentSecurityPolicy({ nonce: "n" }, { frameSources: players })).get("frame-src"),
    ).toEqual(players);
    expect(directives(contentSecurityPolicy({ nonce: "n" })).has("frame-src")).toBe(false);
    expect(
      directives(contentSecurityPolicy({ nonce: "n" }, { frameSources: [] })).has("frame-src"),
    ).toBe(false);
  });

  it("upgrades insecure requests only on an https site", () => {
    expect(contentSecurityPolicy({ nonce: "n" }, { https: true })).toContain(
      "upgrade-insecure-requests",
    );
    expect(contentSecurityPolicy({ nonce: "n" })).not.toContain("upgrade-insecure-requests");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes the text of every inline script as the browser reads it, and skips external ones", () => {
    const html = [
      "<!DOCTYPE html><html><head>",
      '<script>document.documentElement.dataset.theme="dark"</script>',
      '<script src="/assets/entry.js"></script>',
      '<SCRIPT type="module" async>import "/assets/a.js";\r\nstart()</SCRIPT >',
      '<script type="application/ld+json">{"@type":"NewsArticle"}</script>',
      "</head><body><p>&lt;script&gt;not a script&lt;/script&gt;</p>",
      "<script>window.x=1</script><script>window.x=1</script>",
      "</body></html>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha256('document.documentElement.dataset.theme="dark"'),
      sha256('import "/assets/a.js";\nstart()'),
      sha256('{"@type":"NewsArticle"}'),
      sha256("window.x=1"),
    ]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });
});
