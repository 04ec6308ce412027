import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { news } from "~/db/schema";
import { type MediaImage, mediaImages, renderWithMedia } from "~/media/index.server";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { zonedTimeToInstant } from "~/platform/dates/zoned-time";
import { AppError } from "~/platform/errors/app-error";
import { markdown } from "~/platform/markdown/lazy.server";
import { PAGE_SIZE, type Page, type PageRequest } from "~/platform/paging/cursor";
import { cursorTime, keyset, tablePage, toPage, whereAll } from "~/platform/paging/keyset.server";
import { searchText } from "~/platform/paging/search";
import type { SitemapUrl } from "~/platform/seo/sitemap";
import { SLUG_PATTERN, slugify } from "~/platform/seo/slug";
import { chooseSlug, freeSlug } from "~/platform/seo/unique-slug.server";
import type { PublicReads } from "~/platform/server/public-reads.server";
import {
  type NewsEntry,
  type NewsInput,
  type NewsState,
  type NewsSummary,
  PUBLISH_TIME_PASSED,
  publishTimePassed,
} from "./news-schema";

/** Where an item stands at `now`: a draft has no publication time. */
export function stateAt(publishedAt: Date | null, now = Date.now()): NewsState {
  if (!publishedAt) return "draft";
  return publishedAt.getTime() > now ? "scheduled" : "published";
}

function toEntry(row: typeof news.$inferSelect): NewsEntry {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    // The item's date: when it went (or goes) public; a draft's, when it was written.
    date: (row.publishedAt ?? row.createdAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    slug: row.slug,
    excerpt: row.excerpt,
    format: row.format === "text" ? "text" : "markdown",
    state: stateAt(row.publishedAt),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    coverImage: row.coverImage,
    coverAlt: row.coverAlt,
  };
}

/** Only what the public may see: items whose publication time has come. */
export const PUBLISHED = sql`(${news.publishedAt} is not null and ${news.publishedAt} <= now())`;

/** The admin list's state filter as a condition. */
function inState(state: NewsState | undefined): SQL | undefined {
  if (state === "draft") return sql`${news.publishedAt} is null`;
  if (state === "scheduled") return sql`${news.publishedAt} > now()`;
  if (state === "published") return PUBLISHED;
  return undefined;
}

/** Published items, newest first; `limit` for Home's latest three. */
export async function listNews(
  db: Database,
  options: { limit?: number } = {},
): Promise<NewsEntry[]> {
  const query = db
    .select()
    .from(news)
    .where(PUBLISHED)
    .orderBy(desc(news.publishedAt), desc(news.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.map(toEntry);
}

/** The text news search runs on (its GIN index is on this same expression, in the schema). */
export const NEWS_SEARCH_DOCUMENT = sql`to_tsvector('english', ${news.title} || ' ' || ${news.content})`;

/** A reader's search as a full-text condition (words, "quoted phrases", -excluded), or none. */
function matching(search: string | undefined): SQL | undefined {
  const words = searchText(search);
  if (!words) return undefined;
  return sql`${NEWS_SEARCH_DOCUMENT} @@ websearch_to_tsquery('english', ${words})`;
}

// A card's excerpt: the first paragraph as plain text, cut well past what three clamped lines show;
// made when the item is written (news.excerpt).
const EXCERPT_CHARS = 320;

/** The plain-text excerpt of an item's text. */
export async function excerptOf(format: NewsEntry["format"], content: string): Promise<string> {
  if (format === "text")
    return (content.trim().split(/\r?\n/)[0] ?? "").trim().slice(0, EXCERPT_CHARS);
  const { firstParagraphText, markdownText } = await markdown();
  return (firstParagraphText(content) || markdownText(content)).trim().slice(0, EXCERPT_CHARS);
}

/** The query of one page of the news list (exported for the index checks of the scale tests). */
export function newsPageQuery(
  db: Database,
  page: PageRequest,
  search: string | undefined,
  size: number,
) {
  const bounds = keyset({ at: news.publishedAt, id: news.id }, page, size);
  return db
    .select({
      id: news.id,
      slug: news.slug,
      title: news.title,
      excerpt: news.excerpt,
      publishedAt: news.publishedAt,
      at: cursorTime(news.publishedAt),
    })
    .from(news)
    .where(whereAll(PUBLISHED, matching(search), bounds.where))
    .orderBy(...bounds.orderBy)
    .limit(bounds.limit);
}

/**
 * One page of the news list, newest first, as cards show it (title, date, excerpt; never the whole
 * text), optionally only the items matching a search (docs/product.md#news-list).
 */
export async function listNewsPage(
  db: Database,
  options: { page?: PageRequest; search?: string; size?: number } = {},
): Promise<Page<NewsSummary>> {
  const page = options.page ?? { direction: "first" };
  const size = options.size ?? PAGE_SIZE;
  const rows = await newsPageQuery(db, page, options.search, size);
  return toPage(
    rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt.trim(),
      date: row.publishedAt!.toISOString(),
      cursor: { at: row.at, id: row.id },
    })),
    page,
    size,
  );
}

/**
 * One page of whole news items, optionally matching a search: for the API, the
 * published ones newest first; for the admin News tab (`staff`), every item by the date it shows,
 * newest first: published and scheduled ones by their publication as /news orders them, drafts by
 * when they were written; optionally only those in one state.
 */
export function listNewsEntriesPage(
  db: Database,
  options: {
    page: PageRequest;
    size: number;
    search?: string;
    staff?: { state?: NewsState };
  },
) {
  const { page: request, size, staff } = options;
  if (staff) {
    const where = whereAll(matching(options.search), inState(staff.state));
    return tablePage(db, news, { key: news.listedAt, id: news.id, request, size, where }, toEntry);
  }
  const where = whereAll(PUBLISHED, matching(options.search));
  return tablePage(db, news, { key: news.publishedAt, id: news.id, request, size, where }, toEntry);
}

/** How many published news items there are. */
export async function countNews(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(news).where(PUBLISHED);
  return row?.count ?? 0;
}

/** The next moment a scheduled item goes public, or null when none is scheduled. */
export async function nextPublication(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${news.publishedAt})` })
    .from(news)
    .where(sql`${news.publishedAt} > now()`);
  return row?.at ? new Date(row.at) : null;
}

/**
 * Part `part` (from 1) of the sitemap's article addresses, oldest first, `size` a part (oldest
 * first, so a part's rows stay put as news is added).
 */
export async function newsSitemapUrls(
  db: Database,
  site: string,
  part: number,
  size: number,
): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ slug: news.slug, updatedAt: news.updatedAt })
    .from(news)
    .where(PUBLISHED)
    .orderBy(news.publishedAt, news.id)
    .limit(size)
    .offset((part - 1) * size);
  return rows.map((row) => ({
    loc: `${site}/news/${row.slug}`,
    lastmod: row.updatedAt.toISOString(),
  }));
}

/** The newest items as cards show them (Home's latest three). */
export async function latestNews(db: Database, count: number): Promise<NewsSummary[]> {
  return (await listNewsPage(db, { size: count })).items;
}

/** Any item, whatever its state, by id (null for an unknown or malformed id). */
export async function getNews(db: Database, id: string): Promise<NewsEntry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row ? toEntry(row) : null;
}

/** A published item by id, as the public API shows one. */
export async function getPublishedNews(db: Database, id: string): Promise<NewsEntry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, id), PUBLISHED));
  return row ? toEntry(row) : null;
}

/**
 * An article page's item by its address, whatever its state (the page decides who may see it);
 * an old `/news/<id>` address finds the item too, to be redirected to its slug.
 */
export async function findNewsByAddress(db: Database, address: string): Promise<NewsEntry | null> {
  const [row] = await db
    .select()
    .from(news)
    .where(
      isUuid(address) ? or(eq(news.slug, address), eq(news.id, address)) : eq(news.slug, address),
    )
    .limit(1);
  return row ? toEntry(row) : null;
}

/** An item's HTML: Markdown rendered safely with its images from the media library, or the old
 * plain text a paragraph per line. */
export async function renderNewsContent(
  db: Database,
  entry: Pick<NewsEntry, "format" | "content">,
  siteUrl?: string,
): Promise<string> {
  if (entry.format === "text") return (await markdown()).renderPlainText(entry.content);
  return renderWithMedia(db, entry.content, siteUrl);
}

/**
 * An article page's parts: the item (whatever its state: the page decides who sees it), its HTML
 * and its cover; kept by the public read models, cleared by news writes and at publication times.
 */
export function readArticle(
  runtime: { db: Database; reads: PublicReads; env: { SITE_URL: string } },
  address: string,
): Promise<{
  article: NewsEntry;
  html: string;
  cover: { image: MediaImage; alt: string } | null;
} | null> {
  const { db, reads, env } = runtime;
  // Nothing else can name an item: no query (a NUL in the address made the database refuse it, a
  // 500 found by fuzzing), and nothing kept, for it.
  if (!SLUG_PATTERN.test(address) && !isUuid(address)) return Promise.resolve(null);
  return reads.read(`news-article ${address}`, async () => {
    const article = await findNewsByAddress(db, address);
    if (!article) return null;
    const [html, covers] = await Promise.all([
      renderNewsContent(db, article, env.SITE_URL),
      article.coverImage ? mediaImages(db, [article.coverImage]) : null,
    ]);
    const image = article.coverImage ? covers?.get(article.coverImage) : undefined;
    return { article, html, cover: image ? { image, alt: article.coverAlt ?? "" } : null };
  });
}

/** Test and demo seeding: a published item (at `createdAt`, or now). */
export async function createNews(
  db: Database,
  input: { title: string; content: string; createdAt?: Date; format?: "markdown" | "text" },
): Promise<NewsEntry> {
  const format = input.format ?? "text";
  const content = input.content.trim();
  const slug = await freeSlug(db, NEWS_SLUGS, slugify(input.title, "news"));
  const [row] = await db
    .insert(news)
    .values({
      title: input.title.trim(),
      content,
      format,
      slug,
      excerpt: await excerptOf(format, content),
      publishedAt: input.createdAt ?? sql`now()`,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return toEntry(row!);
}

export type Actor = { id: string; email: string };
/** What a write needs to know of the studio: the zone its scheduled times are typed in. */
export type Studio = { timeZone: string };

const NEWS_GONE = "This news item no longer exists.";
const SLUG_TAKEN = "This address is already used by another news item";
const NEWS_SLUGS = { table: news, slug: news.slug, id: news.id };

/** The columns a form's input sets: slug, state and time, cover, excerpt. */
async function columnsOf(
  db: Database,
  input: NewsInput,
  studio: Studio,
  current: { id: string; slug: string; format: string; publishedAt: Date | null } | null,
) {
  const title = input.title.trim();
  const content = input.content.trim();
  const format = current?.format === "text" ? "text" : "markdown";
  // An item keeps its address unless staff type another: links to it must keep working.
  const slug = await chooseSlug(db, NEWS_SLUGS, {
    typed: input.slug ?? current?.slug,
    title,
    fallback: "news",
    exceptId: current?.id,
    taken: SLUG_TAKEN,
  });
  let publishedAt: Date | SQL | null;
  if (input.state === "draft") publishedAt = null;
  else if (input.state === "scheduled") {
    const at = zonedTimeToInstant(input.publishAt ?? "", studio.timeZone);
    if (!at) throw new AppError("invalid", "Enter a valid date and time", { field: "publishAt" });
    // A past time would publish at once, back-dated, while staff believe it scheduled.
    if (publishTimePassed(at))
      throw new AppError("invalid", PUBLISH_TIME_PASSED, { field: "publishAt" });
    publishedAt = at;
  } else {
    // Published: an item already public keeps its date; otherwise it goes public now.
    publishedAt =
      current?.publishedAt && current.publishedAt.getTime() <= Date.now()
        ? current.publishedAt
        : sql`now()`;
  }
  if (input.coverImage && !(await mediaImages(db, [input.coverImage])).has(input.coverImage))
    throw new AppError("invalid", "Upload the cover image again", { field: "coverImage" });
  return {
    title,
    content,
    format,
    slug,
    publishedAt,
    excerpt: await excerptOf(format, content),
    coverImage: input.coverImage ?? null,
    coverAlt: input.coverImage ? (input.coverAlt ?? null) : null,
  };
}

/** The audit log's words for a state change: what staff will look for later. */
function publishingAction(before: NewsState | null, after: NewsEntry): string | null {
  if (after.state === before) return null;
  if (after.state === "published") return "news.publish";
  if (after.state === "scheduled") return "news.schedule";
  return before ? "news.unpublish" : null;
}

async function recordPublishing(
  db: Database,
  actor: Actor,
  before: NewsState | null,
  entry: NewsEntry,
) {
  const action = publishingAction(before, entry);
  if (!action) return;
  await recordStaffAction(db, {
    actor,
    action,
    subjectType: "news",
    subjectId: entry.id,
    details: { title: entry.title, slug: entry.slug, publishedAt: entry.publishedAt },
  });
}

/** Staff: adds a news item and writes the audit log, in one transaction. */
export async function addNews(
  db: Database,
  input: NewsInput,
  actor: Actor,
  studio: Studio = { timeZone: "UTC" },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(news)
      .values(await columnsOf(tx, input, studio, null))
      .returning();
    const entry = toEntry(row!);
    await recordStaffAction(tx, {
      actor,
      action: "news.create",
      subjectType: "news",
      subjectId: entry.id,
      details: { title: entry.title, state: entry.state },
    });
    await recordPublishing(tx, actor, null, entry);
    return entry;
  });
}

export async function updateNews(
  db: Database,
  id: string,
  input: NewsInput,
  actor: Actor,
  studio: Studio = { timeZone: "UTC" },
): Promise<NewsEntry> {
  if (!isUuid(id)) throw new AppError("not_found", NEWS_GONE);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(news).where(eq(news.id, id)).for("update");
    if (!current) throw new AppError("not_found", NEWS_GONE);
    const [row] = await tx
      .update(news)
      .set({ ...(await columnsOf(tx, input, studio, current)), updatedAt: sql`now()` })
      .where(eq(news.id, id))
      .returning();
    const entry = toEntry(row!);
    await recordStaffAction(tx, {
      actor,
      action: "news.update",
      subjectType: "news",
      subjectId: id,
      details: { title: entry.title, state: entry.state },
    });
    await recordPublishing(tx, actor, stateAt(current.publishedAt), entry);
    return entry;
  });
}

export async function deleteNews(db: Database, id: string, actor: Actor): Promise<void> {
  if (!isUuid(id)) throw new AppError("not_found", NEWS_GONE);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning({ title: news.title });
    if (!row) throw new AppError("not_found", NEWS_GONE);
    await recordStaffAction(tx, {
      actor,
      action: "news.delete",
      subjectType: "news",
      subjectId: id,
      details: { title: row.title },
    });
  });
}
