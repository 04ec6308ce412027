import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security.server";

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

  it("allows inline scripts by the response's nonce only, never 'unsafe-inline'", () => {
    const policy = directives(contentSecurityPolicy("abc"));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("allows frames from other origins only when a page names them", () => {
    const players = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];
    expect(
      directives(contentSecurityPolicy("n", { frameSources: players })).get("frame-src"),
    ).toEqual(players);
    expect(directives(contentSecurityPolicy("n")).has("frame-src")).toBe(false);
    expect(directives(contentSecurityPolicy("n", { frameSources: [] })).has("frame-src")).toBe(
      false,
    );
  });

  it("upgrades insecure requests only on an https site", () => {
    expect(contentSecurityPolicy("n", { https: true })).toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy("n")).not.toContain("upgrade-insecure-requests");
  });
});
