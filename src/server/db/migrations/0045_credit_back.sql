CREATE TABLE "credit_backs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"msisdn" text NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	"offer_until" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"reference" text,
	"method" text,
	"amount_cents" integer,
	"payment_id" text,
	"card_last4" text,
	"iban" text,
	"account_name" text,
	"requested_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"refused_reason" text,
	"file_id" integer,
	CONSTRAINT "credit_backs_state" CHECK ("credit_backs"."state" in ('offered', 'requested', 'paid', 'refused')),
	CONSTRAINT "credit_backs_method" CHECK ("credit_backs"."method" in ('card', 'bank')),
	CONSTRAINT "credit_backs_amount" CHECK ("credit_backs"."amount_cents" is null or "credit_backs"."amount_cents" > 0),
	CONSTRAINT "credit_backs_asked" CHECK ("credit_backs"."state" = 'offered' or ("credit_backs"."method" is not null and "credit_backs"."amount_cents" is not null and "credit_backs"."requested_at" is not null)),
	CONSTRAINT "credit_backs_how" CHECK ("credit_backs"."method" is null or ("credit_backs"."method" = 'card' and "credit_backs"."payment_id" is not null) or ("credit_backs"."method" = 'bank' and "credit_backs"."iban" is not null and "credit_backs"."account_name" is not null))
);
--> statement-breakpoint
CREATE TABLE "refund_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"xml" text NOT NULL,
	"payments" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "refund_files_message_id" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "credit_backs" ADD CONSTRAINT "credit_backs_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_backs" ADD CONSTRAINT "credit_backs_file_id_refund_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."refund_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_backs_one_per_leaving" ON "credit_backs" USING btree ("ssn","left_at");--> statement-breakpoint
CREATE INDEX "credit_backs_to_file" ON "credit_backs" USING btree ("requested_at") WHERE "credit_backs"."method" = 'bank' and "credit_backs"."state" = 'requested' and "credit_backs"."file_id" is null;