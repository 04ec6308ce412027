import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The system tests (tests/system): real server processes from the production build, PostgreSQL,
// nginx on loopback. One file at a time, one test at a time; they start and stop processes.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/system/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    setupFiles: ["./tests/support/setup.ts"],
  },
});
