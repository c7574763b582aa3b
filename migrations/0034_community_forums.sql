CREATE TABLE "forum_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color" text,
	"created_by" uuid,
	"is_private" boolean DEFAULT false NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "forum_categories_counters" CHECK ("forum_categories"."member_count" >= 0 and "forum_categories"."post_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "forum_memberships" (
	"category_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"context_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_memberships_category_id_user_id_pk" PRIMARY KEY("category_id","user_id"),
	CONSTRAINT "forum_memberships_role" CHECK ("forum_memberships"."role" in ('member', 'moderator', 'admin')),
	CONSTRAINT "forum_memberships_status" CHECK ("forum_memberships"."status" in ('active', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "is_question" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "accepted_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "forum_categories" ADD CONSTRAINT "forum_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_memberships" ADD CONSTRAINT "forum_memberships_category_id_forum_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."forum_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_memberships" ADD CONSTRAINT "forum_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_memberships" ADD CONSTRAINT "forum_memberships_context_id_role_contexts_id_fk" FOREIGN KEY ("context_id") REFERENCES "public"."role_contexts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_categories_name_idx" ON "forum_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "forum_memberships_user_idx" ON "forum_memberships" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_forum_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."forum_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_category_idx" ON "posts" USING btree ("category_id","created_at" DESC NULLS LAST) WHERE "posts"."deleted_at" is null;--> statement-breakpoint
-- The ten default categories of spec 002 ("Forum category and membership"); Q&A is the default.
INSERT INTO "forum_categories" ("slug", "name", "description", "rules", "is_default", "is_featured", "sort_order") VALUES
('q-and-a', 'Q&A', 'Ask the community a question and mark the answer that helped.', '["Search before you ask: your question may have an answer already.", "Give enough detail for someone to help: state, building type, what you tried."]'::jsonb, true, true, 0),
('industry-news', 'Industry News', 'Laws, rulings and market news that affect associations and the people who serve them.', '["Link or name your source.", "No paywalled copies of articles."]'::jsonb, false, true, 1),
('networking', 'Networking', 'Meet board members, managers and vendors in your area.', '["Introduce yourself before you pitch.", "No unsolicited bulk offers."]'::jsonb, false, false, 2),
('property-management', 'Property Management', 'Day-to-day management of condominiums and homeowner associations.', '["Keep owners and units anonymous.", "Share what worked, and what did not."]'::jsonb, false, false, 3),
('events', 'Events', 'Conferences, trainings and meetups for the community.', '["Post the date, the place or link, and who it is for."]'::jsonb, false, false, 4),
('announcements', 'Announcements', 'News from the platform and its partners.', '["Only news that concerns many members."]'::jsonb, false, false, 5),
('professional-development', 'Professional Development', 'Licences, continuing education and careers.', '["Name the licence and the state your answer applies to."]'::jsonb, false, false, 6),
('vendor-services', 'Vendor Services', 'Find and recommend contractors and service providers.', '["Disclose it when you recommend your own company.", "Use RFPs for quotes."]'::jsonb, false, false, 7),
('maintenance-operations', 'Maintenance & Operations', 'Buildings, grounds, inspections and repairs.', '["Safety first: describe hazards plainly and call a professional for them."]'::jsonb, false, false, 8),
('general-discussion', 'General Discussion', 'Everything else about community living.', '["Be respectful: follow the Community Guidelines."]'::jsonb, false, false, 9);
