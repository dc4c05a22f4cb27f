CREATE TABLE "household_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"household_id" integer NOT NULL,
	"ssn" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "household_invitations_tries" CHECK ("household_invitations"."tries" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "household_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"household_id" integer NOT NULL,
	"ssn" text NOT NULL,
	"slot" integer NOT NULL,
	"spend_limit_cents" integer,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "household_lines_one_household" UNIQUE("ssn"),
	CONSTRAINT "household_lines_slots" CHECK ("household_lines"."slot" between 1 and 4),
	CONSTRAINT "household_lines_limit" CHECK ("household_lines"."spend_limit_cents" is null or "household_lines"."spend_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "households_one_per_owner" UNIQUE("owner_id")
);
--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_lines" ADD CONSTRAINT "household_lines_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_lines" ADD CONSTRAINT "household_lines_ssn_sims_ssn_fk" FOREIGN KEY ("ssn") REFERENCES "public"."sims"("ssn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "household_invitations_one_live" ON "household_invitations" USING btree ("household_id","ssn") WHERE "household_invitations"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "household_lines_slot" ON "household_lines" USING btree ("household_id","slot");