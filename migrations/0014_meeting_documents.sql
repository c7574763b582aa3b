CREATE TABLE "meeting_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"association_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"source" text NOT NULL,
	"storage_key" text,
	"library_document_id" uuid,
	"library_version_id" uuid,
	"library_version" integer,
	"attached_by" uuid NOT NULL,
	"attached_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "meeting_documents_meeting_idx" ON "meeting_documents" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "meeting_documents_storage_key_idx" ON "meeting_documents" USING btree ("storage_key");