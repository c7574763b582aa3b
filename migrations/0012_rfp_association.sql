ALTER TABLE "rfps" ADD COLUMN "association_id" uuid;--> statement-breakpoint
CREATE INDEX "rfps_association_idx" ON "rfps" USING btree ("association_id");