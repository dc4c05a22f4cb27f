CREATE TABLE "donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data_kb" bigint,
	"amount_cents" integer,
	CONSTRAINT "donations_one_unit" CHECK (("donations"."data_kb" is null) <> ("donations"."amount_cents" is null)),
	CONSTRAINT "donations_positive" CHECK (coalesce("donations"."data_kb", "donations"."amount_cents") > 0)
);
--> statement-breakpoint
CREATE TABLE "spot_loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"lender_ssn" text NOT NULL,
	"borrower_ssn" text NOT NULL,
	"data_kb" bigint NOT NULL,
	"used_kb" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"returned_kb" bigint,
	CONSTRAINT "spot_loans_not_to_self" CHECK ("spot_loans"."lender_ssn" <> "spot_loans"."borrower_ssn"),
	CONSTRAINT "spot_loans_data" CHECK ("spot_loans"."data_kb" > 0 and "spot_loans"."used_kb" >= 0 and "spot_loans"."used_kb" <= "spot_loans"."data_kb"),
	CONSTRAINT "spot_loans_period" CHECK ("spot_loans"."ends_at" > "spot_loans"."starts_at"),
	CONSTRAINT "spot_loans_returned" CHECK ("spot_loans"."returned_kb" is null or ("spot_loans"."returned_kb" >= 0 and "spot_loans"."returned_kb" <= "spot_loans"."data_kb" - "spot_loans"."used_kb"))
);
--> statement-breakpoint
CREATE TABLE "vaults" (
	"ssn" text PRIMARY KEY NOT NULL,
	"balance_kb" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vaults_balance_not_negative" CHECK ("vaults"."balance_kb" >= 0)
);
--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_data_used";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "data_out_kb" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "data_in_kb" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "carry_forward_kb" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_loans" ADD CONSTRAINT "spot_loans_lender_ssn_sims_ssn_fk" FOREIGN KEY ("lender_ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_loans" ADD CONSTRAINT "spot_loans_borrower_ssn_sims_ssn_fk" FOREIGN KEY ("borrower_ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_ssn_time_idx" ON "donations" USING btree ("ssn","occurred_at");--> statement-breakpoint
CREATE INDEX "spot_loans_borrower_idx" ON "spot_loans" USING btree ("borrower_ssn","ends_at");--> statement-breakpoint
CREATE INDEX "spot_loans_open_idx" ON "spot_loans" USING btree ("ends_at") WHERE "spot_loans"."returned_at" is null;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_data_used" CHECK ("memberships"."data_used_kb" >= 0 and "memberships"."data_out_kb" >= 0 and "memberships"."data_in_kb" >= 0 and "memberships"."carry_forward_kb" >= 0
        and ("memberships"."data_max_kb" is null or "memberships"."data_used_kb" + "memberships"."data_out_kb" <= "memberships"."data_max_kb" + "memberships"."data_in_kb"));