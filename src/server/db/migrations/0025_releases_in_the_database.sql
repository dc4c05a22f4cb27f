CREATE TABLE "cdn_purges" (
	"id" serial PRIMARY KEY NOT NULL,
	"build" text NOT NULL,
	"keys" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "cdn_purges_build_unique" UNIQUE("build")
);
--> statement-breakpoint
CREATE TABLE "site_files" (
	"build" text NOT NULL,
	"path" text NOT NULL,
	"body" "bytea" NOT NULL,
	CONSTRAINT "site_files_build_path_pk" PRIMARY KEY("build","path")
);
--> statement-breakpoint
CREATE TABLE "site_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"build" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cdn_purges_due_idx" ON "cdn_purges" USING btree ("next_at") WHERE "cdn_purges"."done_at" is null;