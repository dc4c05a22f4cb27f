CREATE TABLE "port_in_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"ssn" text NOT NULL,
	"msisdn" text NOT NULL,
	"provider" text NOT NULL,
	"account_type" text NOT NULL,
	"account_number" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "port_in_status" CHECK ("port_in_requests"."status" in ('requested', 'completed', 'cancelled')),
	CONSTRAINT "port_in_account_type" CHECK ("port_in_requests"."account_type" in ('prepay', 'bill_pay')),
	CONSTRAINT "port_in_msisdn_shape" CHECK ("port_in_requests"."msisdn" ~ '^08[0-9]{8}$')
);
--> statement-breakpoint
ALTER TABLE "port_in_requests" ADD CONSTRAINT "port_in_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_in_requests" ADD CONSTRAINT "port_in_requests_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "port_in_one_open" ON "port_in_requests" USING btree ("member_id") WHERE "port_in_requests"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_replacement" ON "orders" USING btree ("member_id") WHERE "orders"."status" = 'SIM_REORDERED';