CREATE TABLE "line_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"msisdn" text NOT NULL,
	"ssn" text,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"mailed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone,
	CONSTRAINT "line_changes_token" UNIQUE("token_hash"),
	CONSTRAINT "line_changes_kind" CHECK ("line_changes"."kind" in ('simSwap', 'esim', 'portOutRequested', 'portedOut'))
);
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_origin";--> statement-breakpoint
ALTER TABLE "line_changes" ADD CONSTRAINT "line_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_changes_untold" ON "line_changes" USING btree ("id") WHERE "line_changes"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "line_changes_member" ON "line_changes" USING btree ("member_id","id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_origin" CHECK ("tickets"."origin" in ('person', 'network', 'fraud'));