CREATE TABLE "uncharged_usage" (
	"reference" text PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"cents" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uncharged_usage_cents" CHECK ("uncharged_usage"."cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "alert_settings" DROP CONSTRAINT "alert_settings_cause";--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_addon";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "addon_used_kb" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uncharged_usage" ADD CONSTRAINT "uncharged_usage_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uncharged_usage_recorded_idx" ON "uncharged_usage" USING btree ("recorded_at");--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_cause" CHECK ("alert_settings"."cause" in ('data80', 'data100', 'renewal', 'cardExpiry', 'renewalFailed', 'roamingArrival', 'roamingFairUse', 'roamingCap', 'lowCredit'));--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_addon" CHECK ("memberships"."addon_kb" >= 0 and "memberships"."addon_used_kb" >= 0 and "memberships"."addon_used_kb" <= "memberships"."addon_kb");--> statement-breakpoint
-- The month's spend on data outside the EU is now what credit paid for it, VAT included (it was the cost excluding VAT).
UPDATE "roaming_months" SET "spent_cents" = round("spent_cents" * 1.23)::integer;