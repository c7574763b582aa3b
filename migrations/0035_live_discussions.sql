CREATE TABLE "live_discussion_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discussion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'message' NOT NULL,
	"reply_to" uuid,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_discussion_messages_type" CHECK ("live_discussion_messages"."message_type" in ('message', 'system'))
);
--> statement-breakpoint
CREATE TABLE "live_discussion_participants" (
	"discussion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	CONSTRAINT "live_discussion_participants_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id"),
	CONSTRAINT "live_discussion_participants_role" CHECK ("live_discussion_participants"."role" in ('member', 'moderator', 'owner'))
);
--> statement-breakpoint
CREATE TABLE "live_discussion_reactions" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_discussion_reactions_message_id_user_id_emoji_pk" PRIMARY KEY("message_id","user_id","emoji")
);
--> statement-breakpoint
CREATE TABLE "live_discussions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_discussions_counts" CHECK ("live_discussions"."participant_count" >= 0 and "live_discussions"."message_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "live_discussion_messages" ADD CONSTRAINT "live_discussion_messages_discussion_id_live_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."live_discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_discussion_messages" ADD CONSTRAINT "live_discussion_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_discussion_messages" ADD CONSTRAINT "live_discussion_messages_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_discussion_participants" ADD CONSTRAINT "live_discussion_participants_discussion_id_live_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."live_discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_discussion_participants" ADD CONSTRAINT "live_discussion_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_discussion_participants" ADD CONSTRAINT "live_discussion_participants_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_discussion_reactions" ADD CONSTRAINT "live_discussion_reactions_message_id_live_discussion_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."live_discussion_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_discussion_reactions" ADD CONSTRAINT "live_discussion_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_discussions" ADD CONSTRAINT "live_discussions_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_discussion_messages_discussion_idx" ON "live_discussion_messages" USING btree ("discussion_id","created_at");--> statement-breakpoint
CREATE INDEX "live_discussion_participants_user_idx" ON "live_discussion_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_discussions_started_idx" ON "live_discussions" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "live_discussions_host_idx" ON "live_discussions" USING btree ("host_id");