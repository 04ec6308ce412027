import type { Page } from "@playwright/test";
import { reloadHydrated, waitForHydration } from "../support/browser";
import { directivesOf, nonceOf } from "../support/html-head";
import { cspViolations, expect, test, watchCspViolations } from "./fixtures";

// What a browser does with the pages' policy: it runs every inline script the page carries under
// the Content-Security-Policy it came with, a first load, a second from the page cache and a reload
// alike, and hydrates. What crawlers, feed readers, link previews and caches get over plain HTTP
// (head tags, the feed, the sitemap, robots.txt, the nonces, the security and cache headers, the
// health checks) is tested without a browser: tests/http/seo.test.ts and
// tests/http/page-headers.test.ts.

for (const reader of ["a visitor", "a signed-in reader"] as const) {
  test(`two loads of a cached page run all their inline scripts and hydrate with no CSP violation, for ${reader}`, async ({
    newContext,
    signedInAs,
  }) => {
    const context = await newContext();
    await watchCspViolations(context);
    if (reader === "a signed-in reader") await signedInAs("guest", context);
    const page = await context.newPage();
    await checkTwoLoads(page);
  });
}

async function checkTwoLoads(page: Page) {
  for (const load of [1, 2]) {
    const response = await page.goto("/games");
    const policy = response?.headers()["content-security-policy"] ?? "";
    await waitForHydration(page);
    // Every inline script of the document carries the nonce its policy names.
    const nonce = nonceOf(directivesOf(policy).get("script-src") ?? []);
    expect(nonce, `load ${load} has a nonce`).toBeTruthy();
    const nonces = await page.evaluate(() =>
      [...document.scripts].filter((s) => !s.src).map((s) => s.nonce),
    );
    expect(nonces.length).toBeGreaterThan(0);
    for (const each of nonces) expect(each).toBe(nonce);
    const violations = await cspViolations(page);
    expect(violations, `load ${load}: CSP violations`).toEqual([]);
  }
  // Hydrated: client-side navigation works.
  await page.getByRole("navigation").getByRole("link", { name: "News" }).first().click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test("a page the browser reloads runs its scripts under its policy, from its stored copy (304) or a new one", async ({
  page,
}) => {
  // The page cache's copy carries an ETag: within its second the browser's revalidation is a 304
  // (the same bytes and policy: tests/http/page-headers.test.ts); after it, a new render with a
  // nonce of its own. Either way the page runs its scripts with no CSP violation.
  await page.goto("/games");
  for (let i = 0; i < 3; i++) {
    await reloadHydrated(page);
    await waitForHydration(page);
  }
  // Hydrated: client-side navigation works (the console guard fails the test on any CSP error).
  await page.getByRole("navigation").getByRole("link", { name: "News" }).first().click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
