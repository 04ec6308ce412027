import { afterEach, vi } from "vitest";

// A test fails on any console error or warning it did not expect (mock console in the test to allow one).
const fail =
  (kind: string) =>
  (...args: unknown[]) => {
    throw new Error(`Unexpected console.${kind}: ${args.map(String).join(" ")}`);
  };
console.error = fail("error");
console.warn = fail("warn");

// Passwords are hashed at a low argon2 cost in the tests (a few milliseconds less per account and
// sign-in, over a thousand of them); verifying reads the cost from the stored hash. The production
// cost is asserted where it is set (app/accounts/password.server.test.ts) and on a registration
// (tests/integration/accounts.test.ts): both unmock this.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const argon2 = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...argon2,
    hash: (password: string, options?: import("@node-rs/argon2").Options) =>
      argon2.hash(password, { ...options, memoryCost: 1024, timeCost: 1 }),
  };
});

afterEach(() => {
  vi.restoreAllMocks();
});
