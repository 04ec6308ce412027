import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";

// Two servers from the production build: one with the demo content, one on a fresh, empty
// DATA_DIR for the empty states. Each run starts from new data directories.
export const DEMO_URL = "http://127.0.0.1:4301";
export const EMPTY_URL = "http://127.0.0.1:4302";

const serverEnv = { LOG_LEVEL: "warn", CONTACT_RATE_LIMIT: "100" };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: DEMO_URL,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions() },
    },
  ],
  webServer: [
    {
      command: "rm -rf test-results/data/demo && npx tsx server.ts --demo",
      url: `${DEMO_URL}/healthz`,
      env: { ...serverEnv, PORT: "4301", DATA_DIR: "test-results/data/demo", SITE_URL: DEMO_URL },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
    },
    {
      command: "rm -rf test-results/data/empty && npx tsx server.ts",
      url: `${EMPTY_URL}/healthz`,
      env: { ...serverEnv, PORT: "4302", DATA_DIR: "test-results/data/empty", SITE_URL: EMPTY_URL },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
    },
  ],
});
