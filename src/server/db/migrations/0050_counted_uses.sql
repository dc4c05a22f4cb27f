CREATE TABLE "counted_uses" (
	"usage_id" text PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"event_id" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"price_cents" integer,
	"taken_cents" integer,
	CONSTRAINT "counted_uses_price" CHECK ("counted_uses"."price_cents" is null or "counted_uses"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "counted_uses" ADD CONSTRAINT "counted_uses_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counted_uses_counted_idx" ON "counted_uses" USING btree ("counted_at");