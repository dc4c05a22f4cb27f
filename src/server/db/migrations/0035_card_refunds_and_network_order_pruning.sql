CREATE TABLE "card_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"payment_id" text NOT NULL,
	"cents" integer NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "card_refunds_state" CHECK ("card_refunds"."state" in ('due', 'done')),
	CONSTRAINT "card_refunds_cents" CHECK ("card_refunds"."cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "payment_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_reference" ON "card_refunds" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "card_refunds_due" ON "card_refunds" USING btree ("next_attempt_at") WHERE "card_refunds"."state" = 'due';--> statement-breakpoint
CREATE INDEX "network_orders_ended" ON "network_orders" USING btree ("updated_at") WHERE "network_orders"."state" in ('completed', 'failed', 'rejected');