import { afterEach, vi } from "vitest";

// A test fails on any console error or warning it did not expect (mock console in the test to allow one).
const fail =
  (kind: string) =>
  (...args: unknown[]) => {
    throw new Error(`Unexpected console.${kind}: ${args.map(String).join(" ")}`);
  };
console.error = fail("error");
console.warn = fail("warn");

afterEach(() => {
  vi.restoreAllMocks();
});
