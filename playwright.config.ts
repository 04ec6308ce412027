import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/browser";

// Three servers from the production build: one with the demo content and one verified user per role
// (tests/support/users.ts), one on a fresh, empty DATA_DIR for the empty states, and one with lists
// long enough to page (tests/support/scale-data.ts). Each run starts
// from new data directories. E2E_PORT moves both servers (for running two suites side by side).
const port = Number(process.env.E2E_PORT ?? 4301);
export const DEMO_URL = `http://127.0.0.1:${port}`;
export const EMPTY_URL = `http://127.0.0.1:${port + 1}`;
export const SCALE_URL = `http://127.0.0.1:${port + 2}`;
const dataRoot = `test-results/data-${port}`;
// The processes tests start are listed here while they run; the global teardown stops and reports
// any left (tests/support/process-registry.ts). Set here so every worker inherits it.
process.env.TEST_PROCESS_REGISTRY ??= path.resolve(`test-results/processes-${port}`);

// TRUST_PROXY lets each test present its own client address (X-Forwarded-For), so the per-address
// limits of one test never throttle another. FAULT_INJECTION lets failure-path tests make the server
// fail an operation.
// WEBHOOK_TEST_ORIGIN sends every announcement call to the local stand-in the announcements spec
// starts (tests/e2e/announcements.spec.ts), never to Discord.
export const WEBHOOK_STAND_IN_PORT = port + 20_000;
const serverEnv = {
  LOG_LEVEL: "warn",
  CONTACT_RATE_LIMIT: "100",
  TRUST_PROXY: "loopback",
  FAULT_INJECTION: "true",
  WEBHOOK_TEST_ORIGIN: `http://127.0.0.1:${WEBHOOK_STAND_IN_PORT}`,
};

// The servers tests/e2e/servers.mjs starts: demo content, empty, long lists; each from a new
// DATA_DIR. READY_PORT answers once all three do (far from the E2E_PORT range of other suites).
const READY_PORT = port + 30_000;
const SERVERS = [
  {
    name: "demo",
    command: `rm -rf ${dataRoot}/demo && npx tsx tests/support/seed-e2e.ts --demo && node bin/start.js`,
    url: `${DEMO_URL}/healthz`,
    env: { ...serverEnv, PORT: String(port), DATA_DIR: `${dataRoot}/demo`, SITE_URL: DEMO_URL },
  },
  {
    name: "empty",
    command: `rm -rf ${dataRoot}/empty && node bin/start.js`,
    url: `${EMPTY_URL}/healthz`,
    env: {
      ...serverEnv,
      PORT: String(port + 1),
      DATA_DIR: `${dataRoot}/empty`,
      SITE_URL: EMPTY_URL,
    },
  },
  {
    name: "scale",
    command: `rm -rf ${dataRoot}/scale && npx tsx tests/support/seed-e2e.ts --demo --scale && node bin/start.js`,
    url: `${SCALE_URL}/healthz`,
    env: {
      ...serverEnv,
      PORT: String(port + 2),
      DATA_DIR: `${dataRoot}/scale`,
      SITE_URL: SCALE_URL,
    },
  },
];

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-processes.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // `npm run screenshots` (SCREENSHOTS=1) runs the tests that take the docs' pictures; `npm test`
  // leaves out those that exist only for their pictures (tests/support/screenshots.ts).
  ...(process.env.SCREENSHOTS === "1"
    ? { grep: /@screenshots\b/ }
    : { grepInvert: /@screenshots-only\b/ }),
  // npm test (scripts/test.mjs) also asks for a JSON report, for its table of times and retries.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // A test that takes screenshots in both themes at two widths, or signs in a few times, takes
  // 15–25 s on a quiet two-core machine with two workers and three servers; 30 s failed such tests
  // whenever the machine was busier. Specs that start servers or send mail set more.
  timeout: 60_000,
  // A client-side navigation (route chunk and loader) took over 5 s on a busy machine; an
  // assertion that holds returns at once, so only a failing one waits the longer time.
  expect: { timeout: 10_000 },
  use: {
    baseURL: DEMO_URL,
    // A trace records the page after every step (DOM snapshots and screencast frames): with it on
    // for every test, Chromium spent 42% more CPU on the same tests (87 s against 50 s for
    // admin-games.spec.ts). So a trace is taken only when CI retries a failed test; locally,
    // `npx playwright test --trace on` takes one.
    trace: "on-first-retry",
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions() },
    },
  ],
  // The three servers start side by side (tests/e2e/servers.mjs): Playwright starts the entries of
  // a `webServer` list one after another, which left a core idle through two seeds and a migration.
  // The one entry answers on its own port once every server's /healthz does.
  webServer: {
    command: "node tests/e2e/servers.mjs",
    url: `http://127.0.0.1:${READY_PORT}/`,
    env: { E2E_SERVERS: JSON.stringify(SERVERS), E2E_READY_PORT: String(READY_PORT) },
    reuseExistingServer: false,
    // Each of the three had 180 s when they started in turn: together, the three's sum.
    timeout: 540_000,
    stdout: "pipe",
  },
});
