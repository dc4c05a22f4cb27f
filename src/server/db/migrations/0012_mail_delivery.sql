ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "outbox" USING btree ("id") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
-- Mail kept in the outbox before delivery existed was shown at /sandbox/mail only: never send it now.
UPDATE "outbox" SET "attempts" = 5, "last_error" = 'kept in the outbox before mail delivery was configured' WHERE "sent_at" IS NULL;
