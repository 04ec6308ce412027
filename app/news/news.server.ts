import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { news } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import type { NewsEntry } from "./news-schema";

function toEntry(row: typeof news.$inferSelect): NewsEntry {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    date: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Newest first; `limit` for Home's latest three. */
export async function listNews(
  db: Database,
  options: { limit?: number } = {},
): Promise<NewsEntry[]> {
  const query = db.select().from(news).orderBy(desc(news.createdAt), desc(news.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.map(toEntry);
}

/** null for an unknown or malformed id. */
export async function getNews(db: Database, id: string): Promise<NewsEntry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row ? toEntry(row) : null;
}

export async function createNews(
  db: Database,
  input: { title: string; content: string; createdAt?: Date },
): Promise<NewsEntry> {
  const [row] = await db
    .insert(news)
    .values({
      title: input.title.trim(),
      content: input.content.trim(),
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return toEntry(row!);
}

export type Actor = { id: string; email: string };

const NEWS_GONE = "This news item no longer exists.";

/** Staff: adds a news item and writes the audit log, in one transaction. */
export async function addNews(
  db: Database,
  input: { title: string; content: string },
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const entry = await createNews(tx as unknown as Database, input);
    await recordStaffAction(tx as unknown as Database, {
      actor,
      action: "news.create",
      subjectType: "news",
      subjectId: entry.id,
      details: { title: entry.title },
    });
    return entry;
  });
}

export async function updateNews(
  db: Database,
  id: string,
  input: { title: string; content: string },
  actor: Actor,
): Promise<NewsEntry> {
  if (!isUuid(id)) throw new AppError("not_found", NEWS_GONE);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(news)
      .set({ title: input.title.trim(), content: input.content.trim(), updatedAt: sql`now()` })
      .where(eq(news.id, id))
      .returning();
    if (!row) throw new AppError("not_found", NEWS_GONE);
    await recordStaffAction(tx as unknown as Database, {
      actor,
      action: "news.update",
      subjectType: "news",
      subjectId: id,
      details: { title: row.title },
    });
    return toEntry(row);
  });
}

export async function deleteNews(db: Database, id: string, actor: Actor): Promise<void> {
  if (!isUuid(id)) throw new AppError("not_found", NEWS_GONE);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning({ title: news.title });
    if (!row) throw new AppError("not_found", NEWS_GONE);
    await recordStaffAction(tx as unknown as Database, {
      actor,
      action: "news.delete",
      subjectType: "news",
      subjectId: id,
      details: { title: row.title },
    });
  });
}
