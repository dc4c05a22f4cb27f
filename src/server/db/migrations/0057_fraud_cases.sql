ALTER TABLE "line_changes" ADD COLUMN "case_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_changes" ADD COLUMN "case_check" text;