import { eq, sql } from "drizzle-orm";
import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { pages, siteSettings, staffAuditLog } from "../../app/db/schema";
import { SiteFooter } from "../../app/layout/site-footer";
import { SiteHeader } from "../../app/layout/site-header";
import { listPages } from "../../app/pages/pages.server";
import type { FormReply } from "../../app/platform/forms/submission.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as root from "../../app/root";
import {
  type ArrangedEntry,
  NAV_RULES,
  type SiteNavigation,
  settingsFormValues,
} from "../../app/settings";
import { exportSettings, importSettings, readSettings } from "../../app/settings/index.server";
import { DEFAULT_SETTINGS } from "../../app/settings/settings-defaults";
import { request, signedInAs } from "../support/accounts";
import { adminLoader, postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { unwrap } from "../support/runtime";
import { openForSuite } from "../support/suite";

// The navigation editor (docs/product.md#navigation): the header's and the footer's links saved in
// the site settings by those who may change them, refused on the server for others, checked by
// the one schema, shown by every page's header and footer, and carried by export/import.

type Signed = { id: string; email: string; cookie: string };
type Entry = Record<string, string | boolean>;

const STEAM = "https://store.steampowered.com/app/1";

/** The editor's post for a list of entries, checkboxes as the browser sends them. */
function navigationForm(entries: Entry[]) {
  const form: Record<string, string> = { intent: "navigation-save" };
  entries.forEach((entry, index) => {
    for (const [key, value] of Object.entries(entry)) {
      if (value === false) continue;
      form[`entries[${index}].${key}`] = value === true ? "on" : value;
    }
  });
  return form;
}

const steam = (values: Entry = {}): Entry => ({
  kind: "link",
  label: "Wishlist on Steam",
  url: STEAM,
  place: "header",
  button: true,
  newTab: true,
  ...values,
});

describe.each(testEngines())("the navigation on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let admin: Signed;
  let moderator: Signed;
  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    admin = await signedInAs(context, "admin");
    moderator = await signedInAs(context, "moderator");
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate site_settings, staff_audit_log, pages cascade`);
  });

  const navigation = async () =>
    unwrap<{ navigation: SiteNavigation }>(
      await root.loader({ request: request("/"), context, params: {} } as never),
    ).body.navigation;
  const paths = (links: { to: string }[]) => links.map((link) => link.to);
  const addPage = async (title: string, placement = "none") => {
    const saved = await postAdmin(
      context,
      { intent: "page-create", title, content: "Text.", state: "published", placement },
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    const page = (await listPages(handle.db)).find((p) => p.title === title);
    return page!;
  };

  it("an admin orders the links, adds a highlighted external button, and every page's header shows it", async () => {
    const jobs = await addPage("Jobs");
    const saved = await postAdmin(
      context,
      navigationForm([
        { kind: "route", route: "home", place: "both" },
        { kind: "page", page: jobs.id, slug: jobs.slug, place: "both" },
        { kind: "route", route: "news", place: "header" },
        { kind: "link", label: "Discord", url: "https://discord.gg/studio", place: "footer" },
        steam(),
        { kind: "route", route: "games", place: "footer" },
        { kind: "route", route: "contact", place: "hidden" },
        { kind: "route", route: "press", place: "hidden" },
      ]),
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    const shown = await navigation();
    expect(paths(shown.header)).toEqual(["/", "/jobs", "/news", STEAM]);
    expect(paths(shown.footer)).toEqual(["/", "/jobs", "https://discord.gg/studio", "/games"]);
    const audit = await handle.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, "settings.navigation"));
    expect(audit).toMatchObject([{ actorId: admin.id, details: { entries: 8 } }]);

    // The header as the server renders it: the button, a plain link to the other site that opens
    // a new tab without handing it this page; the other links are the main navigation's.
    const Frame = () =>
      createElement(
        Fragment,
        null,
        createElement(SiteHeader, { user: null, navigation: shown }),
        createElement(SiteFooter, { year: 2026, links: shown.footer }),
      );
    const Stub = createRoutesStub([{ path: "/news", Component: Frame }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/news"], hydrationData: { loaderData: {} } }),
    );
    const button = html.match(/<a [^>]*data-nav-button[^>]*>.*?<\/a>/)?.[0] ?? "";
    expect(button).toContain(`href="${STEAM}"`);
    expect(button).toContain('target="_blank"');
    expect(button).toContain('rel="noopener noreferrer"');
    expect(button).toContain("Wishlist on Steam");
    expect(button).toContain("(opens in a new tab)");
    expect(html.match(/href="https:\/\/store\.steampowered\.com\/app\/1"/g)).toHaveLength(1);
    expect(html).toMatch(/<a [^>]*href="https:\/\/discord\.gg\/studio"[^>]*>Discord<\/a>/);
    expect(html).not.toContain('href="/contact"');

    // Saving the settings form keeps the navigation; the editor reads it back in order.
    const settings = await postAdmin(
      context,
      { intent: "settings-save", ...settingsFormValues(DEFAULT_SETTINGS), name: "Moth" },
      admin.cookie,
    );
    expect(settings.status).toBe(200);
    expect(paths((await navigation()).header)).toEqual(["/", "/jobs", "/news", STEAM]);
    const tab = unwrap<{ navigation: ArrangedEntry[] }>(
      await adminLoader(context, "/admin/settings", admin.cookie),
    ).body;
    expect(tab.navigation.map((entry) => entry.title)).toEqual([
      "Home",
      "Jobs",
      "News",
      "Discord",
      "Wishlist on Steam",
      "Games",
      "Contact",
      "Press",
    ]);
  });

  it("a renamed page keeps its place, an unpublished or deleted one drops out", async () => {
    const jobs = await addPage("Jobs");
    await postAdmin(
      context,
      navigationForm([
        { kind: "page", page: jobs.id, slug: jobs.slug, place: "header" },
        { kind: "route", route: "home", place: "header" },
      ]),
      admin.cookie,
    );
    expect(paths((await navigation()).header)).toEqual(["/jobs", "/"]);
    const update = { intent: "page-update", id: jobs.id, content: "Text.", placement: "none" };
    await postAdmin(
      context,
      { ...update, title: "Careers", slug: "careers", state: "published" },
      admin.cookie,
    );
    expect((await navigation()).header.map((link) => [link.to, link.label])).toEqual([
      ["/careers", "Careers"],
      ["/", "Home"],
    ]);
    await postAdmin(context, { ...update, title: "Careers", state: "draft" }, admin.cookie);
    expect(paths((await navigation()).header)).toEqual(["/"]);
    await postAdmin(context, { intent: "page-delete", id: jobs.id }, admin.cookie);
    expect(paths((await navigation()).header)).toEqual(["/"]);
  });

  it("bad input gets its entry's message and nothing is saved", async () => {
    const home = { kind: "route", route: "home", place: "both" };
    for (const [entries, field, message] of [
      [[home, steam({ url: "javascript:alert(1)" })], "entries[1].url", NAV_RULES.url],
      [[home, steam({ label: "" })], "entries[1].label", NAV_RULES.label],
      [[steam(), steam({ label: "Discord" })], "entries[1].button", NAV_RULES.buttons],
      [[steam({ place: "footer" })], "entries[0].button", NAV_RULES.buttonPlace],
      [[home, { ...home, place: "header" }], "entries[1]", NAV_RULES.twice],
      [[{ kind: "route", route: "admin", place: "header" }], "entries[0].route", NAV_RULES.route],
      [[], "entries", NAV_RULES.missing],
    ] as const) {
      const refused = await postAdmin(context, navigationForm([...entries]), admin.cookie);
      expect(refused.status, field).toBe(400);
      expect((refused.body as FormReply).error?.[field], field).toEqual([message]);
    }
    expect(await handle.db.select().from(siteSettings)).toEqual([]);
    expect(await handle.db.select().from(staffAuditLog)).toEqual([]);
  });

  it("a moderator's or a guest's save is refused on the server and changes nothing", async () => {
    const form = navigationForm([steam(), { kind: "route", route: "home", place: "header" }]);
    const refused = await postAdmin(context, form, moderator.cookie);
    expect(refused.status).toBe(403);
    expect(String(JSON.stringify(refused.body))).toContain("Your role does not allow this.");
    const guest = await postAdmin(context, form);
    expect(guest.status).toBe(302);
    expect(await handle.db.select().from(siteSettings)).toEqual([]);
    expect(paths((await navigation()).header)).toEqual(["/", "/games", "/news", "/contact"]);
    // The same form from an admin is saved: the checks above would have seen it.
    expect((await postAdmin(context, form, admin.cookie)).status).toBe(200);
    expect(paths((await navigation()).header)).toEqual([STEAM, "/"]);
  });

  it("export and import carry the navigation; an imported page is found by its address", async () => {
    const jobs = await addPage("Jobs");
    await postAdmin(
      context,
      navigationForm([
        steam(),
        { kind: "page", page: jobs.id, slug: jobs.slug, place: "header" },
        { kind: "route", route: "home", place: "footer" },
      ]),
      admin.cookie,
    );
    const file = JSON.stringify(await exportSettings(context.get(runtimeContext)));
    // Another install: its own "jobs" page under another id.
    await handle.db.delete(siteSettings).where(eq(siteSettings.id, 1));
    await handle.db.delete(pages);
    await addPage("Jobs");
    expect(paths((await navigation()).header)).toEqual(["/", "/games", "/news", "/contact"]);
    await importSettings(context.get(runtimeContext), file);
    expect((await readSettings(handle.db)).navigation).toHaveLength(3);
    const shown = await navigation();
    expect(paths(shown.header)).toEqual([STEAM, "/jobs"]);
    expect(paths(shown.footer)).toEqual(["/"]);
  });
});
