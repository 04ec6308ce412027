import type { Options } from "@node-rs/argon2";

// Passwords are hashed at a low argon2 cost in the tests (tests/support/setup.ts lowers it for every
// test file): a few milliseconds less per account and sign-in, over a thousand of them. Verifying
// reads the cost from the stored hash. A test file asserting the production cost calls
// `productionPasswordCost()` first; the next test file starts low again.

const PRODUCTION = Symbol.for("studio.tests.productionPasswordCost");
type Flagged = typeof globalThis & { [PRODUCTION]?: boolean };

/** The options the tests hash with: the production ones unless lowered. */
export function testHashOptions(options: Options | undefined): Options | undefined {
  if ((globalThis as Flagged)[PRODUCTION]) return options;
  return { ...options, memoryCost: 1024, timeCost: 1 };
}

/** Lowers the cost for the test file about to run (the set-up file calls it). */
export function lowPasswordCost(): void {
  (globalThis as Flagged)[PRODUCTION] = false;
}

/** The rest of this test file hashes passwords at the production cost. */
export function productionPasswordCost(): void {
  (globalThis as Flagged)[PRODUCTION] = true;
}
