ALTER TABLE "household_lines" ADD COLUMN "data_cap_kb" integer;--> statement-breakpoint
ALTER TABLE "household_lines" ADD COLUMN "cap_alerted" text;--> statement-breakpoint
ALTER TABLE "household_lines" ADD CONSTRAINT "household_lines_cap" CHECK ("household_lines"."data_cap_kb" is null or "household_lines"."data_cap_kb" between 1048576 and 104857600);