import { afterAll, afterEach, vi } from "vitest";
import { setClockOffset } from "../../app/platform/clock/clock.server";
import { stopExpirySweeps } from "../../app/platform/limits/rate-limit.server";
import { lowPasswordCost, testHashOptions } from "./password-cost";

// A test fails on any console error or warning it did not expect (mock console in the test to allow one).
const fail =
  (kind: string) =>
  (...args: unknown[]) => {
    throw new Error(`Unexpected console.${kind}: ${args.map(String).join(" ")}`);
  };
console.error = fail("error");
console.warn = fail("warn");

// Passwords are hashed at a low cost unless a test file asks for the production one
// (tests/support/password-cost.ts).
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const argon2 = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...argon2,
    hash: (password: string, options?: import("@node-rs/argon2").Options) =>
      argon2.hash(password, testHashOptions(options)),
  };
});
lowPasswordCost();

afterEach(() => {
  vi.restoreAllMocks();
});

// A test file's databases are closed by its end; test files share a process (vite.config.ts), so
// the rate limiters' timed sweeps of them stop too, before they query a closed database.
afterAll(() => {
  stopExpirySweeps();
  // A file that moved the product's clock (app/platform/clock) leaves it at the machine's time.
  setClockOffset(0);
});
