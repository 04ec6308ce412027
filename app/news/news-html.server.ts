import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { news } from "~/db/schema";
import { keptHtml } from "~/platform/markdown/kept-html.server";
import { renderNewsContent } from "./news.server";

// An item's HTML as readers get it (its page, the feeds, its newsletter mail): rendered once and
// kept in its row beside the text (app/platform/markdown/kept-html.server.ts), made again on the
// first read after the text, the renderer or the site's address changed. The editor's preview
// renders what it is sent (renderNewsContent), never kept.

type KeptNews = Pick<
  typeof news.$inferSelect,
  "id" | "format" | "content" | "contentHtml" | "contentHtmlStamp"
>;

/** An item's HTML from its row (which holds the kept one). */
export function newsHtml(db: Database, row: KeptNews, siteUrl: string): Promise<string> {
  const format = row.format === "text" ? "text" : "markdown";
  return keptHtml(
    { html: row.contentHtml, stamp: row.contentHtmlStamp },
    `${format}\n${row.content}`,
    siteUrl,
    () => renderNewsContent(db, { format, content: row.content }, siteUrl),
    (made) =>
      db
        .update(news)
        .set({ contentHtml: made.html, contentHtmlStamp: made.stamp })
        .where(eq(news.id, row.id)),
  );
}

/** Several items' HTML by id, in the order given, their kept HTML read in one query ("" for an id
 * no item has). */
export async function newsHtmlOf(
  db: Database,
  ids: readonly string[],
  siteUrl: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: news.id,
      format: news.format,
      content: news.content,
      contentHtml: news.contentHtml,
      contentHtmlStamp: news.contentHtmlStamp,
    })
    .from(news)
    .where(inArray(news.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return Promise.all(
    ids.map((id) => {
      const row = byId.get(id);
      return row ? newsHtml(db, row, siteUrl) : "";
    }),
  );
}
