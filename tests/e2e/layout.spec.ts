import { gotoHydrated } from "../support/browser";
import { expect, statusMessage, test } from "./fixtures";

// Header, mobile menu, footer and the 404 page (docs/product.md#header-and-account-menu,
// docs/product.md#footer, docs/product.md#not-found).

const NAV = [
  { label: "Home", href: "/" },
  { label: "Games", href: "/games" },
  { label: "News", href: "/news" },
  { label: "Contact", href: "/contact" },
];

test("the header links to Home, Games, News, Contact and Sign In", async ({ page }) => {
  await gotoHydrated(page, "/");
  const header = page.getByRole("banner");
  const nav = header.getByRole("navigation", { name: "Main" });
  for (const { label, href } of NAV) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");

  await nav.getByRole("link", { name: "News", exact: true }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  // The current page is marked for assistive technology.
  await expect(nav.getByRole("link", { name: "News", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("a request a newer one interrupted is no page error; any other unhandled rejection is", async ({
  page,
  allowConsoleMessage,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await gotoHydrated(page, "/");
  allowConsoleMessage(/^not an interruption$/);
  // What React Router leaves unawaited when a navigation overtakes a fetcher's revalidation.
  await page.evaluate(() => {
    void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
    void Promise.reject(new Error("not an interruption"));
  });
  await expect.poll(() => errors).toEqual(["not an interruption"]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button toggles the mobile navigation, and a followed link closes it", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    // The desktop links are hidden at this width; the menu button shows instead.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(mobileNav).toBeHidden();

    const open = page.getByRole("button", { name: "Open menu" });
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await open.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(mobileNav).toBeVisible();
    for (const { label, href } of NAV) {
      await expect(mobileNav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(mobileNav.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");

    await close.click();
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Games", exact: true }).click();
    await expect(page).toHaveURL(/\/games$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Games" })).toBeVisible();
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });
});

test("the footer has the current year and six social links opening in a new tab", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const year = new Date().getFullYear();
  await expect(footer.getByText(new RegExp(`^© ${year} .+\\.`))).toBeVisible();

  const quick = footer.getByRole("navigation", { name: "Quick links" });
  for (const { label, href } of NAV) {
    await expect(quick.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "href",
      href,
    );
  }

  const social = footer.getByRole("link", { name: /opens in a new tab/ });
  await expect(social).toHaveCount(6);
  const hosts = new Set<string>();
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^https:\/\//);
    hosts.add(new URL(href).host);
  }
  // Six different services, not one link six times.
  expect(hosts.size).toBe(6);
});

test("an unknown path answers 404 with 'Page Not Found' and a way home", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(404));
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  const home = page.getByRole("link", { name: "Return to Home" });
  await expect(home).toHaveAttribute("href", "/");
  await home.click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await expect(page.getByRole("region", { name: "Latest News" })).toBeVisible();
});
