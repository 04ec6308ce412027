import type { Role } from "../../app/roles/permissions";
import { gotoHydrated } from "../support/browser";
import { expect, test } from "./fixtures";

// Who sees which admin tab (docs/product.md#admin-dashboard). The server refusing what a role may
// not do, even when the request is forged by hand, is tested without a browser:
// tests/http/admin-refusals.test.ts.

const ALL_TABS = [
  "Contact Messages",
  "News Management",
  "Game Management",
  "Pages",
  "Site Settings",
  "Key requests",
  "Subscribers",
  "Announcements",
  "Press Kits",
  "SMS",
  "Backups",
] as const;

const TABS_BY_ROLE: { role: Exclude<Role, "guest">; label: string; tabs: string[] }[] = [
  { role: "moderator", label: "Moderator", tabs: ["Contact Messages", "Key requests"] },
  {
    role: "admin",
    label: "Admin",
    tabs: [
      "Contact Messages",
      "News Management",
      "Pages",
      "Site Settings",
      "Key requests",
      "Subscribers",
      "Announcements",
      "Press Kits",
    ],
  },
  // Where sign-in codes may be texted, and the backups, are the owner's alone.
  {
    role: "developer",
    label: "Developer",
    tabs: ALL_TABS.filter((tab) => tab !== "SMS" && tab !== "Backups"),
  },
  { role: "owner", label: "Owner", tabs: [...ALL_TABS] },
];

/** The heading each tab's panel opens with. */
const PANEL_HEADING: Record<(typeof ALL_TABS)[number], string> = {
  "Contact Messages": "Messages",
  "News Management": "Add News",
  "Game Management": "Add New Game",
  Pages: "Add Page",
  "Site Settings": "Site Settings",
  "Key requests": "Key requests",
  Subscribers: "Subscribers",
  Announcements: "Announcements",
  "Press Kits": "Press kit: Studio",
  SMS: "Text messages",
  Backups: "Backup schedule",
};

for (const { role, label, tabs } of TABS_BY_ROLE) {
  test(`${/^[aeiou]/.test(role) ? "an" : "a"} ${role} sees ${tabs.map((t) => `'${t}'`).join(", ")} and starts on '${tabs[0]}'`, async ({
    page,
    signedInAs,
  }) => {
    await signedInAs(role);
    await gotoHydrated(page, "/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByTestId("admin-role")).toHaveText(label);

    // Exactly the permitted tabs, in the spec's order, and the first one is open.
    await expect(page.getByRole("tab")).toHaveText(tabs);
    const first = page.getByRole("tab", { name: tabs[0] });
    await expect(first).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(panel).toHaveCount(1);
    await expect(
      panel.getByRole("heading", { name: PANEL_HEADING[tabs[0] as (typeof ALL_TABS)[number]] }),
    ).toBeVisible();

    // The tabs the role lacks are nowhere on the page, not merely hidden.
    for (const missing of ALL_TABS.filter((t) => !tabs.includes(t))) {
      await expect(page.getByRole("tab", { name: missing })).toHaveCount(0);
      await expect(page.getByText(PANEL_HEADING[missing], { exact: true })).toHaveCount(0);
    }

    // Every permitted tab opens its own panel.
    for (const tab of tabs) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await expect(
        page
          .getByRole("tabpanel")
          .getByRole("heading", { name: PANEL_HEADING[tab as (typeof ALL_TABS)[number]] }),
      ).toBeVisible();
    }
  });
}
