ALTER TABLE "meeting_motions" ADD COLUMN "rfp_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_motions" ADD COLUMN "proposal_id" uuid;--> statement-breakpoint
ALTER TABLE "rfp_proposals" ADD COLUMN "award_meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "rfp_proposals" ADD COLUMN "award_motion_id" uuid;--> statement-breakpoint
CREATE INDEX "meeting_motions_rfp_idx" ON "meeting_motions" USING btree ("rfp_id");