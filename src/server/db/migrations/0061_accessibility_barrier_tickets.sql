ALTER TABLE "tickets" DROP CONSTRAINT "tickets_topic";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_complaint_due";--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_topic" CHECK ("tickets"."topic" in ('My account', 'Payments and credit', 'My SIM or order', 'Coverage', 'Something else', 'Make a complaint', 'An accessibility barrier'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_complaint_due" CHECK ("tickets"."kind" <> 'complaint' or "tickets"."due_on" is not null);