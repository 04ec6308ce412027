-- The phone factor (docs/accounts-and-security.md#phone): one number per account for sign-in codes
-- by text message, and the countries the owner lets the site send them to (none until chosen).
CREATE TABLE "phone_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"challenge_id" uuid,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_factors_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "phone_factors_e164" CHECK ("phone_factors"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
CREATE TABLE "sms_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_settings_one_row" CHECK ("sms_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "phone_factors" ADD CONSTRAINT "phone_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_settings" ADD CONSTRAINT "sms_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;