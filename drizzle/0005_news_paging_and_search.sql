DROP INDEX "news_created_at_idx";--> statement-breakpoint
CREATE INDEX "news_created_at_id_idx" ON "news" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "news_search_idx" ON "news" USING gin (to_tsvector('english', "title" || ' ' || "content"));