CREATE TABLE "press_downloads" (
	"kit_id" uuid NOT NULL,
	"file" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_kits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid,
	"listed" boolean DEFAULT true NOT NULL,
	"embargo_until" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"zips_built_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "press_downloads" ADD CONSTRAINT "press_downloads_kit_id_press_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."press_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_kits" ADD CONSTRAINT "press_kits_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "press_downloads_file_idx" ON "press_downloads" USING btree ("kit_id","file");--> statement-breakpoint
CREATE UNIQUE INDEX "press_kits_scope_idx" ON "press_kits" USING btree (coalesce("game_id"::text, 'studio'));