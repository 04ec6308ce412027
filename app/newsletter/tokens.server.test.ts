import { describe, expect, it } from "vitest";
import { readToken, readUndoToken, signToken, signUndoToken, UNDO_LIFETIME } from "./tokens.server";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const ID = "0b7f6c1e-3a52-4c8e-9d0f-2b1a4e5c6d7f";

describe("newsletter tokens", () => {
  it("reads back the subscriber of a token it signed", () => {
    expect(readToken(SECRET, "confirm", signToken(SECRET, "confirm", ID))).toBe(ID);
    expect(readToken(SECRET, "manage", signToken(SECRET, "manage", ID))).toBe(ID);
  });

  it("refuses a forged token, one signed with another key, or another purpose", () => {
    expect(readToken(SECRET, "manage", `manage.${ID}.99999999999.AAAA`)).toBeNull();
    expect(readToken(SECRET, "manage", signToken(`${SECRET}x`, "manage", ID))).toBeNull();
    expect(readToken(SECRET, "manage", signToken(SECRET, "confirm", ID))).toBeNull();
    expect(readToken(SECRET, "manage", null)).toBeNull();
    expect(readToken(SECRET, "manage", "")).toBeNull();
  });

  it("refuses an altered token: another subscriber, a later expiry, a changed signature", () => {
    const token = signToken(SECRET, "manage", ID);
    const [kind, , expires, signature] = token.split(".");
    const other = "1b7f6c1e-3a52-4c8e-9d0f-2b1a4e5c6d7f";
    expect(readToken(SECRET, "manage", `${kind}.${other}.${expires}.${signature}`)).toBeNull();
    expect(
      readToken(SECRET, "manage", `${kind}.${ID}.${Number(expires) + 1}.${signature}`),
    ).toBeNull();
    const flipped = signature!.startsWith("A")
      ? `B${signature!.slice(1)}`
      : `A${signature!.slice(1)}`;
    expect(readToken(SECRET, "manage", `${kind}.${ID}.${expires}.${flipped}`)).toBeNull();
  });

  it("refuses an expired token: a confirmation link lives seven days", () => {
    const signedAt = Date.UTC(2026, 0, 1);
    const token = signToken(SECRET, "confirm", ID, signedAt);
    const day = 24 * 60 * 60 * 1000;
    expect(readToken(SECRET, "confirm", token, signedAt + 6 * day)).toBe(ID);
    expect(readToken(SECRET, "confirm", token, signedAt + 7 * day + 1000)).toBeNull();
  });

  it("reads back an unsubscribe's undo for its hour, and refuses it altered or later", () => {
    const list = "5d2c8f0e-1b3a-4c6d-8e9f-0a1b2c3d4e5f";
    const ticket = { subscriberId: ID, lists: [list, ID], unsubscribedAt: 1_790_000_000_123 };
    const now = 1_790_000_000_000;
    const token = signUndoToken(SECRET, ticket, now);
    expect(readUndoToken(SECRET, token, now)).toEqual(ticket);
    expect(readUndoToken(SECRET, token, now + (UNDO_LIFETIME + 1) * 1000)).toBeNull();
    expect(readUndoToken(SECRET, token.replace(list, ID), now)).toBeNull();
    expect(readUndoToken(`${SECRET}x`, token, now)).toBeNull();
    expect(readUndoToken(SECRET, signToken(SECRET, "manage", ID, now), now)).toBeNull();
    expect(readUndoToken(SECRET, { token }, now)).toBeNull();
  });
});
