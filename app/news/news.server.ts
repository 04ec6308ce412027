import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { news } from "~/db/schema";

/** The client shape of a news item: created_at is exposed as `date` (SPEC section 3). */
export type NewsEntry = {
  id: string;
  title: string;
  content: string;
  date: string;
  updatedAt: string;
};

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
