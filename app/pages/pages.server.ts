import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { pages } from "~/db/schema";
import { renderWithMedia } from "~/media/index.server";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import { keptHtml } from "~/platform/markdown/kept-html.server";
import { markdown } from "~/platform/markdown/lazy.server";
import type { SitemapUrl } from "~/platform/seo/sitemap";
import { SLUG_PATTERN } from "~/platform/seo/slug";
import { chooseSlug } from "~/platform/seo/unique-slug.server";
import {
  isReservedSlug,
  type NavPage,
  type PageEntry,
  type PageInput,
  type PagePlacement,
  RESERVED_SLUG,
} from "./page-schema";
import { type PrivacyFacts, privacyPolicyDraft } from "./privacy-template";

// The pages feature's reads and writes: the studio's own Markdown pages at /<slug>
// (docs/product.md#pages). Each write and its audit line are one transaction.

type Actor = { id: string; email: string };

const PAGE_SLUGS = { table: pages, slug: pages.slug, id: pages.id };
const PAGE_GONE = "This page no longer exists.";
const SLUG_TAKEN = "This address is already used by another page";
const EXCERPT_CHARS = 300;

function toEntry(row: typeof pages.$inferSelect): PageEntry {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    state: row.published ? "published" : "draft",
    placement: row.placement === "header" || row.placement === "footer" ? row.placement : "none",
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every page, for staff: the navigation's pages first, then by title. */
export async function listPages(db: Database): Promise<PageEntry[]> {
  const rows = await db.select().from(pages).orderBy(asc(pages.title), asc(pages.id));
  return rows.map(toEntry);
}

/**
 * The published pages, in title order, for the header's and the footer's links: the navigation
 * (docs/product.md#navigation) places them, or their own placement until it does.
 */
export async function navigationPages(db: Database): Promise<NavPage[]> {
  const rows = await db
    .select({ id: pages.id, slug: pages.slug, title: pages.title, placement: pages.placement })
    .from(pages)
    .where(eq(pages.published, true))
    .orderBy(asc(pages.title), asc(pages.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    placement: row.placement === "header" || row.placement === "footer" ? row.placement : "none",
    published: true,
  }));
}

/**
 * A page at its address with its HTML, whatever its state (the route decides who sees a draft);
 * null for an address no page has. An address that cannot be a slug is not looked up.
 */
export async function readPage(
  db: Database,
  slug: string,
  siteUrl: string,
): Promise<{ page: PageEntry; html: string } | null> {
  if (!SLUG_PATTERN.test(slug) || isReservedSlug(slug)) return null;
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  if (!row) return null;
  // Rendered once and kept in the row (app/platform/markdown/kept-html.server.ts).
  const html = await keptHtml(
    { html: row.contentHtml, stamp: row.contentHtmlStamp },
    row.content,
    siteUrl,
    () => renderWithMedia(db, row.content, siteUrl),
    (made) =>
      db
        .update(pages)
        .set({ contentHtml: made.html, contentHtmlStamp: made.stamp })
        .where(eq(pages.id, row.id)),
  );
  return { page: toEntry(row), html };
}

/** Published pages for the sitemap. */
export async function pageSitemapUrls(db: Database, site: string): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ slug: pages.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.published, true))
    .orderBy(desc(pages.updatedAt));
  return rows.map((row) => ({ loc: `${site}/${row.slug}`, lastmod: row.updatedAt.toISOString() }));
}

/**
 * Whether a page with this address exists, or only a published one (the first-run offer of a
 * privacy policy, and the owner's checklist).
 */
export async function hasPage(
  db: Database,
  slug: string,
  options: { published?: boolean } = {},
): Promise<boolean> {
  const [row] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.slug, slug), options.published ? eq(pages.published, true) : undefined))
    .limit(1);
  return Boolean(row);
}

async function excerptOf(content: string): Promise<string> {
  const { firstParagraphText, markdownText } = await markdown();
  return (firstParagraphText(content) || markdownText(content)).trim().slice(0, EXCERPT_CHARS);
}

async function columnsOf(
  db: Database,
  input: PageInput,
  current: { id: string; slug: string } | null,
) {
  const title = input.title.trim();
  // A page keeps its address unless staff type another: links to it must keep working.
  const slug = await chooseSlug(db, PAGE_SLUGS, {
    typed: input.slug ?? current?.slug,
    title,
    fallback: "page",
    exceptId: current?.id,
    taken: SLUG_TAKEN,
  });
  // A title made of a reserved word ("News") makes a slug that is refused like a typed one.
  if (isReservedSlug(slug)) throw new AppError("conflict", RESERVED_SLUG, { field: "slug" });
  const content = input.content.trim();
  return {
    title,
    slug,
    content,
    excerpt: await excerptOf(content),
    published: input.state === "published",
    placement: input.placement satisfies PagePlacement,
  };
}

export async function addPage(db: Database, input: PageInput, actor: Actor): Promise<PageEntry> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pages)
      .values(await columnsOf(tx, input, null))
      .returning();
    await recordStaffAction(tx, {
      actor,
      action: "page.create",
      subjectType: "page",
      subjectId: row!.id,
      details: { slug: row!.slug, published: row!.published },
    });
    return toEntry(row!);
  });
}

export async function updatePage(
  db: Database,
  id: string,
  input: PageInput,
  actor: Actor,
): Promise<PageEntry> {
  // Not an id at all (a forged form): gone, as the database would refuse to compare it.
  if (!isUuid(id)) throw new AppError("not_found", PAGE_GONE);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: pages.id, slug: pages.slug })
      .from(pages)
      .where(eq(pages.id, id))
      .for("update");
    if (!current) throw new AppError("not_found", PAGE_GONE);
    const [row] = await tx
      .update(pages)
      .set({ ...(await columnsOf(tx, input, current)), updatedAt: sql`now()` })
      .where(eq(pages.id, id))
      .returning();
    await recordStaffAction(tx, {
      actor,
      action: "page.update",
      subjectType: "page",
      subjectId: id,
      details: { slug: row!.slug, published: row!.published },
    });
    return toEntry(row!);
  });
}

export async function deletePage(db: Database, id: string, actor: Actor): Promise<void> {
  if (!isUuid(id)) throw new AppError("not_found", PAGE_GONE);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(pages).where(eq(pages.id, id)).returning({ slug: pages.slug });
    if (!row) throw new AppError("not_found", PAGE_GONE);
    await recordStaffAction(tx, {
      actor,
      action: "page.delete",
      subjectType: "page",
      subjectId: id,
      details: { slug: row.slug },
    });
  });
}

/**
 * The privacy policy offered on first run: a draft at /privacy, built from what the site keeps and
 * loads from elsewhere today (the facts the caller read), for staff to complete before publishing.
 */
export async function draftPrivacyPolicy(db: Database, actor: Actor, facts: PrivacyFacts) {
  return addPage(
    db,
    {
      title: "Privacy policy",
      slug: "privacy",
      content: privacyPolicyDraft(facts),
      state: "draft",
      placement: "footer",
    },
    actor,
  );
}
