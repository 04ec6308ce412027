-- Manage News lists items by the date each shows (publication, or a draft's creation), newest first.
DROP INDEX "news_created_at_id_idx";--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "listed_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(published_at, created_at)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "news_listed_at_id_idx" ON "news" USING btree ("listed_at","id");