-- A push subscription ends with the session that made it: those of ended (or forgotten) sessions go.
DELETE FROM "push_subscriptions" WHERE "session_id" IS NULL OR "session_id" IN (SELECT "id" FROM "sessions" WHERE "ended_at" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" DROP CONSTRAINT "push_subscriptions_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;