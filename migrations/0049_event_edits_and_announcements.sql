ALTER TABLE "posts" ADD COLUMN "is_announcement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;