import { describe, expect, it } from "vitest";
import { productionPasswordCost } from "../../tests/support/password-cost";
import { hashPassword, verifyPassword } from "./password.server";

// The production hashing cost, which the other tests lower (tests/support/password-cost.ts).
productionPasswordCost();

describe("password hashing", () => {
  it("uses argon2id with at least 19 MiB and 2 iterations", async () => {
    const stored = await hashPassword("correct horse battery");
    const [, algorithm, , params] = stored.split("$");
    expect(algorithm).toBe("argon2id");
    const values = Object.fromEntries(params!.split(",").map((kv) => kv.split("=")));
    expect(Number(values.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(values.t)).toBeGreaterThanOrEqual(2);
  });

  it("verifies the right password and refuses a wrong one or a broken hash", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword({ hash: stored, password: "correct horse battery" })).toBe(true);
    expect(await verifyPassword({ hash: stored, password: "Correct horse battery" })).toBe(false);
    expect(await verifyPassword({ hash: "not-a-hash", password: "x" })).toBe(false);
  });
});
