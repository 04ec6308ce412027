import { describe, expect, it } from "vitest";
import {
  hashInvitationToken,
  invitationLink,
  isWellFormedToken,
  newInvitationToken,
} from "./invitation-tokens.server";

describe("invitation tokens", () => {
  it("are random, URL-safe and well formed", () => {
    const a = newInvitationToken();
    const b = newInvitationToken();
    expect(a).not.toBe(b);
    expect(isWellFormedToken(a)).toBe(true);
    expect(encodeURIComponent(a)).toBe(a);
  });

  it("are kept as a hash that is not the token", () => {
    const token = newInvitationToken();
    expect(hashInvitationToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashInvitationToken(token)).not.toContain(token);
    expect(hashInvitationToken(token)).toBe(hashInvitationToken(token));
  });

  it.each([null, "", "short", `${"a".repeat(43)}!`, "a".repeat(44), "constructor"])(
    "%j is not a token",
    (value) => {
      expect(isWellFormedToken(value)).toBe(false);
    },
  );

  it("links to the invitation page on the site", () => {
    expect(invitationLink("https://studio.example", "abc")).toBe(
      "https://studio.example/auth/invitation?token=abc",
    );
  });
});
