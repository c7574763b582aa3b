CREATE TABLE "finance_admin_views" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"association_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance_budgets" ADD COLUMN "approval_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_budgets" ADD COLUMN "approval_motion_id" uuid;--> statement-breakpoint
ALTER TABLE "finance_budgets" ADD COLUMN "approval_meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "finance_budgets" ADD COLUMN "approval_motion" text;--> statement-breakpoint
ALTER TABLE "finance_budgets" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "finance_budgets" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "approval_threshold_cents" bigint;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD COLUMN "property" text;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD COLUMN "approval_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD COLUMN "approval_motion_id" uuid;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD COLUMN "approval_meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD COLUMN "approval_motion" text;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance_admin_views" ADD CONSTRAINT "finance_admin_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_admin_views" ADD CONSTRAINT "finance_admin_views_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_budgets" ADD CONSTRAINT "finance_budgets_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD CONSTRAINT "finance_transactions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;