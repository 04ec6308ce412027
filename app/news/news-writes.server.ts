import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { news } from "~/db/schema";
import { mediaImages } from "~/media/index.server";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { clockNow, SQL_NOW } from "~/platform/clock/clock.server";
import { zonedTimeToInstant } from "~/platform/dates/zoned-time";
import { AppError } from "~/platform/errors/app-error";
import type { Jobs } from "~/platform/jobs/jobs.server";
import { markdown } from "~/platform/markdown/lazy.server";
import { slugify } from "~/platform/seo/slug";
import { chooseSlug, freeSlug } from "~/platform/seo/unique-slug.server";
import { aboutOf, type Current, tieGames } from "./news-about-writes.server";
import { stateAt, toEntries } from "./news-entry.server";
import {
  type NewsEntry,
  type NewsInput,
  type NewsState,
  PUBLISH_TIME_PASSED,
  publishTimePassed,
} from "./news-schema";

// The news feature's writes: staff's add, update and delete, each with its audit log lines in one
// transaction, and the seeding of tests and demo content.

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

/** Test and demo seeding: a published item (at `createdAt`, or now). */
export async function createNews(
  db: Database,
  input: {
    title: string;
    content: string;
    createdAt?: Date;
    format?: "markdown" | "text";
    kind?: NewsInput["kind"];
    version?: string;
    tags?: string[];
    /** Ids of the games it is about. */
    games?: string[];
  },
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
      publishedAt: input.createdAt ?? sql`${SQL_NOW}`,
      kind: input.kind ?? "news",
      version: input.version ?? null,
      tags: input.tags ?? [],
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  await tieGames(db, row!.id, input.games ?? []);
  return (await toEntries(db, [row!]))[0]!;
}

export type Actor = { id: string; email: string };
/**
 * What a write needs of the studio: the zone its scheduled times are typed in, and the job queue
 * it tells of the change (`news.changed`).
 */
export type Studio = {
  timeZone: string;
  jobs: Pick<Jobs, "publish">;
};

/** The event every staff write of a news item publishes, once committed (docs/architecture.md#jobs). */
export const NEWS_CHANGED = "news.changed";
export type NewsChanged = { id: string };

/**
 * Tells the queues that follow news (the newsletter, announcements) that an item changed: now, and
 * again at its publication time when that is still to come, so a scheduled post goes out at its
 * time without a clock of its own. The followers read the item as it is when they run, so a late,
 * repeated or lost nudge changes nothing but timing (their sweep finds what a lost one missed).
 */
async function publishChange(studio: Pick<Studio, "jobs">, id: string, publishedAt: string | null) {
  const data: NewsChanged = { id };
  await studio.jobs.publish(NEWS_CHANGED, data);
  const at = publishedAt ? new Date(publishedAt) : null;
  if (at && at.getTime() > clockNow().getTime())
    await studio.jobs.publish(NEWS_CHANGED, data, { startAfter: at });
}

const NEWS_GONE = "This news item no longer exists.";
const SLUG_TAKEN = "This address is already used by another news item";
const NEWS_SLUGS = { table: news, slug: news.slug, id: news.id };

/** The columns a form's input sets: slug, state and time, cover, excerpt, kind, tags, lists. */
async function columnsOf(
  db: Database,
  input: NewsInput,
  studio: Studio,
  current: Current | null,
  mailLists: string[],
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
    if (publishTimePassed(at, clockNow().getTime()))
      throw new AppError("invalid", PUBLISH_TIME_PASSED, { field: "publishAt" });
    publishedAt = at;
  } else {
    // Published: an item already public keeps its date; otherwise it goes public now.
    publishedAt =
      current?.publishedAt && current.publishedAt.getTime() <= clockNow().getTime()
        ? current.publishedAt
        : sql`${SQL_NOW}`;
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
    kind: input.kind,
    version: input.kind === "patch-notes" ? (input.version ?? null) : null,
    tags: input.tags,
    mailLists,
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
export async function addNews(db: Database, input: NewsInput, actor: Actor, studio: Studio) {
  const entry = await db.transaction(async (tx) => {
    const { gameIds, mailLists } = await aboutOf(tx, input, null);
    const [row] = await tx
      .insert(news)
      .values(await columnsOf(tx, input, studio, null, mailLists))
      .returning();
    await tieGames(tx, row!.id, gameIds);
    const entry = (await toEntries(tx, [row!]))[0]!;
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
  await publishChange(studio, entry.id, entry.publishedAt);
  return entry;
}

export async function updateNews(
  db: Database,
  id: string,
  input: NewsInput,
  actor: Actor,
  studio: Studio,
): Promise<NewsEntry> {
  if (!isUuid(id)) throw new AppError("not_found", NEWS_GONE);
  const entry = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(news).where(eq(news.id, id)).for("update");
    if (!current) throw new AppError("not_found", NEWS_GONE);
    const { gameIds, mailLists } = await aboutOf(tx, input, current);
    const [row] = await tx
      .update(news)
      .set({ ...(await columnsOf(tx, input, studio, current, mailLists)), updatedAt: sql`now()` })
      .where(eq(news.id, id))
      .returning();
    await tieGames(tx, id, gameIds);
    const entry = (await toEntries(tx, [row!]))[0]!;
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
  await publishChange(studio, entry.id, entry.publishedAt);
  return entry;
}

export async function deleteNews(
  db: Database,
  id: string,
  actor: Actor,
  studio: Pick<Studio, "jobs">,
): Promise<void> {
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
  await publishChange(studio, id, null);
}
