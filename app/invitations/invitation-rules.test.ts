import { describe, expect, it } from "vitest";
import { expiryFrom, INVITATION_DAYS, invitationState } from "./invitation-rules";

describe("staff invitation rules", () => {
  const sent = new Date("2026-03-01T12:00:00Z");
  const open = { expiresAt: expiryFrom(sent), acceptedAt: null, revokedAt: null };

  it("a link works for seven days from its sending", () => {
    expect(INVITATION_DAYS).toBe(7);
    expect(expiryFrom(sent).toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });

  it("is usable up to the last millisecond before expiry, and expired from expiry on", () => {
    expect(invitationState(open, sent)).toBe("usable");
    expect(invitationState(open, new Date("2026-03-08T11:59:59.999Z"))).toBe("usable");
    expect(invitationState(open, new Date("2026-03-08T12:00:00.000Z"))).toBe("expired");
    expect(invitationState(open, new Date("2027-01-01T00:00:00Z"))).toBe("expired");
  });

  it("a revoked link is refused as revoked, even before it would expire", () => {
    expect(invitationState({ ...open, revokedAt: sent }, sent)).toBe("revoked");
    expect(invitationState({ ...open, revokedAt: sent }, new Date("2027-01-01Z"))).toBe("revoked");
  });

  it("an accepted link is refused as used, whatever else happened", () => {
    const accepted = { ...open, acceptedAt: sent };
    expect(invitationState(accepted, sent)).toBe("accepted");
    expect(invitationState({ ...accepted, revokedAt: sent }, new Date("2027-01-01Z"))).toBe(
      "accepted",
    );
  });
});
