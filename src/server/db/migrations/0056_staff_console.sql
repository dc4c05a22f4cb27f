CREATE TABLE "staff_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"staff_role" text NOT NULL,
	"action" text NOT NULL,
	"member_id" integer,
	"reason" text NOT NULL,
	"result" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "staff_audit_hash" UNIQUE("hash"),
	CONSTRAINT "staff_audit_role" CHECK ("staff_audit"."staff_role" in ('agent', 'supervisor', 'fraud', 'finance', 'editor', 'admin')),
	CONSTRAINT "staff_audit_action" CHECK ("staff_audit"."action" in ('opened', 'note', 'goodwill', 'reversal', 'verification', 'requested', 'approved', 'declined', 'block', 'unblock', 'number-lock-ended', 'case-closed', 'refund-file-made', 'refund-file-approved', 'refund-file-sent', 'refund-returned', 'rebuild', 'rollback', 'audit-export', 'signed-in', 'signed-out'))
);
--> statement-breakpoint
CREATE TABLE "staff_audit_checks" (
	"day" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"rows" integer NOT NULL,
	"broken_at" integer
);
--> statement-breakpoint
CREATE TABLE "staff_money" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer NOT NULL,
	"ssn" text NOT NULL,
	"cents" integer NOT NULL,
	"reverses" integer,
	"request_id" integer,
	"person_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_money_cents" CHECK ("staff_money"."cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "staff_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_people_subject" UNIQUE("subject"),
	CONSTRAINT "staff_people_role" CHECK ("staff_people"."role" in ('agent', 'supervisor', 'fraud', 'finance', 'editor', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "staff_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer NOT NULL,
	"ssn" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"ledger_id" integer,
	"reason" text NOT NULL,
	"asked_by" integer NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "staff_requests_kind" CHECK ("staff_requests"."kind" in ('goodwill', 'reversal')),
	CONSTRAINT "staff_requests_state" CHECK ("staff_requests"."state" in ('waiting', 'approved', 'declined', 'expired')),
	CONSTRAINT "staff_requests_four_eyes" CHECK ("staff_requests"."decided_by" is null or "staff_requests"."decided_by" <> "staff_requests"."asked_by"),
	CONSTRAINT "staff_requests_amount" CHECK ("staff_requests"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"person_id" integer NOT NULL,
	"role" text NOT NULL,
	"id_token" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_sessions_token" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_sign_ins" (
	"state" text PRIMARY KEY NOT NULL,
	"verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_takes" (
	"queue" text NOT NULL,
	"ref" text NOT NULL,
	"person_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_takes_queue_ref_pk" PRIMARY KEY("queue","ref")
);
--> statement-breakpoint
ALTER TABLE "refund_files" ADD COLUMN "made_by" integer;--> statement-breakpoint
ALTER TABLE "refund_files" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "refund_files" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_money" ADD CONSTRAINT "staff_money_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_money" ADD CONSTRAINT "staff_money_request_id_staff_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."staff_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_money" ADD CONSTRAINT "staff_money_person_id_staff_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."staff_people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_person_id_staff_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."staff_people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_asked_by_staff_people_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."staff_people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_decided_by_staff_people_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_person_id_staff_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."staff_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_takes" ADD CONSTRAINT "staff_takes_person_id_staff_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."staff_people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_member" ON "staff_audit" USING btree ("member_id","at") WHERE "staff_audit"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "staff_audit_at" ON "staff_audit" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_money_reverses_once" ON "staff_money" USING btree ("reverses");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_money_request_once" ON "staff_money" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "staff_money_member" ON "staff_money" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "staff_notes_member" ON "staff_notes" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "staff_requests_waiting" ON "staff_requests" USING btree ("asked_at") WHERE "staff_requests"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "staff_sessions_ends" ON "staff_sessions" USING btree ("ends_at");--> statement-breakpoint
ALTER TABLE "refund_files" ADD CONSTRAINT "refund_files_four_eyes" CHECK ("refund_files"."approved_by" is null or "refund_files"."made_by" is null or "refund_files"."approved_by" <> "refund_files"."made_by");--> statement-breakpoint
ALTER TABLE "refund_files" ADD CONSTRAINT "refund_files_sent_approved" CHECK ("refund_files"."sent_at" is null or "refund_files"."approved_at" is not null);--> statement-breakpoint
-- The audit log is append-only (docs/product/staff.md): no role may change or remove a row.
CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only: a row is never changed or removed' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER staff_audit_append_only BEFORE UPDATE OR DELETE ON staff_audit FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
