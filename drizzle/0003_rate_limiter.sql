-- The old fixed-window counters do not carry over: the limiter starts afresh.
DELETE FROM "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "points" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expire" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "count";