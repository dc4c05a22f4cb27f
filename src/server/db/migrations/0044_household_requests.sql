CREATE TABLE "household_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"household_id" integer NOT NULL,
	"ssn" text NOT NULL,
	"asked_by" integer NOT NULL,
	"kind" text NOT NULL,
	"sku" text,
	"amount_cents" integer,
	"gb" integer,
	"state" text DEFAULT 'open' NOT NULL,
	"seat" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"note" text,
	"approving_until" timestamp with time zone,
	CONSTRAINT "household_requests_kind" CHECK ("household_requests"."kind" in ('addon', 'membership', 'credit', 'roaming', 'dataCap')),
	CONSTRAINT "household_requests_state" CHECK ("household_requests"."state" in ('open', 'approved', 'declined', 'expired', 'withdrawn')),
	CONSTRAINT "household_requests_seat" CHECK (("household_requests"."state" = 'open') = ("household_requests"."seat" is not null) and coalesce("household_requests"."seat", 1) between 1 and 3),
	CONSTRAINT "household_requests_note" CHECK ("household_requests"."note" is null or length("household_requests"."note") <= 140)
);
--> statement-breakpoint
ALTER TABLE "alert_settings" DROP CONSTRAINT "alert_settings_cause";--> statement-breakpoint
ALTER TABLE "household_lines" ADD COLUMN "sharing_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "household_requests" ADD CONSTRAINT "household_requests_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_requests" ADD CONSTRAINT "household_requests_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_requests" ADD CONSTRAINT "household_requests_asked_by_members_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "household_requests_seats" ON "household_requests" USING btree ("ssn","seat");--> statement-breakpoint
CREATE INDEX "household_requests_household" ON "household_requests" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE INDEX "household_requests_open" ON "household_requests" USING btree ("expires_at") WHERE "household_requests"."state" = 'open';--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_cause" CHECK ("alert_settings"."cause" in ('data80', 'data100', 'renewal', 'cardExpiry', 'renewalFailed', 'roamingArrival', 'roamingFairUse', 'roamingCap', 'lowCredit', 'householdRequest', 'householdAnswer'));