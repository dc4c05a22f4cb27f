ALTER TABLE "chats" DROP CONSTRAINT "chats_ended_by";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "stream_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_ended_by" CHECK ("chats"."ended_by" in ('person', 'agent', 'unanswered', 'message', 'closed'));