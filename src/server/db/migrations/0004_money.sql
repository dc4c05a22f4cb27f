CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "stored_cards" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stored_cards_last4" CHECK ("stored_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "stored_cards_expiry" CHECK ("stored_cards"."expiry" ~ '^(0[1-9]|1[0-2])/[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_kind";--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "addon_kb" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_cards" ADD CONSTRAINT "stored_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_row_per_cause" ON "ledger" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_card_cents" CHECK ("ledger"."card_cents" >= 0);--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_addon" CHECK ("memberships"."addon_kb" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_kind" CHECK ("products"."kind" in ('membership', 'bundle', 'sim', 'addon'));