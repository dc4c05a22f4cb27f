CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"ticket_id" integer,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_attachments_type" CHECK ("ticket_attachments"."content_type" in ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf')),
	CONSTRAINT "ticket_attachments_size" CHECK ("ticket_attachments"."size" > 0 and "ticket_attachments"."size" <= 5242880),
	CONSTRAINT "ticket_attachments_filename" CHECK (length("ticket_attachments"."filename") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_attachments_token_idx" ON "ticket_attachments" USING btree ("token");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_unclaimed_idx" ON "ticket_attachments" USING btree ("created_at") WHERE "ticket_attachments"."ticket_id" is null;--> statement-breakpoint
CREATE INDEX "tickets_waiting_idx" ON "tickets" USING btree ("created_at") WHERE "tickets"."kind" = 'ticket' and "tickets"."state" = 'open';
