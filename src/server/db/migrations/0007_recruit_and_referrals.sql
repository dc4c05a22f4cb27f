CREATE TABLE "recruits" (
	"id" serial PRIMARY KEY NOT NULL,
	"recruiter_member_id" integer NOT NULL,
	"order_id" integer,
	"friend_member_id" integer,
	"friend_name" text NOT NULL,
	"sim_ssn" text,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"rewarded_at" timestamp with time zone,
	"reward_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recruits_not_self" CHECK ("recruits"."friend_member_id" is null or "recruits"."friend_member_id" <> "recruits"."recruiter_member_id"),
	CONSTRAINT "recruits_reward" CHECK ("recruits"."reward_cents" >= 0 and ("recruits"."rewarded_at" is null or "recruits"."activated_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "referral_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"payload" text NOT NULL,
	"status" integer NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_member_id" integer NOT NULL,
	"friend_email" text NOT NULL,
	"friend_name" text NOT NULL,
	"friend_member_id" integer,
	"campaign_slug" text NOT NULL,
	"status" text NOT NULL,
	"order_number" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrals_status" CHECK ("referrals"."status" in ('registered', 'signed_up', 'ordered', 'confirmed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "affiliate_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recruiter_member_id" integer;--> statement-breakpoint
ALTER TABLE "sim_stock" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "recruits" ADD CONSTRAINT "recruits_recruiter_member_id_members_id_fk" FOREIGN KEY ("recruiter_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruits" ADD CONSTRAINT "recruits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruits" ADD CONSTRAINT "recruits_friend_member_id_members_id_fk" FOREIGN KEY ("friend_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_member_id_members_id_fk" FOREIGN KEY ("referrer_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_member_id_members_id_fk" FOREIGN KEY ("friend_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recruits_recruiter_idx" ON "recruits" USING btree ("recruiter_member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recruits_one_per_order" ON "recruits" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruits_one_per_friend" ON "recruits" USING btree ("friend_member_id");--> statement-breakpoint
CREATE INDEX "referral_calls_time_idx" ON "referral_calls" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_email_unique" ON "referrals" USING btree (lower("friend_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_order_unique" ON "referrals" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_member_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recruiter_member_id_members_id_fk" FOREIGN KEY ("recruiter_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_stock" ADD CONSTRAINT "sim_stock_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_affiliate_id_unique" ON "members" USING btree ("affiliate_id");--> statement-breakpoint
CREATE INDEX "orders_recruiter_time_idx" ON "orders" USING btree ("recruiter_member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_stock_one_card_per_order" ON "sim_stock" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_affiliate_id_shape" CHECK ("members"."affiliate_id" is null or "members"."affiliate_id" ~ '^[A-Za-z0-9]{6,32}$');