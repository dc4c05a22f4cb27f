-- The data alert a membership has reached (0, 80 or 100), kept by the database whoever writes the data
-- used, so that the alerts job's partial index reads it instead of the data used: an index over a column
-- every use changes made each use's update write all of the table's indexes again, where an update that
-- changes no indexed column stays on its page (a HOT update) and writes none. A trigger rather than a
-- generated column: adding one writes the whole table anew, every membership ever kept, under an exclusive
-- lock; this writes only the current memberships already past four fifths.
ALTER TABLE "memberships" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "data_alert_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "memberships_data_alert_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.data_alert_level := CASE
    WHEN NEW.status <> 'current' OR coalesce(NEW.data_max_kb, 0) <= 0 THEN 0
    WHEN NEW.data_used_kb + NEW.data_out_kb >= NEW.data_max_kb + NEW.data_in_kb THEN 100
    WHEN (NEW.data_used_kb + NEW.data_out_kb) * 5 >= (NEW.data_max_kb + NEW.data_in_kb) * 4 THEN 80
    ELSE 0
  END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_data_alert_level"
  BEFORE INSERT OR UPDATE OF "status", "data_max_kb", "data_used_kb", "data_out_kb", "data_in_kb" ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "memberships_data_alert_level"();--> statement-breakpoint
-- The memberships already past four fifths get their level from the trigger (an update of status to itself
-- fires it); every other one has reached none, the column's default.
UPDATE "memberships" SET "status" = "status"
  WHERE "status" = 'current' AND "data_max_kb" > 0
    AND ("data_used_kb" + "data_out_kb") * 5 >= ("data_max_kb" + "data_in_kb") * 4;--> statement-breakpoint
DROP INDEX "memberships_data_alert_due_idx";--> statement-breakpoint
CREATE INDEX "memberships_data_alert_due_idx" ON "memberships" USING btree ("id") WHERE "memberships"."data_alert_level" > "memberships"."data_alerted_percent";
