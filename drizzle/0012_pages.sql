CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"placement" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_title_not_blank" CHECK (length(trim("pages"."title")) > 0),
	CONSTRAINT "pages_content_not_blank" CHECK (length(trim("pages"."content")) > 0),
	CONSTRAINT "pages_slug_valid" CHECK ("pages"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "pages_placement_valid" CHECK ("pages"."placement" in ('none', 'header', 'footer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_idx" ON "pages" USING btree ("slug");