CREATE TABLE "network_hubs" (
	"hub" text PRIMARY KEY NOT NULL,
	"subscription_id" text,
	"callback" text NOT NULL,
	"registered_at" timestamp with time zone,
	"checked_at" timestamp with time zone NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "network_services" (
	"msisdn" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_events" DROP CONSTRAINT "network_events_type";--> statement-breakpoint
ALTER TABLE "network_events" DROP CONSTRAINT "network_events_outcome";--> statement-breakpoint
ALTER TABLE "network_orders" DROP CONSTRAINT "network_orders_state";--> statement-breakpoint
DROP INDEX "network_orders_open";--> statement-breakpoint
DROP INDEX "network_orders_ended";--> statement-breakpoint
ALTER TABLE "network_orders" ADD COLUMN "state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "network_orders" ADD COLUMN "milestone" text;--> statement-breakpoint
ALTER TABLE "network_orders" ADD COLUMN "jeopardy" text;--> statement-breakpoint
CREATE INDEX "network_orders_open" ON "network_orders" USING btree ("state","created_at") WHERE "network_orders"."state" not in ('completed', 'failed', 'rejected', 'partial', 'cancelled');--> statement-breakpoint
CREATE INDEX "network_orders_ended" ON "network_orders" USING btree ("updated_at") WHERE "network_orders"."state" in ('completed', 'failed', 'rejected', 'partial', 'cancelled');--> statement-breakpoint
ALTER TABLE "network_events" ADD CONSTRAINT "network_events_type" CHECK ("network_events"."event_type" in ('ServiceOrderCreateEvent', 'ServiceOrderAttributeValueChangeEvent', 'ServiceOrderStateChangeEvent', 'ServiceOrderDeleteEvent', 'ServiceOrderInformationRequiredEvent', 'ServiceOrderMilestoneEvent', 'ServiceOrderJeopardyEvent', 'CancelServiceOrderCreateEvent', 'CancelServiceOrderStateChangeEvent', 'CancelServiceOrderInformationRequiredEvent', 'UsageCreateEvent', 'UsageAttributeValueChangeEvent', 'UsageStateChangeEvent', 'UsageDeleteEvent', 'UsageSpecificationCreateEvent', 'UsageSpecificationAttributeValueChangeEvent', 'UsageSpecificationDeleteEvent', 'ServiceCreateEvent', 'ServiceAttributeValueChangeEvent', 'ServiceStateChangeEvent', 'ServiceDeleteEvent', 'PortOutEvent'));--> statement-breakpoint
ALTER TABLE "network_events" ADD CONSTRAINT "network_events_outcome" CHECK ("network_events"."outcome" in ('applied', 'stale', 'deadLetter', 'kept'));--> statement-breakpoint
ALTER TABLE "network_orders" ADD CONSTRAINT "network_orders_state" CHECK ("network_orders"."state" in ('queued', 'acknowledged', 'rejected', 'pending', 'held', 'inProgress', 'cancelled', 'completed', 'failed', 'partial', 'assessingCancellation', 'pendingCancellation'));