CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer,
	"ssn" text,
	"purpose" text NOT NULL,
	"sku" text,
	"amount_cents" integer NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"recurrence" boolean DEFAULT false NOT NULL,
	"save_card" boolean DEFAULT false NOT NULL,
	"buyer_email" text,
	"provider_id" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"result_code" text,
	"result_description" text,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "checkouts_purpose" CHECK ("checkouts"."purpose" in ('membership', 'credit', 'addon', 'gift-membership', 'gift-credit', 'register-card')),
	CONSTRAINT "checkouts_state" CHECK ("checkouts"."state" in ('open', 'pending', 'applied', 'failed')),
	CONSTRAINT "checkouts_amount" CHECK ("checkouts"."amount_cents" > 0 and "checkouts"."credit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_provider_unique" ON "checkouts" USING btree ("provider_id");