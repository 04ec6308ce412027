import { isUuid } from "~/db/ids";
import {
  hasNoControlCharacters,
  isSingleLine,
  isWebUrl,
  singleLine,
} from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { SLUG_PATTERN } from "~/platform/seo/slug";
import { inHeader, NAV_PLACES, type NavEntry, ROUTE_KEYS } from "./navigation";

// The navigation's one schema (docs/product.md#navigation): the editor's form in the browser, its
// action on the server, and every read of the stored settings, which keep the list whole or not
// at all.

export const NAV_LIMITS = { entries: 60, links: 12, label: 40, url: 2_048, buttons: 1 } as const;

export const NAV_RULES = {
  place: "Choose where the link shows",
  kind: "This entry is not a route, a page or a link",
  route: "Choose one of the site's screens",
  page: "This page no longer exists",
  label: "Give the link a label",
  labelLength: `A label must be at most ${NAV_LIMITS.label} characters`,
  url: "Write a full address starting with https:// or http://",
  urlLength: `An address must be at most ${NAV_LIMITS.url} characters`,
  links: `At most ${NAV_LIMITS.links} links of your own`,
  entries: `At most ${NAV_LIMITS.entries} entries`,
  buttonPlace: "A button shows in the header: place this link in the header",
  buttons: "Only one link can be the header's button",
  twice: "This is in the list twice",
  missing: "The list of links is missing. Reload the page and try again.",
} as const;

/** A checkbox posts "on" when ticked and nothing when not; a stored value is a boolean. */
const checkbox = z.preprocess((value) => value === true || value === "on", z.boolean());

const place = z.enum(NAV_PLACES, { error: NAV_RULES.place });

const RouteEntry = z.object({
  kind: z.literal("route"),
  route: z.enum(ROUTE_KEYS, { error: NAV_RULES.route }),
  place,
});

const PageEntry = z.object({
  kind: z.literal("page"),
  page: z.string({ error: NAV_RULES.page }).trim().toLowerCase().refine(isUuid, NAV_RULES.page),
  // The page's address when it was placed: another install (a settings import) finds it by this.
  slug: z
    .string({ error: NAV_RULES.page })
    .trim()
    .refine((v) => v === "" || SLUG_PATTERN.test(v), NAV_RULES.page)
    .default(""),
  place,
});

const LinkEntry = z.object({
  kind: z.literal("link"),
  label: z
    .string({ error: NAV_RULES.label })
    .trim()
    .min(1, NAV_RULES.label)
    .max(NAV_LIMITS.label, NAV_RULES.labelLength)
    .refine(isSingleLine, singleLine("A label")),
  url: z
    .string({ error: NAV_RULES.url })
    .trim()
    .max(NAV_LIMITS.url, NAV_RULES.urlLength)
    .refine((v) => hasNoControlCharacters(v) && isWebUrl(v), NAV_RULES.url),
  place,
  button: checkbox.default(false),
  newTab: checkbox.default(false),
});

const NavEntrySchema = z.discriminatedUnion("kind", [RouteEntry, PageEntry, LinkEntry], {
  error: NAV_RULES.kind,
});
// The schema's entries are the type the navigation arranges.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameEntry: Same<z.output<typeof NavEntrySchema>, NavEntry> = true;
void sameEntry;

/** The stored list: checked as a whole (one button, no entry twice). */
export const NavigationSchema = z
  .array(NavEntrySchema, {
    error: (issue) => (issue.input === undefined ? NAV_RULES.missing : NAV_RULES.kind),
  })
  .max(NAV_LIMITS.entries, NAV_RULES.entries)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    let links = 0;
    let buttons = 0;
    entries.forEach((entry, index) => {
      const key =
        entry.kind === "route"
          ? `route:${entry.route}`
          : entry.kind === "page"
            ? `page:${entry.page}`
            : null;
      if (key && seen.has(key))
        ctx.addIssue({ code: "custom", message: NAV_RULES.twice, path: [index] });
      if (key) seen.add(key);
      if (entry.kind !== "link") return;
      links++;
      if (links === NAV_LIMITS.links + 1)
        ctx.addIssue({ code: "custom", message: NAV_RULES.links, path: [index, "label"] });
      if (!entry.button) return;
      buttons++;
      if (!inHeader(entry.place))
        ctx.addIssue({ code: "custom", message: NAV_RULES.buttonPlace, path: [index, "button"] });
      else if (buttons > NAV_LIMITS.buttons)
        ctx.addIssue({ code: "custom", message: NAV_RULES.buttons, path: [index, "button"] });
    });
  });

/** The navigation editor's form: its entries, in order (never none: the site's screens are in it). */
export const NavigationFormSchema = z.object({ entries: NavigationSchema });
