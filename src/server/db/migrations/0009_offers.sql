CREATE TABLE "offer_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer NOT NULL,
	"subject" text NOT NULL,
	"once_per_member" boolean NOT NULL,
	"ssn" text,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "student_codes_tries" CHECK ("student_codes"."tries" >= 0 and "student_codes"."tries" <= 5)
);
--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_codes" ADD CONSTRAINT "student_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_claims_subject_unique" ON "offer_claims" USING btree ("kind","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_claims_member_unique" ON "offer_claims" USING btree ("kind","member_id") WHERE "offer_claims"."once_per_member";--> statement-breakpoint
CREATE INDEX "offer_claims_member_idx" ON "offer_claims" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "offer_codes_kind_idx" ON "offer_codes" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "student_codes_member_idx" ON "student_codes" USING btree ("member_id");--> statement-breakpoint
INSERT INTO "products" ("sku", "name", "kind", "price_cents", "days", "data_kb", "fup_kb", "mobile_minutes", "landline_minutes", "texts", "roaming_kb") VALUES
  ('BDSTU1', 'Student offer: 20 GB', 'bundle', 0, 30, 20971520, NULL, 0, 0, 0, 0),
  ('BDFREE1', 'One month free: 30 GB', 'bundle', 0, 30, 31457280, NULL, 0, 0, 0, 0),
  ('BDSMUG1', 'feelsmug goody bag: 2 GB', 'bundle', 0, 7, 2097152, NULL, 0, 0, 0, 0)
  ON CONFLICT DO NOTHING;
