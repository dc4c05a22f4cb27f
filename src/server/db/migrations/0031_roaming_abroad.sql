CREATE TABLE "roaming_months" (
	"ssn" text NOT NULL,
	"month" text NOT NULL,
	"credit_allowance_kb" bigint,
	"credit_fixed_on" text,
	"credit_used_kb" bigint DEFAULT 0 NOT NULL,
	"spent_cents" integer DEFAULT 0 NOT NULL,
	"continued" boolean DEFAULT false NOT NULL,
	CONSTRAINT "roaming_months_ssn_month_pk" PRIMARY KEY("ssn","month"),
	CONSTRAINT "roaming_months_month" CHECK ("roaming_months"."month" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "roaming_months_amounts" CHECK ("roaming_months"."credit_used_kb" >= 0 and "roaming_months"."spent_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "roaming_profiles" (
	"ssn" text PRIMARY KEY NOT NULL,
	"country" text,
	"zone" text,
	"seen_at" timestamp with time zone,
	"cap_cents" integer DEFAULT 5000,
	CONSTRAINT "roaming_profiles_country" CHECK ("roaming_profiles"."country" is null or "roaming_profiles"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "roaming_profiles_zone" CHECK ("roaming_profiles"."zone" is null or "roaming_profiles"."zone" in ('home', '1', '2', '3', '4')),
	CONSTRAINT "roaming_profiles_cap" CHECK ("roaming_profiles"."cap_cents" is null or "roaming_profiles"."cap_cents" in (5000, 10000, 20000))
);
--> statement-breakpoint
CREATE TABLE "roaming_usage" (
	"ssn" text NOT NULL,
	"month" text NOT NULL,
	"country" text NOT NULL,
	"data_kb" bigint DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"texts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "roaming_usage_ssn_month_country_pk" PRIMARY KEY("ssn","month","country"),
	CONSTRAINT "roaming_usage_country" CHECK ("roaming_usage"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "roaming_usage_amounts" CHECK ("roaming_usage"."data_kb" >= 0 and "roaming_usage"."minutes" >= 0 and "roaming_usage"."texts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "alert_settings" DROP CONSTRAINT "alert_settings_cause";--> statement-breakpoint
ALTER TABLE "roaming_months" ADD CONSTRAINT "roaming_months_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_profiles" ADD CONSTRAINT "roaming_profiles_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_usage" ADD CONSTRAINT "roaming_usage_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_cause" CHECK ("alert_settings"."cause" in ('data80', 'data100', 'renewal', 'cardExpiry', 'renewalFailed', 'roamingArrival', 'roamingFairUse', 'roamingCap'));