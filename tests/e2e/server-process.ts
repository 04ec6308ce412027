import fs from "node:fs";
import { test } from "@playwright/test";

// Helpers for browser tests that start their own server process (`node bin/start.js`, as `npm start` does) on a private data
// directory, to look at what it stored or how it behaves as a process. The process helpers are
// shared with the system tests (tests/support/processes.ts).
export {
  freePort,
  killLeftoverServers,
  ROOT,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "../support/processes";

/**
 * A fresh, empty data directory in this test's output folder (under test-results/, which
 * Playwright empties at the start of each run).
 */
export function freshDataDir(name: string): string {
  const dir = test.info().outputPath(name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Removes a data directory once a test has passed (a PGlite database is tens of megabytes). */
export function removeDataDirIfPassed(dir: string): void {
  if (test.info().status === test.info().expectedStatus) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
