CREATE TABLE "community_event_reminders" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"notification_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_event_reminders_event_id_user_id_starts_at_pk" PRIMARY KEY("event_id","user_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "community_event_reminders" ADD CONSTRAINT "community_event_reminders_event_id_community_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."community_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_event_reminders" ADD CONSTRAINT "community_event_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;