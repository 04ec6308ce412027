DROP INDEX "games_display_order_idx";--> statement-breakpoint
CREATE INDEX "profiles_created_at_id_idx" ON "profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_roles_assigned_at_idx" ON "user_roles" USING btree ("assigned_at","user_id");--> statement-breakpoint
CREATE INDEX "games_display_order_idx" ON "games" USING btree ("display_order","id");