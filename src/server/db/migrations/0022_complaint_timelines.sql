ALTER TABLE "ticket_entries" DROP CONSTRAINT "ticket_entries_author";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_state";--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD COLUMN "kind" text;--> statement-breakpoint
-- Entries kept before timelines: a ticket's message and answers; a complaint's text is its receipt, an agent's answer its response.
UPDATE "ticket_entries" e SET "kind" = CASE
  WHEN t."kind" = 'complaint' AND e."author" = 'customer' THEN 'received'
  WHEN t."kind" = 'complaint' THEN 'response'
  WHEN e."author" = 'customer' THEN 'message'
  ELSE 'answer' END
FROM "tickets" t WHERE t."id" = e."ticket_id";--> statement-breakpoint
ALTER TABLE "ticket_entries" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD COLUMN "desk_comment_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "tickets" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "updated_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "desk_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "escalation_forwarded_at" timestamp with time zone;--> statement-breakpoint
-- Complaints kept before: acknowledged when received (the reference was given on the page and mailed), or
-- responded when answered; due two weeks after (ten working days without holidays).
UPDATE "tickets" SET
  "state" = CASE WHEN "state" = 'answered' THEN 'response' WHEN "state" = 'closed' THEN 'closed' ELSE 'acknowledged' END,
  "due_on" = ("created_at" AT TIME ZONE 'Europe/Dublin')::date + 14,
  "responded_at" = CASE WHEN "state" = 'answered' THEN "created_at" END
WHERE "kind" = 'complaint';--> statement-breakpoint
UPDATE "tickets" SET "closed_at" = "created_at" WHERE "state" = 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_entries_desk_comment_idx" ON "ticket_entries" USING btree ("ticket_id","desk_comment_id");--> statement-breakpoint
CREATE INDEX "tickets_member_idx" ON "tickets" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "tickets_escalation_unforwarded_idx" ON "tickets" USING btree ("id") WHERE "tickets"."escalated_at" is not null and "tickets"."escalation_forwarded_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "tickets_closed_idx" ON "tickets" USING btree ("closed_at") WHERE "tickets"."closed_at" is not null;--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD CONSTRAINT "ticket_entries_kind" CHECK ("ticket_entries"."kind" in ('message', 'answer', 'received', 'acknowledged', 'update', 'response', 'escalated', 'closed'));--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD CONSTRAINT "ticket_entries_author" CHECK ("ticket_entries"."author" in ('customer', 'agent', 'portal'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_complaint_due" CHECK (("tickets"."kind" = 'complaint') = ("tickets"."due_on" is not null));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_closed_at" CHECK (("tickets"."state" = 'closed') = ("tickets"."closed_at" is not null));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_state" CHECK (("tickets"."kind" = 'ticket' and "tickets"."state" in ('open', 'answered', 'closed')) or ("tickets"."kind" = 'complaint' and "tickets"."state" in ('received', 'acknowledged', 'update', 'response', 'escalated', 'closed')));--> statement-breakpoint
-- References come from the id: ids start above the demo complaints' fixed numbers (48-C-000040, 48-C-000041).
SELECT setval(pg_get_serial_sequence('tickets', 'id'), GREATEST(1000, (SELECT COALESCE(MAX("id"), 0) FROM "tickets")));
