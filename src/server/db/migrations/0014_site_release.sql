CREATE TABLE "site_release" (
	"name" text PRIMARY KEY NOT NULL,
	"build" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
