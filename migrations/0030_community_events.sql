CREATE TABLE "community_event_rsvps" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_event_rsvps_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"author_context_id" uuid,
	"title" text NOT NULL,
	"event_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"location" text,
	"meeting_link" text,
	"max_attendees" integer,
	"rsvp_deadline" timestamp with time zone,
	"visibility" text NOT NULL,
	"association_id" uuid,
	"target_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"attendee_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_events_max_attendees" CHECK ("community_events"."max_attendees" is null or "community_events"."max_attendees" >= 1),
	CONSTRAINT "community_events_capacity" CHECK ("community_events"."max_attendees" is null or "community_events"."attendee_count" <= "community_events"."max_attendees"),
	CONSTRAINT "community_events_organization" CHECK (("community_events"."visibility" = 'organization') = ("community_events"."association_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "community_event_rsvps" ADD CONSTRAINT "community_event_rsvps_event_id_community_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."community_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_event_rsvps" ADD CONSTRAINT "community_event_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_events" ADD CONSTRAINT "community_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_events" ADD CONSTRAINT "community_events_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_event_rsvps_user_idx" ON "community_event_rsvps" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "community_event_rsvps_waitlist_idx" ON "community_event_rsvps" USING btree ("event_id","status","answered_at");--> statement-breakpoint
CREATE INDEX "community_events_starts_idx" ON "community_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "community_events_association_idx" ON "community_events" USING btree ("association_id","starts_at");--> statement-breakpoint
CREATE INDEX "community_events_author_idx" ON "community_events" USING btree ("author_id","starts_at");