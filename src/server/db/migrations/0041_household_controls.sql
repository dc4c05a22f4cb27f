CREATE TABLE "line_controls" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"control" text NOT NULL,
	"value" text NOT NULL,
	"previous" text NOT NULL,
	"until" timestamp with time zone,
	"previous_until" timestamp with time zone,
	"network" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"by_household" boolean DEFAULT false NOT NULL,
	CONSTRAINT "line_controls_control" CHECK ("line_controls"."control" in ('pause', 'contentFilter', 'premiumRate', 'thirdPartyBilling')),
	CONSTRAINT "line_controls_value" CHECK ("line_controls"."value" in ('off', 'on', 'data', 'all')),
	CONSTRAINT "line_controls_network" CHECK ("line_controls"."network" in ('switching', 'done', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "line_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_orders" DROP CONSTRAINT "network_orders_service";--> statement-breakpoint
ALTER TABLE "household_lines" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "line_controls" ADD CONSTRAINT "line_controls_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_history" ADD CONSTRAINT "line_history_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_controls_one" ON "line_controls" USING btree ("ssn","control");--> statement-breakpoint
CREATE INDEX "line_controls_pause_ends" ON "line_controls" USING btree ("until") WHERE "line_controls"."control" = 'pause' and "line_controls"."value" <> 'off';--> statement-breakpoint
CREATE INDEX "line_history_line" ON "line_history" USING btree ("ssn","at");--> statement-breakpoint
ALTER TABLE "household_lines" ADD CONSTRAINT "household_lines_role" CHECK ("household_lines"."role" in ('member', 'manager'));--> statement-breakpoint
ALTER TABLE "network_orders" ADD CONSTRAINT "network_orders_service" CHECK ("network_orders"."service" in ('mobileLine', 'portIn', 'dataAccess', 'contentFilter', 'callBarring'));