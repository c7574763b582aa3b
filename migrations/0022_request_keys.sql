CREATE TABLE "request_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_keys_pkey" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE INDEX "request_keys_created_at_idx" ON "request_keys" USING btree ("created_at");