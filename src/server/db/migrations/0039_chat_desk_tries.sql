ALTER TABLE "chats" ADD COLUMN "desk_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "desk_error" text;