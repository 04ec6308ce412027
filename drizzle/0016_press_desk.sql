CREATE TABLE "press_coverage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"request_id" uuid,
	"url" text NOT NULL,
	"outlet" text NOT NULL,
	"kind" text NOT NULL,
	"published_on" date NOT NULL,
	"score" text,
	"quote" text,
	"show_on_kit" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_key_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"name" text NOT NULL,
	"outlet" text NOT NULL,
	"outlet_url" text NOT NULL,
	"audience" text NOT NULL,
	"platform" text NOT NULL,
	"message" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "press_key_requests_status_valid" CHECK ("press_key_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "press_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"sealed" text NOT NULL,
	"fingerprint" text NOT NULL,
	"embargo_until" timestamp with time zone,
	"state" text DEFAULT 'available' NOT NULL,
	"request_id" uuid,
	"sent_to" text,
	"sent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "press_keys_state_valid" CHECK ("press_keys"."state" in ('available', 'sent', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "press_coverage" ADD CONSTRAINT "press_coverage_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_coverage" ADD CONSTRAINT "press_coverage_request_id_press_key_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."press_key_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_key_requests" ADD CONSTRAINT "press_key_requests_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_keys" ADD CONSTRAINT "press_keys_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_keys" ADD CONSTRAINT "press_keys_request_id_press_key_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."press_key_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_coverage_game_idx" ON "press_coverage" USING btree ("game_id","published_on");--> statement-breakpoint
CREATE INDEX "press_key_requests_created_at_id_idx" ON "press_key_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "press_key_requests_game_idx" ON "press_key_requests" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "press_keys_fingerprint_idx" ON "press_keys" USING btree ("game_id","fingerprint");--> statement-breakpoint
CREATE INDEX "press_keys_available_idx" ON "press_keys" USING btree ("game_id","platform","created_at") WHERE "press_keys"."state" = 'available';