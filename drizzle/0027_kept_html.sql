ALTER TABLE "games" ADD COLUMN "about_html" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "about_html_stamp" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "content_html_stamp" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "content_html_stamp" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "sections_html" jsonb;