import fs from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/** The system Chromium (CHROMIUM_PATH or /usr/bin/chromium); no browser is downloaded. */
export function chromiumExecutable(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) {
    throw new Error("No Chromium found: install Debian's chromium package or set CHROMIUM_PATH.");
  }
  return found;
}

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumExecutable(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  };
}
