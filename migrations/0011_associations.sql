CREATE TABLE "association_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"email" text NOT NULL,
	"member_role" text NOT NULL,
	"board_office" text,
	"unit" text,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "association_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"member_role" text NOT NULL,
	"board_office" text,
	"unit" text,
	"status" text DEFAULT 'active' NOT NULL,
	"invited_by" uuid,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "associations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"property_type" text NOT NULL,
	"address_line" text,
	"city" text,
	"state" text,
	"zip" text,
	"unit_count" integer DEFAULT 0 NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"fiscal_year_start_month" integer DEFAULT 1 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"board_seats" integer DEFAULT 5 NOT NULL,
	"quorum_minimum" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "active_association_id" uuid;--> statement-breakpoint
ALTER TABLE "association_invitations" ADD CONSTRAINT "association_invitations_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_invitations" ADD CONSTRAINT "association_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_invitations" ADD CONSTRAINT "association_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_members" ADD CONSTRAINT "association_members_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_members" ADD CONSTRAINT "association_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_members" ADD CONSTRAINT "association_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associations" ADD CONSTRAINT "associations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "association_invitations_token_unique" ON "association_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "association_invitations_association_idx" ON "association_invitations" USING btree ("association_id");--> statement-breakpoint
CREATE INDEX "association_invitations_email_idx" ON "association_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "association_members_unique" ON "association_members" USING btree ("association_id","user_id");--> statement-breakpoint
CREATE INDEX "association_members_user_idx" ON "association_members" USING btree ("user_id");