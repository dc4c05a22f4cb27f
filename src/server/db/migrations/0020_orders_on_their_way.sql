ALTER TABLE "orders" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
-- Orders delivered before the carrier's dates were kept: arrived no later than they were placed is all we know.
UPDATE "orders" SET "delivered_at" = "created_at" WHERE "status" = 'SIM_DELIVERED';--> statement-breakpoint
CREATE INDEX "orders_on_the_way_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" in ('SIM_ORDERED', 'SIM_REORDERED');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivered_when" CHECK (("orders"."status" = 'SIM_DELIVERED') = ("orders"."delivered_at" is not null));