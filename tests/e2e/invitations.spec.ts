import type { BrowserContext, Page } from "@playwright/test";
import { axeViolations } from "../support/axe";
import { gotoHydrated, waitForHydration } from "../support/browser";
import {
  firstLink,
  openAccountMenu,
  registerAccount,
  submitLogin,
  waitForMail,
} from "../support/browser-accounts";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { NEW_PASSWORD, uniqueEmail } from "../support/users";
import { DEMO_URL, expect, statusMessage, test } from "./fixtures";

// Staff invitations (docs/product.md#staff-invitations): the owner invites from Role Management,
// the mail's link lets the person in with the role, once, for seven days; resent, revoked, used
// and expired links are refused with a sentence. The owner's page starts signed in; the invited
// person's tab goes through the forms.
test.use({ role: "owner" });

type Role = "moderator" | "admin" | "developer";
const LABEL: Record<Role, string> = {
  moderator: "Moderator",
  admin: "Admin",
  developer: "Developer",
};

/** On Role Management as the owner: invites the address and returns the mailed link. */
async function invite(page: Page, email: string, role: Role): Promise<string> {
  await gotoHydrated(page, "/role-management");
  await page.locator("#invite-email").fill(email);
  await page.locator("#invite-role").selectOption(role);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expectToast(page, "Invitation sent", `${email} has 7 days to accept.`);
  return firstLink(await waitForMail(email, { subject: /^You are invited to join .* as / }));
}

function pendingRow(page: Page, email: string) {
  return page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem").filter({
    hasText: email,
  });
}

async function expectRole(page: Page, email: string, role: Role) {
  const menu = await openAccountMenu(page, email);
  await expect(menu.getByTestId("account-role")).toHaveText(LABEL[role]);
  await page.keyboard.press("Escape");
}

test.describe("staff invitations", () => {
  let invitee: BrowserContext;
  let tab: Page;

  test.beforeEach(async ({ newContext, extraHTTPHeaders }) => {
    invitee = await newContext({ extraHTTPHeaders });
    tab = await invitee.newPage();
  });

  test("invite → mail → the invited person signs up from the link and lands with the role; the link then is used", async ({
    page,
    allowConsoleMessage,
  }) => {
    const email = uniqueEmail("newcomer");
    const link = await invite(page, email, "moderator");
    await expect(pendingRow(page, email)).toContainText("Moderator");
    await expect(page.locator("#invite-email")).toHaveValue("");
    expect(new URL(link).pathname).toBe("/auth/invitation");

    await tab.goto(link);
    await waitForHydration(tab);
    await expect(tab.getByRole("heading", { name: "Join the staff" })).toBeVisible();
    await expect(tab.locator("#invited-email")).toHaveValue(email);
    await expect(tab.locator("#invited-email")).not.toBeEditable();
    await tab.locator("#password").fill(NEW_PASSWORD);
    await tab.locator("#confirmPassword").fill(NEW_PASSWORD);
    await tab.getByRole("button", { name: "Create account and join" }).click();
    await expect(tab).toHaveURL((url) => url.pathname.startsWith("/admin"));
    await expectToast(tab, "Invitation accepted", "You joined the staff as Moderator.");
    await waitForHydration(tab);
    await expectRole(tab, email, "moderator");

    // Accepted, it leaves the pending list; its link works no more.
    await gotoHydrated(page, "/role-management");
    await expect(pendingRow(page, email)).toHaveCount(0);
    allowConsoleMessage(statusMessage(410));
    await tab.goto(link);
    await expect(tab.getByRole("alert")).toHaveText("This invitation has already been used.");
  });

  test("an existing account gets the role when it accepts, after signing in", async ({
    page,
    newContext,
    extraHTTPHeaders,
  }) => {
    const member = await registerAccount(
      await (await newContext({ extraHTTPHeaders })).newPage(),
      uniqueEmail("member"),
    );
    const link = await invite(page, member.email, "admin");

    await tab.goto(link);
    await waitForHydration(tab);
    await tab.getByRole("link", { name: "Sign in to accept" }).click();
    await expect(tab).toHaveURL((url) => url.pathname === "/auth");
    await waitForHydration(tab);
    await submitLogin(tab, member.email, member.password);
    await expect(tab).toHaveURL((url) => url.pathname === "/auth/invitation");
    await waitForHydration(tab);
    await tab.getByRole("button", { name: "Accept and become Admin" }).click();
    await expect(tab).toHaveURL((url) => url.pathname.startsWith("/admin"));
    await expectToast(tab, "Invitation accepted", "You joined the staff as Admin.");
    await waitForHydration(tab);
    await expectRole(tab, member.email, "admin");
  });

  test("a resent link replaces the old one, and a revoked link is refused with a sentence", async ({
    page,
    allowConsoleMessage,
  }) => {
    allowConsoleMessage(statusMessage(404));
    allowConsoleMessage(statusMessage(409));
    allowConsoleMessage(statusMessage(410));
    const email = uniqueEmail("resent");
    const first = await invite(page, email, "developer");
    // A second invitation to the address is refused beside its field, the address kept.
    await page.locator("#invite-email").fill(email);
    await page.getByRole("button", { name: "Send Invitation" }).click();
    await expect(
      page.getByText("That address already has an open invitation. Resend or revoke it below."),
    ).toBeVisible();
    await expect(page.locator("#invite-email")).toHaveValue(email);
    const mailed = await waitForMail(email);
    await pendingRow(page, email)
      .getByRole("button", { name: /^Resend/ })
      .click();
    await expectToast(
      page,
      "Invitation sent again",
      `The earlier link to ${email} no longer works.`,
    );
    const second = firstLink(await waitForMail(email, { after: [mailed] }));
    expect(second).not.toBe(first);

    await tab.goto(first);
    await expect(tab.getByRole("alert")).toHaveText(
      "This invitation link is not valid. It may have been replaced by a newer one: ask the studio owner to send it again.",
    );

    await waitForHydration(page);
    await pendingRow(page, email)
      .getByRole("button", { name: /^Revoke/ })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke this invitation?" });
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expectToast(page, "Invitation revoked", `The link sent to ${email} no longer works.`);
    await expect(pendingRow(page, email)).toHaveCount(0);

    await tab.goto(second);
    await expect(tab.getByRole("alert")).toHaveText(
      "This invitation was revoked by the studio owner.",
    );
    await expect(tab.getByRole("button", { name: /Create account/ })).toHaveCount(0);
  });

  test("an expired link is refused with a sentence and offers nothing", async ({
    page,
    allowConsoleMessage,
  }) => {
    allowConsoleMessage(statusMessage(410));
    const email = uniqueEmail("late");
    const link = await invite(page, email, "moderator");
    // Eight days later, by the servers' test clock (honoured only with FAULT_INJECTION).
    const later = new Date(Date.now() + 8 * 24 * 3600 * 1000).toISOString();
    await invitee.addCookies([{ name: "studio_clock", value: later, url: DEMO_URL }]);
    await tab.goto(link);
    await expect(tab.getByRole("alert")).toHaveText(
      "This invitation has expired. Ask the studio owner to send a new one.",
    );
    await expect(tab.locator("#password")).toHaveCount(0);
    // The owner sees it expired, and can send it again.
    await page.context().addCookies([{ name: "studio_clock", value: later, url: DEMO_URL }]);
    await gotoHydrated(page, "/role-management");
    await expect(pendingRow(page, email)).toContainText("Expired");
  });
});

test("the link's sign-up works without JavaScript", async ({
  page,
  newContext,
  extraHTTPHeaders,
}) => {
  const email = uniqueEmail("plain");
  const link = await invite(page, email, "admin");
  const plain = await (await newContext({ extraHTTPHeaders, javaScriptEnabled: false })).newPage();
  await plain.goto(link);
  await plain.locator("#password").fill(NEW_PASSWORD);
  await plain.locator("#confirmPassword").fill(NEW_PASSWORD);
  await plain.getByRole("button", { name: "Create account and join" }).click();
  await expect(plain).toHaveURL((url) => url.pathname.startsWith("/admin"));
  await expect(
    plain.getByRole("banner").getByRole("button", { name: `Account menu for ${email}` }),
  ).toBeVisible();
  await gotoHydrated(page, "/role-management");
  await expect(page.getByRole("listitem").filter({ hasText: email })).toContainText("Admin");
});

// Axe runs on the desktop in both themes, the width check at both widths: `npm test` goes through
// those three combinations, `npm run screenshots` through all four, saving the pictures in
// docs/screenshots (tests/support/screenshots.ts).
test("the invitation screens, light and dark, desktop and phone", {
  tag: SCREENSHOTS,
}, async ({ page, newContext, extraHTTPHeaders }) => {
  test.slow();
  const link = await invite(page, uniqueEmail("artist"), "developer");
  await invite(page, uniqueEmail("community"), "moderator");
  const save = async (shot: Page, file: string) => {
    const overflow = await shot.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${file}: horizontal overflow`).toBe(0);
    await screenshot(shot, file, { fullPage: true });
  };
  for (const { theme, device, viewport } of combinations(
    (c) => c.device === "desktop" || LAYOUT(c),
  )) {
    const size = { width: viewport.width, height: viewport.height };
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize(size);
    await gotoHydrated(page, "/role-management");
    await expect(page.getByRole("heading", { name: "Pending Invitations" })).toBeVisible();
    await save(page, `invite-role-management-${device}-${theme}.png`);
    if (device === "desktop") expect(await axeViolations(page)).toEqual([]);

    const context = await newContext({ extraHTTPHeaders, colorScheme: theme, viewport: size });
    const accept = await context.newPage();
    await accept.goto(link);
    await waitForHydration(accept);
    await expect(accept.getByRole("heading", { name: "Join the staff" })).toBeVisible();
    await save(accept, `invite-accept-${device}-${theme}.png`);
    if (device === "desktop") expect(await axeViolations(accept)).toEqual([]);
    await context.close();
  }
});
