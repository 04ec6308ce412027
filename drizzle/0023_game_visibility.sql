-- Games get a visibility (public, unlisted, draft) and an announce time; announcement messages keep
-- the publication time the remote was told (docs/product.md#game-visibility).
ALTER TABLE "announcement_messages" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "announce_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_visibility_valid" CHECK ("games"."visibility" in ('public', 'unlisted', 'draft'));