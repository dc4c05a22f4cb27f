CREATE TABLE "alert_settings" (
	"member_id" integer NOT NULL,
	"cause" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "alert_settings_member_id_cause_pk" PRIMARY KEY("member_id","cause"),
	CONSTRAINT "alert_settings_cause" CHECK ("alert_settings"."cause" in ('data80', 'data100', 'renewal', 'cardExpiry', 'renewalFailed'))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"cause" text NOT NULL,
	"cause_key" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "port_in_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_up_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "step_up_codes_tries" CHECK ("step_up_codes"."tries" >= 0 and "step_up_codes"."tries" <= 5),
	CONSTRAINT "step_up_codes_purpose" CHECK ("step_up_codes"."purpose" in ('email', 'card', 'sim', 'unblock', 'delete'))
);
--> statement-breakpoint
ALTER TABLE "port_in_requests" DROP CONSTRAINT "port_in_status";--> statement-breakpoint
DROP INDEX "port_in_one_open";--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "spend_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "port_in_requests" ADD COLUMN "scheduled_for" date;--> statement-breakpoint
ALTER TABLE "port_in_requests" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "port_in_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "kind" text DEFAULT 'physical' NOT NULL;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "esim_activation_code" text;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_in_events" ADD CONSTRAINT "port_in_events_request_id_port_in_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."port_in_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_up_codes" ADD CONSTRAINT "step_up_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_once_per_cause" ON "alerts" USING btree ("cause_key");--> statement-breakpoint
CREATE INDEX "alerts_member_idx" ON "alerts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "port_in_events_once" ON "port_in_events" USING btree ("request_id","status");--> statement-breakpoint
CREATE INDEX "step_up_codes_member_idx" ON "step_up_codes" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "step_up_codes_one_live" ON "step_up_codes" USING btree ("member_id") WHERE "step_up_codes"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "port_in_one_open" ON "port_in_requests" USING btree ("member_id") WHERE "port_in_requests"."status" in ('requested', 'validating', 'scheduled');--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_card_last4" CHECK ("ledger"."card_last4" is null or "ledger"."card_last4" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_spend_limit" CHECK ("members"."spend_limit_cents" is null or "members"."spend_limit_cents" >= 500);--> statement-breakpoint
ALTER TABLE "port_in_requests" ADD CONSTRAINT "port_in_status" CHECK ("port_in_requests"."status" in ('requested', 'validating', 'scheduled', 'completed', 'rejected', 'cancelled'));--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_kind" CHECK ("sims"."kind" in ('physical', 'esim') and ("sims"."kind" = 'esim') = ("sims"."esim_activation_code" is not null));