CREATE TABLE "link_preview_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "link_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "link_title" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "link_description" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "link_site_name" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "link_image_url" text;--> statement-breakpoint
ALTER TABLE "link_preview_requests" ADD CONSTRAINT "link_preview_requests_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_preview_requests_created_idx" ON "link_preview_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "link_preview_requests_post_idx" ON "link_preview_requests" USING btree ("post_id");