CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_size_positive" CHECK ("media"."width" > 0 and "media"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "about" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "gallery" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "trailer_url" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "platforms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "store_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "release_date" date;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "slug" text;--> statement-breakpoint
-- Items written before Markdown stay plain text; new ones default to Markdown.
ALTER TABLE "news" ADD COLUMN "format" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "format" SET DEFAULT 'markdown';--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "excerpt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "cover_image" uuid;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "cover_alt" text;--> statement-breakpoint
-- Every existing item was public from its creation; its excerpt is its first line, as the list showed it.
UPDATE "news" SET "published_at" = "created_at",
  "excerpt" = left(split_part(btrim("content", ' ' || chr(9) || chr(10) || chr(13)), chr(10), 1), 320);--> statement-breakpoint
-- Slugs from titles: lowercase ascii words joined by "-"; a repeat gets the start of its id.
WITH base AS (
  SELECT "id", coalesce(nullif(left(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), 80), ''), 'news') AS slug,
    row_number() OVER (PARTITION BY coalesce(nullif(left(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), 80), ''), 'news') ORDER BY "created_at", "id") AS n
  FROM "news")
UPDATE "news" SET "slug" = trim(both '-' from base.slug) || CASE WHEN base.n = 1 THEN '' ELSE '-' || left(base."id"::text, 8) END
  FROM base WHERE base."id" = "news"."id";--> statement-breakpoint
WITH base AS (
  SELECT "id", coalesce(nullif(left(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), 80), ''), 'game') AS slug,
    row_number() OVER (PARTITION BY coalesce(nullif(left(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), 80), ''), 'game') ORDER BY "created_at", "id") AS n
  FROM "games")
UPDATE "games" SET "slug" = trim(both '-' from base.slug) || CASE WHEN base.n = 1 THEN '' ELSE '-' || left(base."id"::text, 8) END
  FROM base WHERE base."id" = "games"."id";--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_slug_idx" ON "games" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "news_published_at_id_idx" ON "news" USING btree ("published_at","id") WHERE "news"."published_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "news_slug_idx" ON "news" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_slug_valid" CHECK ("games"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_format_valid" CHECK ("news"."format" in ('markdown', 'text'));--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_slug_valid" CHECK ("news"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_cover_has_alt" CHECK ("news"."cover_image" is null or length(trim(coalesce("news"."cover_alt", ''))) > 0);