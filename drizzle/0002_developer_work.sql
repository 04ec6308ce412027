CREATE TABLE "developer_work" (
	"user_id" text PRIMARY KEY NOT NULL,
	"current_task" text,
	"status" text DEFAULT 'active' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "developer_work_status_valid" CHECK ("developer_work"."status" in ('active', 'paused', 'done'))
);
--> statement-breakpoint
ALTER TABLE "developer_work" ADD CONSTRAINT "developer_work_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;