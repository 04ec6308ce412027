import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { kitLinkValid, signKitLink } from "./signed-link.server";

const SECRET = "a-test-secret-of-enough-length-0123456789";
const KIT = { id: "8c0f7a52-3f7e-4c51-9d7e-2b7b1e0c9a11", linkVersion: 0 };
const now = new Date("2030-01-01T12:00:00Z");

describe("signed kit links", () => {
  const query = new URLSearchParams(signKitLink(SECRET, KIT, new Date("2030-01-02T12:00:00Z")));

  it("open their kit until they expire", () => {
    expect(kitLinkValid(SECRET, KIT, query, now)).toBe(true);
    expect(kitLinkValid(SECRET, KIT, query, new Date("2030-01-02T12:00:01Z"))).toBe(false);
  });

  it("open no other kit, and fail with another secret or a changed expiry", () => {
    expect(
      kitLinkValid(SECRET, { ...KIT, id: "1c0f7a52-3f7e-4c51-9d7e-2b7b1e0c9a11" }, query, now),
    ).toBe(false);
    expect(kitLinkValid(`${SECRET}x`, KIT, query, now)).toBe(false);
    const later = new URLSearchParams(query);
    later.set("expires", String(Number(query.get("expires")) + 3600));
    expect(kitLinkValid(SECRET, KIT, later, now)).toBe(false);
  });

  it("refuse a missing or malformed query", () => {
    expect(kitLinkValid(SECRET, KIT, new URLSearchParams(""), now)).toBe(false);
    expect(kitLinkValid(SECRET, KIT, new URLSearchParams("expires=abc&signature=x"), now)).toBe(
      false,
    );
  });

  it("stop opening the kit once its links are revoked (a higher version), and a new link opens it", () => {
    const revoked = { ...KIT, linkVersion: 1 };
    expect(kitLinkValid(SECRET, revoked, query, now)).toBe(false);
    const fresh = new URLSearchParams(
      signKitLink(SECRET, revoked, new Date("2030-01-02T12:00:00Z")),
    );
    expect(kitLinkValid(SECRET, revoked, fresh, now)).toBe(true);
    // A link of the new version does not open the kit at an older one either.
    expect(kitLinkValid(SECRET, KIT, fresh, now)).toBe(false);
  });

  it("at version 0 keep the signature links had before versions existed", () => {
    const expires = Number(query.get("expires"));
    const before = crypto
      .createHmac("sha256", SECRET)
      .update(`press-kit:${KIT.id}:${expires}`)
      .digest("base64url");
    expect(query.get("signature")).toBe(before);
  });
});
