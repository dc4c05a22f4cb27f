CREATE TABLE "advances" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"owed_cents" integer NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"repaid_at" timestamp with time zone,
	CONSTRAINT "advances_owed" CHECK ("advances"."owed_cents" >= 0 and "advances"."owed_cents" <= "advances"."amount_cents" + "advances"."fee_cents"),
	CONSTRAINT "advances_amounts" CHECK ("advances"."amount_cents" > 0 and "advances"."fee_cents" >= 0),
	CONSTRAINT "advances_repaid" CHECK (("advances"."owed_cents" = 0) = ("advances"."repaid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "advances" ADD CONSTRAINT "advances_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advances_one_outstanding" ON "advances" USING btree ("ssn") WHERE "advances"."owed_cents" > 0;