CREATE TABLE "referral_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"call" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "referral_outbox_call" CHECK ("referral_outbox"."call" in ('registrations', 'track', 'signups', 'confirmations', 'forget'))
);
--> statement-breakpoint
CREATE INDEX "referral_outbox_unsent_idx" ON "referral_outbox" USING btree ("id") WHERE "referral_outbox"."sent_at" is null;