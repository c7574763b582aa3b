ALTER TABLE "posts" ADD COLUMN "link_image_key" text;--> statement-breakpoint
CREATE INDEX "posts_link_image_idx" ON "posts" USING btree ("link_image_key") WHERE "posts"."link_image_key" is not null;