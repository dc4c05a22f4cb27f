CREATE TABLE "contact_preferences" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"large_print" boolean DEFAULT false NOT NULL,
	"no_phone_calls" boolean DEFAULT false NOT NULL,
	"email_only" boolean DEFAULT false NOT NULL,
	"representative_name" text,
	"representative_relationship" text,
	"notes" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_preferences_representative" CHECK (("contact_preferences"."representative_name" is null) = ("contact_preferences"."representative_relationship" is null)),
	CONSTRAINT "contact_preferences_lengths" CHECK (coalesce(length("contact_preferences"."notes"), 0) <= 500 and coalesce(length("contact_preferences"."representative_name"), 0) <= 100 and coalesce(length("contact_preferences"."representative_relationship"), 0) <= 60)
);
--> statement-breakpoint
ALTER TABLE "contact_preferences" ADD CONSTRAINT "contact_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;