import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { SLUG_MAX, SLUG_PATTERN, SLUG_RULE } from "~/platform/seo/slug";

// The pages form's one schema (docs/product.md#pages): the studio's own Markdown pages at /<slug>
// (About, Jobs, Press contact, Privacy policy, Imprint), drafts or published, linked from the header
// or the footer when staff choose.

export const PAGE_LIMITS = { title: 120, content: 50_000 } as const;
export const PAGE_FILL_FIELDS = "Please fill in all fields";

/** Where the navigation links a page. */
export const PAGE_PLACEMENTS = ["none", "header", "footer"] as const;
export type PagePlacement = (typeof PAGE_PLACEMENTS)[number];
export const PAGE_PLACEMENT_LABELS: Record<PagePlacement, string> = {
  none: "Not in the navigation",
  header: "Header",
  footer: "Footer",
};

export const PAGE_STATES = ["draft", "published"] as const;
export type PageState = (typeof PAGE_STATES)[number];
export const PAGE_STATE_LABELS: Record<PageState, string> = {
  draft: "Draft",
  published: "Published",
};

/**
 * Addresses a page cannot take: the first part of every route the site has (routes.ts; a repository
 * test holds this list to it) and of the addresses its features use or will use, plus the files a
 * browser or crawler asks for at the root.
 */
export const RESERVED_SLUGS = new Set([
  // routes.ts
  "admin",
  "api",
  "auth",
  "avatars",
  "contact",
  "games",
  "healthz",
  "livez",
  "media",
  "news",
  "profile",
  "readyz",
  "role-management",
  "sitemaps",
  // features' addresses (press kit, newsletter, invitations) and common root names
  "account",
  "assets",
  "dashboard",
  "docs",
  "favicon",
  "feed",
  "fonts",
  "invitations",
  "invite",
  "login",
  "logout",
  "newsletter",
  "pages",
  "preferences",
  "press",
  "presskit",
  "register",
  "rss",
  "search",
  "settings",
  "sheet",
  "signin",
  "signup",
  "static",
  "subscribe",
  "unsubscribe",
  "uploads",
  "well-known",
]);

export const RESERVED_SLUG =
  "This address belongs to the site (e.g. /news or /admin). Choose another one.";

/** Whether a page may not take this address. */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

export const PageSchema = z.object({
  title: z
    .string({ error: PAGE_FILL_FIELDS })
    .trim()
    .min(1, PAGE_FILL_FIELDS)
    .max(PAGE_LIMITS.title, `Title must be at most ${PAGE_LIMITS.title} characters`)
    .refine(hasNoControlCharacters, noControlCharacters("Title")),
  content: z
    .string({ error: PAGE_FILL_FIELDS })
    .trim()
    .min(1, PAGE_FILL_FIELDS)
    .max(PAGE_LIMITS.content, `Content must be at most ${PAGE_LIMITS.content} characters`)
    .refine(hasNoControlCharacters, noControlCharacters("Content")),
  // Empty: made from the title.
  slug: optionalText.pipe(
    z
      .string()
      .max(SLUG_MAX, `Address must be at most ${SLUG_MAX} characters`)
      .regex(SLUG_PATTERN, SLUG_RULE)
      .refine((slug) => !isReservedSlug(slug), RESERVED_SLUG)
      .optional(),
  ),
  state: z.enum(PAGE_STATES, { error: "Choose Draft or Published" }).default("draft"),
  placement: z
    .enum(PAGE_PLACEMENTS, { error: "Choose where the navigation links the page" })
    .default("none"),
});
export type PageInput = z.infer<typeof PageSchema>;

/** The pages a site is offered as drafts: today the privacy policy (a fresh site has none). */
export const PageTemplateSchema = z.object({
  template: z.enum(["privacy"], { error: "Choose a page to start from" }),
});

/** A page as staff and readers get it. */
export type PageEntry = {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  state: PageState;
  placement: PagePlacement;
  updatedAt: string;
};

/** A published page as the header's and the footer's links see it. */
export type NavPage = {
  id: string;
  slug: string;
  title: string;
  placement: PagePlacement;
  published: true;
};
