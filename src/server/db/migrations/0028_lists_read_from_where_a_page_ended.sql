DROP INDEX "alerts_member_idx";--> statement-breakpoint
DROP INDEX "ledger_ssn_time_idx";--> statement-breakpoint
DROP INDEX "notifications_member_idx";--> statement-breakpoint
CREATE INDEX "alerts_member_time_idx" ON "alerts" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_ssn_time_id_idx" ON "ledger" USING btree ("ssn","occurred_at","id");--> statement-breakpoint
CREATE INDEX "notifications_member_time_idx" ON "notifications" USING btree ("member_id","created_at","id");