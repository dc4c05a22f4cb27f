ALTER TABLE "alerts" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alerts_to_push_idx" ON "alerts" USING btree ("id") WHERE "alerts"."pushed_at" is null;--> statement-breakpoint
-- Alerts raised before pushes existed are not pushed now (phone.md: once per cause, as they happen).
UPDATE "alerts" SET "pushed_at" = "created_at";