CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"destination" text NOT NULL,
	"location" text,
	"progress" jsonb,
	"size" bigint,
	"error" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_runs_state" CHECK ("backup_runs"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "backup_runs_destination" CHECK ("backup_runs"."destination" in ('folder', 'storage'))
);
--> statement-breakpoint
CREATE TABLE "backup_schedule" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"time" text DEFAULT '03:00' NOT NULL,
	"keep" integer DEFAULT 7 NOT NULL,
	"destination" text DEFAULT 'folder' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_schedule_one_row" CHECK ("backup_schedule"."id" = 1),
	CONSTRAINT "backup_schedule_time" CHECK ("backup_schedule"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "backup_schedule_keep" CHECK ("backup_schedule"."keep" between 1 and 90),
	CONSTRAINT "backup_schedule_destination" CHECK ("backup_schedule"."destination" in ('folder', 'storage'))
);
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_schedule" ADD CONSTRAINT "backup_schedule_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_slot_idx" ON "backup_runs" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "backup_runs_created_at_idx" ON "backup_runs" USING btree ("created_at");