CREATE TABLE "ticket_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_entries_author" CHECK ("ticket_entries"."author" in ('customer', 'agent'))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"member_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"msisdn" text,
	"created_at" timestamp with time zone NOT NULL,
	"forwarded_at" timestamp with time zone,
	CONSTRAINT "tickets_kind" CHECK ("tickets"."kind" in ('ticket', 'complaint')),
	CONSTRAINT "tickets_topic" CHECK ("tickets"."topic" in ('My account', 'Payments and credit', 'My SIM or order', 'Coverage', 'Something else', 'Make a complaint')),
	CONSTRAINT "tickets_state" CHECK ("tickets"."state" in ('open', 'answered', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD CONSTRAINT "ticket_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_entries_ticket_idx" ON "ticket_entries" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_reference_idx" ON "tickets" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "tickets_email_idx" ON "tickets" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "tickets_unforwarded_idx" ON "tickets" USING btree ("id") WHERE "tickets"."forwarded_at" is null;