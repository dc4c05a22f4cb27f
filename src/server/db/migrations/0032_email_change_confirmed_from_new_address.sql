ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose";--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_change_address" CHECK (("email_tokens"."purpose" = 'change') = ("email_tokens"."email" is not null));--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose" CHECK ("email_tokens"."purpose" in ('verify', 'reset', 'change'));