ALTER TABLE "card_refunds" DROP CONSTRAINT "card_refunds_state";--> statement-breakpoint
ALTER TABLE "credit_backs" ADD COLUMN "card_cents" integer;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_state" CHECK ("card_refunds"."state" in ('due', 'done', 'refused'));--> statement-breakpoint
ALTER TABLE "credit_backs" ADD CONSTRAINT "credit_backs_card_part" CHECK ("credit_backs"."card_cents" is null or ("credit_backs"."card_cents" >= 0 and "credit_backs"."card_cents" <= "credit_backs"."amount_cents"));