CREATE TABLE "performance_metrics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"severity" text,
	"route" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "performance_metrics_recorded_idx" ON "performance_metrics" USING btree ("recorded_at");