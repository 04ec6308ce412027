ALTER TABLE "games" ADD COLUMN "card_image" uuid;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "card_image_alt" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "key_art" uuid;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "key_art_alt" text;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_card_image_has_alt" CHECK ("games"."card_image" is null or length(trim(coalesce("games"."card_image_alt", ''))) > 0);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_key_art_has_alt" CHECK ("games"."key_art" is null or length(trim(coalesce("games"."key_art_alt", ''))) > 0);