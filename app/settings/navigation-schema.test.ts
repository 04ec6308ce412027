import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { NAV_LIMITS, NAV_RULES, NavigationFormSchema, NavigationSchema } from "./navigation-schema";
import { SettingsSchema } from "./settings-schema";

// The navigation's one schema (docs/product.md#navigation), as the editor's form posts it and as
// the settings store it.

const PAGE_ID = "11111111-1111-4111-8111-111111111111";

/** The editor's fields for a list of entries (`entries[0].kind` …), checkboxes as "on". */
function formOf(entries: Record<string, string | boolean>[]) {
  const fields: Record<string, string> = {};
  entries.forEach((entry, index) => {
    for (const [key, value] of Object.entries(entry)) {
      if (value === false) continue;
      fields[`entries[${index}].${key}`] = value === true ? "on" : value;
    }
  });
  return fields;
}

/** The editor's post as the action reads it (Conform, the way submission.server.ts calls it). */
function submitted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: NavigationFormSchema, disableAutoCoercion: true });
}

const link = (values: Record<string, string | boolean> = {}) => ({
  kind: "link",
  label: "Wishlist on Steam",
  url: "https://store.steampowered.com/app/1",
  place: "header",
  ...values,
});

/** The messages of a refused post, by field, as the editor shows them. */
function issuesOf(entries: Record<string, string | boolean>[]) {
  const submission = submitted(formOf(entries));
  if (submission.status === "success") return {};
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
  );
}

describe("the navigation schema", () => {
  it("takes the site's screens, pages and links, checkboxes as the form posts them", () => {
    const submission = submitted(
      formOf([
        { kind: "route", route: "home", place: "both" },
        { kind: "page", page: PAGE_ID.toUpperCase(), slug: "jobs", place: "footer" },
        link({ button: true, newTab: true }),
        link({ label: " Discord ", url: "https://discord.gg/x", place: "hidden" }),
      ]),
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.entries).toEqual([
      { kind: "route", route: "home", place: "both" },
      { kind: "page", page: PAGE_ID, slug: "jobs", place: "footer" },
      { ...link(), button: true, newTab: true },
      {
        ...link(),
        label: "Discord",
        url: "https://discord.gg/x",
        place: "hidden",
        button: false,
        newTab: false,
      },
    ]);
  });

  it("refuses a link without a label or with an address that is not http(s), at its field", () => {
    expect(issuesOf([link({ label: "" })])).toEqual({ "entries[0].label": NAV_RULES.label });
    for (const url of ["javascript:alert(1)", "store.steampowered.com", "https://", "ftp://x.y"])
      expect(issuesOf([link({ url })]), url).toEqual({ "entries[0].url": NAV_RULES.url });
    expect(issuesOf([link({ label: "x".repeat(NAV_LIMITS.label + 1) })])).toEqual({
      "entries[0].label": NAV_RULES.labelLength,
    });
    expect(issuesOf([link({ label: "Two\nlines" })])["entries[0].label"]).toMatch(/one line/);
  });

  it("allows one highlighted button, and only in the header", () => {
    expect(issuesOf([link({ button: true }), link({ button: true, place: "both" })])).toEqual({
      "entries[1].button": NAV_RULES.buttons,
    });
    expect(issuesOf([link({ button: true, place: "footer" })])).toEqual({
      "entries[0].button": NAV_RULES.buttonPlace,
    });
    expect(issuesOf([link({ button: true, place: "both" })])).toEqual({});
  });

  it("refuses a place, a screen or a kind it does not know, and a page that is no id", () => {
    expect(issuesOf([{ kind: "route", route: "home", place: "sidebar" }])).toEqual({
      "entries[0].place": NAV_RULES.place,
    });
    expect(issuesOf([{ kind: "route", route: "admin", place: "header" }])).toEqual({
      "entries[0].route": NAV_RULES.route,
    });
    expect(issuesOf([{ kind: "script", place: "header" }])).toEqual({
      "entries[0].kind": NAV_RULES.kind,
    });
    expect(issuesOf([{ kind: "page", page: "1 or 1=1", place: "header" }])).toEqual({
      "entries[0].page": NAV_RULES.page,
    });
  });

  it("refuses a screen or a page twice, too many links, and a post without the list", () => {
    expect(
      issuesOf([
        { kind: "route", route: "news", place: "header" },
        { kind: "route", route: "news", place: "footer" },
      ]),
    ).toEqual({ "entries[1]": NAV_RULES.twice });
    const many = Array.from({ length: NAV_LIMITS.links + 1 }, (_, i) => link({ label: `L${i}` }));
    expect(issuesOf(many)).toEqual({ [`entries[${NAV_LIMITS.links}].label`]: NAV_RULES.links });
    const none = submitted({ intent: "navigation-save" });
    expect(none.status !== "success" && none.error).toEqual({
      entries: [NAV_RULES.missing],
    });
  });

  it("is part of the settings, empty by default, and a stored list must pass it whole", () => {
    expect(SettingsSchema.parse({ name: "Studio" }).navigation).toEqual([]);
    expect(NavigationSchema.safeParse([{ kind: "link", label: "x", url: "data:," }]).success).toBe(
      false,
    );
    // A stored list keeps its booleans.
    expect(NavigationSchema.parse([{ ...link(), button: true, newTab: false }])[0]).toMatchObject({
      button: true,
      newTab: false,
    });
  });
});
