CREATE TABLE "announcement_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hook_id" uuid,
	"news_id" uuid,
	"post_title" text,
	"action" text NOT NULL,
	"status_code" integer,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"next_retry_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_hooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"game_id" uuid,
	"label" text NOT NULL,
	"url_sealed" text NOT NULL,
	"url_hint" text NOT NULL,
	"secret_sealed" text,
	"role_id" text,
	"thread_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_hooks_kind" CHECK ("announcement_hooks"."kind" in ('discord', 'webhook'))
);
--> statement-breakpoint
CREATE TABLE "announcement_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hook_id" uuid NOT NULL,
	"news_id" uuid NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"remote_id" text,
	"remote_channel_id" text,
	"content_hash" text,
	"state" text DEFAULT 'done' NOT NULL,
	"last_action" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_messages_state" CHECK ("announcement_messages"."state" in ('done', 'sending', 'retry', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "announcement_deliveries" ADD CONSTRAINT "announcement_deliveries_hook_id_announcement_hooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."announcement_hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_hooks" ADD CONSTRAINT "announcement_hooks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_messages" ADD CONSTRAINT "announcement_messages_hook_id_announcement_hooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."announcement_hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_deliveries_at_idx" ON "announcement_deliveries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "announcement_hooks_game_id_idx" ON "announcement_hooks" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_messages_hook_news_idx" ON "announcement_messages" USING btree ("hook_id","news_id");--> statement-breakpoint
CREATE INDEX "announcement_messages_news_id_idx" ON "announcement_messages" USING btree ("news_id");--> statement-breakpoint
CREATE INDEX "announcement_messages_state_idx" ON "announcement_messages" USING btree ("state","next_attempt_at");