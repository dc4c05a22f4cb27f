CREATE TABLE "balances" (
	"ssn" text PRIMARY KEY NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_credit_not_negative" CHECK ("balances"."credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "daily_usage" (
	"ssn" text NOT NULL,
	"day" date NOT NULL,
	"data_kb" bigint DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"texts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_usage_ssn_day_pk" PRIMARY KEY("ssn","day"),
	CONSTRAINT "daily_usage_not_negative" CHECK ("daily_usage"."data_kb" >= 0 and "daily_usage"."minutes" >= 0 and "daily_usage"."texts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "flexi_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"month" text NOT NULL,
	"action" text NOT NULL,
	"data_kb" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flexi_actions_action" CHECK ("flexi_actions"."action" in ('carryover', 'donate', 'safe')),
	CONSTRAINT "flexi_actions_month" CHECK ("flexi_actions"."month" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "flexi_actions_data" CHECK ("flexi_actions"."data_kb" > 0)
);
--> statement-breakpoint
CREATE TABLE "goody_bags" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"product_sku" text NOT NULL,
	"max_onboard_kb" bigint NOT NULL,
	"onboard_kb" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "goody_bags_onboard" CHECK ("goody_bags"."onboard_kb" >= 0 and "goody_bags"."onboard_kb" <= "goody_bags"."max_onboard_kb")
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"credit_delta_cents" integer DEFAULT 0 NOT NULL,
	"data_delta_kb" bigint DEFAULT 0 NOT NULL,
	"reference" text
);
--> statement-breakpoint
CREATE TABLE "marketing_permissions" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"phone" boolean DEFAULT false NOT NULL,
	"post" boolean DEFAULT false NOT NULL,
	"social" boolean DEFAULT false NOT NULL,
	"social_preference" text DEFAULT 'Snapchat' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"nickname" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_password_compliant" boolean DEFAULT true NOT NULL,
	"first_login" boolean DEFAULT true NOT NULL,
	"capture_marketing_permissions" boolean DEFAULT false NOT NULL,
	"referred_by" text,
	"is_new_membership" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"legacy_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_email_shape" CHECK ("members"."email" ~ '^[^@\s]+@[^@\s]+$' and length("members"."email") <= 254),
	CONSTRAINT "members_legacy_type" CHECK ("members"."legacy_type" is null or "members"."legacy_type" in ('LEGACY', 'NEW_NEXT_MONTH'))
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssn" text NOT NULL,
	"sku" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"recurrence_enabled" boolean DEFAULT false NOT NULL,
	"recurrence_sku" text,
	"data_max_kb" bigint,
	"data_used_kb" bigint DEFAULT 0 NOT NULL,
	"fup_max_kb" bigint,
	"fup_used_kb" bigint DEFAULT 0 NOT NULL,
	"carryover_kb" bigint DEFAULT 0 NOT NULL,
	"carryover_used_kb" bigint DEFAULT 0 NOT NULL,
	"roaming_max_kb" bigint DEFAULT 0 NOT NULL,
	"roaming_used_kb" bigint DEFAULT 0 NOT NULL,
	"mobile_minutes_max" integer,
	"mobile_minutes_used" integer DEFAULT 0 NOT NULL,
	"landline_minutes_max" integer,
	"landline_minutes_used" integer DEFAULT 0 NOT NULL,
	"texts_max" integer,
	"texts_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "memberships_status" CHECK ("memberships"."status" in ('current', 'queued', 'past')),
	CONSTRAINT "memberships_period" CHECK ("memberships"."ends_at" > "memberships"."starts_at"),
	CONSTRAINT "memberships_data_used" CHECK ("memberships"."data_used_kb" >= 0 and ("memberships"."data_max_kb" is null or "memberships"."data_used_kb" <= "memberships"."data_max_kb")),
	CONSTRAINT "memberships_fup_used" CHECK ("memberships"."fup_used_kb" >= 0 and ("memberships"."fup_max_kb" is null or "memberships"."fup_used_kb" <= "memberships"."fup_max_kb")),
	CONSTRAINT "memberships_carryover_used" CHECK ("memberships"."carryover_used_kb" >= 0 and "memberships"."carryover_used_kb" <= "memberships"."carryover_kb"),
	CONSTRAINT "memberships_roaming_used" CHECK ("memberships"."roaming_used_kb" >= 0 and "memberships"."roaming_used_kb" <= "memberships"."roaming_max_kb"),
	CONSTRAINT "memberships_minutes_used" CHECK ("memberships"."mobile_minutes_used" >= 0 and ("memberships"."mobile_minutes_max" is null or "memberships"."mobile_minutes_used" <= "memberships"."mobile_minutes_max")
        and "memberships"."landline_minutes_used" >= 0 and ("memberships"."landline_minutes_max" is null or "memberships"."landline_minutes_used" <= "memberships"."landline_minutes_max")),
	CONSTRAINT "memberships_texts_used" CHECK ("memberships"."texts_used" >= 0 and ("memberships"."texts_max" is null or "memberships"."texts_used" <= "memberships"."texts_max"))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"sku" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"channel" text DEFAULT 'web' NOT NULL,
	"shipping_type" text,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"county" text NOT NULL,
	"postcode" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('SIM_ORDERED', 'SIM_REORDERED', 'SIM_DELIVERED')),
	CONSTRAINT "orders_quantity" CHECK ("orders"."quantity" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"sku" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price_cents" integer NOT NULL,
	"days" integer NOT NULL,
	"data_kb" bigint,
	"fup_kb" bigint,
	"mobile_minutes" integer,
	"landline_minutes" integer,
	"texts" integer,
	"roaming_kb" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "products_kind" CHECK ("products"."kind" in ('membership', 'bundle', 'sim')),
	CONSTRAINT "products_price" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_days" CHECK ("products"."days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"member_id" integer NOT NULL,
	"segment_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_member_id_segment_type_pk" PRIMARY KEY("member_id","segment_type")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"binding_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sims" (
	"ssn" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"msisdn" text,
	"product" text NOT NULL,
	"requester" text DEFAULT '1' NOT NULL,
	"status" text NOT NULL,
	"puk" text NOT NULL,
	"billing_status" text DEFAULT 'ok' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sims_status" CHECK ("sims"."status" in ('active', 'activating', 'inactive')),
	CONSTRAINT "sims_billing_status" CHECK ("sims"."billing_status" in ('ok', 'unavailable')),
	CONSTRAINT "sims_msisdn_shape" CHECK ("sims"."msisdn" is null or "sims"."msisdn" ~ '^08[0-9]{8}$')
);
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexi_actions" ADD CONSTRAINT "flexi_actions_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goody_bags" ADD CONSTRAINT "goody_bags_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goody_bags" ADD CONSTRAINT "goody_bags_product_sku_products_sku_fk" FOREIGN KEY ("product_sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_permissions" ADD CONSTRAINT "marketing_permissions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_recurrence_sku_products_sku_fk" FOREIGN KEY ("recurrence_sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flexi_actions_once_a_month" ON "flexi_actions" USING btree ("ssn","month");--> statement-breakpoint
CREATE INDEX "goody_bags_ssn_idx" ON "goody_bags" USING btree ("ssn");--> statement-breakpoint
CREATE INDEX "ledger_ssn_time_idx" ON "ledger" USING btree ("ssn","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_lower_unique" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "memberships_ssn_idx" ON "memberships" USING btree ("ssn");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_current" ON "memberships" USING btree ("ssn") WHERE "memberships"."status" = 'current';--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_queued" ON "memberships" USING btree ("ssn") WHERE "memberships"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "notifications_member_idx" ON "notifications" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "orders_member_time_idx" ON "orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sims_msisdn_unique" ON "sims" USING btree ("msisdn");--> statement-breakpoint
CREATE INDEX "sims_member_idx" ON "sims" USING btree ("member_id");