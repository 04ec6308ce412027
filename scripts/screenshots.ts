// Screenshots of the public pages in light and dark, desktop and mobile, for review and the README.
// Usage: tsx scripts/screenshots.ts [baseUrl] [outDir]   (the server must be running)
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/browser";

const base = process.argv[2] ?? "http://localhost:3000";
const outDir = process.argv[3] ?? "docs/screenshots";
const pages = process.env.PAGES?.split(",") ?? [
  "/",
  "/games",
  "/news",
  "/news/first",
  "/contact",
  "/missing-page",
];
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const theme of ["light", "dark"] as const) {
  for (const [device, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, colorScheme: theme });
    const page = await context.newPage();
    for (const target of pages) {
      let url = target;
      if (target === "/news/first") {
        await page.goto(`${base}/news`);
        const href = await page.locator('a:has-text("Read More")').first().getAttribute("href");
        if (!href) continue;
        url = href;
      }
      await page.goto(base + url, { waitUntil: "networkidle" });
      const name = (target === "/" ? "home" : target.slice(1).replace(/\//g, "-")) || "home";
      await page.screenshot({
        path: path.join(outDir, `${name}-${device}-${theme}.png`),
        fullPage: true,
      });
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots written to ${outDir}`);
