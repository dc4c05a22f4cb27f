ALTER TABLE "checkouts" ADD COLUMN "card" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_card" CHECK ("checkouts"."card" in ('new', 'saved'));--> statement-breakpoint
-- Demo ledgers seeded before this release wrote card top-ups without their card part (empty receipts):
-- give each its card amount and the card (the member's stored card, else the sandbox's success card).
UPDATE "ledger" SET "card_cents" = "credit_delta_cents",
  "card_brand" = coalesce((SELECT sc."brand" FROM "stored_cards" sc JOIN "sims" s ON s."member_id" = sc."member_id" WHERE s."ssn" = "ledger"."ssn"), 'VISA'),
  "card_last4" = coalesce((SELECT sc."last4" FROM "stored_cards" sc JOIN "sims" s ON s."member_id" = sc."member_id" WHERE s."ssn" = "ledger"."ssn"), '0000')
WHERE "kind" = 'top-up' AND "description" = 'Top-up by card' AND "card_cents" = 0 AND "credit_delta_cents" > 0;
