DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "staff_audit_log_created_idx";--> statement-breakpoint
DROP INDEX "user_activity_user_created_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_id_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("created_at","id") WHERE "contact_messages"."read" = false;--> statement-breakpoint
CREATE INDEX "contact_messages_search_idx" ON "contact_messages" USING gin (to_tsvector('simple', "name" || ' ' || "email" || ' ' || translate("email", '@.', '  ') || ' ' || "subject" || ' ' || "message"));--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple', "name" || ' ' || "email" || ' ' || translate("email", '@.', '  ')));--> statement-breakpoint
CREATE INDEX "staff_audit_log_created_idx" ON "staff_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_activity_user_created_idx" ON "user_activity" USING btree ("user_id","created_at");