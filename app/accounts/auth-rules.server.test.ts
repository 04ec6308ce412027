import { describe, expect, it } from "vitest";
import { AUTH_RULES } from "~/platform/limits/rate-limit.server";
import { isProductEndpoint, PRODUCT_ENDPOINTS, withoutSessionTokens } from "./auth-rules.server";

const at = (path: string) => `http://localhost:3000${path}`;

describe("isProductEndpoint", () => {
  it.each([
    ["POST", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/sign-up/email"],
    ["POST", "/api/auth/sign-out"],
    ["GET", "/api/auth/verify-email?token=x&callbackURL=%2F"],
    ["POST", "/api/auth/request-password-reset"],
    ["GET", "/api/auth/reset-password/abc?callbackURL=%2F"],
    ["POST", "/api/auth/reset-password"],
    ["POST", "/api/auth/change-password"],
    ["POST", "/api/auth/delete-user"],
    ["POST", "/api/auth/two-factor/enable"],
    ["POST", "/api/auth/two-factor/disable"],
    ["POST", "/api/auth/two-factor/verify-totp"],
    ["POST", "/api/auth/two-factor/verify-backup-code"],
    ["POST", "/api/auth/sign-in/social"],
    ["POST", "/api/auth/link-social"],
    ["GET", "/api/auth/callback/github?code=x&state=y"],
    ["GET", "/api/auth/passkey/generate-authenticate-options"],
    ["POST", "/api/auth/passkey/verify-authentication"],
  ])("%s %s is the product's", (method, path) => {
    expect(isProductEndpoint(method, at(path))).toBe(true);
  });

  it.each([
    ["GET", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/update-user"],
    ["GET", "/api/auth/list-sessions"],
    ["GET", "/api/auth/get-session"],
    ["POST", "/api/auth/delete-user/"],
    ["POST", "/api/auth//delete-user"],
    ["POST", "/api/auth/DELETE-USER"],
    ["POST", "/api/auth/%64elete-user"],
    ["GET", "/api/auth/reset-password/a/b"],
    ["GET", "/api/auth/callback/a/b"],
    ["POST", "/api/auth/callback/github"],
    ["POST", "/api/auth/sign-in/anonymous"],
    ["POST", "/api/auth/two-factor/get-totp-uri"],
    ["POST", "/sign-in/email"],
    ["POST", "not a url"],
  ])("%s %s is not", (method, path) => {
    expect(isProductEndpoint(method, path === "not a url" ? path : at(path))).toBe(false);
  });
});

describe("the per-address rules of the opened endpoints", () => {
  it("name every opened endpoint, and nothing else", () => {
    const opened = PRODUCT_ENDPOINTS.map((e) => e.path).sort();
    expect(Object.keys(AUTH_RULES).sort()).toEqual([...new Set(opened)]);
  });
});

describe("withoutSessionTokens", () => {
  it("drops the token of an answer, of its session and of each listed session", () => {
    expect(withoutSessionTokens({ token: "t", user: { id: "u" } })).toEqual({ user: { id: "u" } });
    expect(withoutSessionTokens({ session: { id: "s", token: "t" }, user: { id: "u" } })).toEqual({
      session: { id: "s" },
      user: { id: "u" },
    });
    expect(withoutSessionTokens([{ id: "a", token: "t" }, { id: "b" }])).toEqual([
      { id: "a" },
      { id: "b" },
    ]);
  });

  it("leaves other answers alone", () => {
    expect(withoutSessionTokens({ status: true })).toBeNull();
    expect(withoutSessionTokens([{ id: "a" }])).toBeNull();
    expect(withoutSessionTokens(null)).toBeNull();
    expect(withoutSessionTokens(new Error("x"))).toBeNull();
  });
});
