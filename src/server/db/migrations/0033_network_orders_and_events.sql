CREATE TABLE "network_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"order_id" integer,
	"note" text,
	"body" jsonb,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "network_events_type" CHECK ("network_events"."event_type" in ('ServiceOrderStateChangeEvent', 'UsageCreateEvent', 'PortOutEvent')),
	CONSTRAINT "network_events_outcome" CHECK ("network_events"."outcome" in ('applied', 'stale', 'deadLetter'))
);
--> statement-breakpoint
CREATE TABLE "network_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"cause" text NOT NULL,
	"line" text NOT NULL,
	"msisdn" text,
	"service" text NOT NULL,
	"action" text NOT NULL,
	"characteristics" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"network_id" text,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"result" jsonb,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "network_orders_service" CHECK ("network_orders"."service" in ('mobileLine', 'portIn', 'dataAccess')),
	CONSTRAINT "network_orders_action" CHECK ("network_orders"."action" in ('add', 'modify', 'delete')),
	CONSTRAINT "network_orders_state" CHECK ("network_orders"."state" in ('queued', 'acknowledged', 'inProgress', 'completed', 'failed', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "network_reconciliations" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"differences" jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "line_state" text DEFAULT 'active';--> statement-breakpoint
CREATE INDEX "network_events_dead" ON "network_events" USING btree ("received_at") WHERE "network_events"."outcome" = 'deadLetter';--> statement-breakpoint
CREATE INDEX "network_events_order" ON "network_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "network_events_received" ON "network_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "network_orders_external_id" ON "network_orders" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "network_orders_cause" ON "network_orders" USING btree ("cause");--> statement-breakpoint
CREATE INDEX "network_orders_queued" ON "network_orders" USING btree ("line","id") WHERE "network_orders"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "network_orders_open" ON "network_orders" USING btree ("state","created_at") WHERE "network_orders"."state" in ('queued', 'acknowledged', 'inProgress');--> statement-breakpoint
CREATE INDEX "network_orders_line" ON "network_orders" USING btree ("line","service","id");--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_line_state" CHECK ("sims"."line_state" is null or "sims"."line_state" in ('active', 'suspended'));