-- Posts say what they are about (docs/product.md#news-about-games): games (news_games), a kind,
-- a version for patch notes, tags, and the mail lists chosen for them. Existing posts stay about
-- the studio, kind News; the lists already chosen move onto their posts, and a send not yet started
-- is made again from them by the newsletter's queue once its post is public.
CREATE TABLE "news_games" (
	"news_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "news_games_news_id_game_id_pk" PRIMARY KEY("news_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "kind" text DEFAULT 'news' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "version" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "mail_lists" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "news_games" ADD CONSTRAINT "news_games_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_games" ADD CONSTRAINT "news_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_games_game_idx" ON "news_games" USING btree ("game_id","news_id");--> statement-breakpoint
CREATE INDEX "news_tags_idx" ON "news" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "news_kind_published_at_idx" ON "news" USING btree ("kind","published_at","id") WHERE "news"."published_at" is not null;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_kind_valid" CHECK ("news"."kind" in ('news', 'devlog', 'patch-notes', 'event', 'launch'));--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_version_only_patch_notes" CHECK ("news"."version" is null or ("news"."kind" = 'patch-notes' and length("news"."version") between 1 and 32));--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_tags_few" CHECK (cardinality("news"."tags") <= 8);--> statement-breakpoint
UPDATE "news" SET "mail_lists" = coalesce((
  SELECT array_agg(coalesce(l."game_id"::text, 'studio') ORDER BY e."ord")
  FROM "newsletter_sends" s
  CROSS JOIN LATERAL jsonb_array_elements_text(s."lists") WITH ORDINALITY AS e("list_id", "ord")
  JOIN "subscriber_lists" l ON l."id"::text = e."list_id"
  WHERE s."news_id" = "news"."id"), '{}'::text[]);--> statement-breakpoint
DELETE FROM "newsletter_sends" WHERE "state" = 'pending';