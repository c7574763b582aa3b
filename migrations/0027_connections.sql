DROP INDEX "connections_requester_status_idx";--> statement-breakpoint
DROP INDEX "connections_addressee_status_idx";--> statement-breakpoint
CREATE INDEX "user_profiles_city_idx" ON "user_profiles" USING btree (lower(trim("location")));--> statement-breakpoint
CREATE INDEX "users_disabled_idx" ON "users" USING btree ("id") WHERE "users"."disabled_at" is not null;--> statement-breakpoint
CREATE INDEX "connections_requester_status_idx" ON "connections" USING btree ("requester_id","status","addressee_id");--> statement-breakpoint
CREATE INDEX "connections_addressee_status_idx" ON "connections" USING btree ("addressee_id","status","requester_id");