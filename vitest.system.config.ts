import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The system tests (tests/system): real server processes from the production build, PostgreSQL,
// nginx on loopback. Two files at a time (each on its own ports, databases and data folders), one
// test at a time within a file; they start and stop processes, and wait on them more than they
// compute: one file at a time left a core idle (docs/testing.md#system-tests).
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/system/**/*.test.ts"],
    environment: "node",
    maxWorkers: 2,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    setupFiles: ["./tests/support/setup.ts"],
  },
});
