CREATE TABLE "locked_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"ssn" text NOT NULL,
	"kind" text NOT NULL,
	"new_ssn" text,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"ended_why" text,
	CONSTRAINT "locked_changes_kind" CHECK ("locked_changes"."kind" in ('physical', 'esim')),
	CONSTRAINT "locked_changes_card" CHECK (("locked_changes"."kind" = 'physical') = ("locked_changes"."new_ssn" is not null)),
	CONSTRAINT "locked_changes_due" CHECK (("locked_changes"."confirmed_at" is null) = ("locked_changes"."due_at" is null))
);
--> statement-breakpoint
ALTER TABLE "step_up_codes" DROP CONSTRAINT "step_up_codes_purpose";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_origin";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "number_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locked_changes" ADD CONSTRAINT "locked_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locked_changes_one_open" ON "locked_changes" USING btree ("ssn") WHERE "locked_changes"."done_at" is null and "locked_changes"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "locked_changes_due_idx" ON "locked_changes" USING btree ("due_at") WHERE "locked_changes"."due_at" is not null and "locked_changes"."done_at" is null and "locked_changes"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "locked_changes_member" ON "locked_changes" USING btree ("member_id","id");--> statement-breakpoint
ALTER TABLE "step_up_codes" ADD CONSTRAINT "step_up_codes_purpose" CHECK ("step_up_codes"."purpose" in ('email', 'card', 'sim', 'unblock', 'delete', 'passkey', 'numberLock', 'lockedChange'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_origin" CHECK ("tickets"."origin" in ('person', 'network', 'fraud', 'lock'));