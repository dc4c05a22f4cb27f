ALTER TABLE "ledger" ADD COLUMN "use_kind" text;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_use_kind" CHECK ("ledger"."use_kind" in ('data', 'calls', 'texts', 'roaming-1', 'roaming-2', 'roaming-3', 'roaming-4'));--> statement-breakpoint
-- Uses charged before their kind was kept: read from their line ("Data", "Calls abroad: France").
UPDATE "ledger" SET "use_kind" = CASE
  WHEN "description" ~ '^[A-Za-z ]+ abroad: ' THEN CASE
    WHEN substring("description" from ': ([^:]+?)(: price corrected.*)?$') IN ('Austria', 'Belgium', 'Bulgaria', 'Croatia', 'Cyprus', 'Czechia', 'Denmark', 'Estonia', 'Finland', 'France', 'Germany', 'Greece', 'Hungary', 'Ireland', 'Italy', 'Latvia', 'Lithuania', 'Luxembourg', 'Malta', 'Netherlands', 'Poland', 'Portugal', 'Romania', 'Slovakia', 'Slovenia', 'Spain', 'Sweden', 'Iceland', 'Liechtenstein', 'Norway') THEN 'roaming-1'
    WHEN substring("description" from ': ([^:]+?)(: price corrected.*)?$') IN ('United Kingdom', 'Switzerland', 'Andorra', 'Monaco', 'Turkey') THEN 'roaming-2'
    WHEN substring("description" from ': ([^:]+?)(: price corrected.*)?$') IN ('United States', 'Canada', 'Mexico') THEN 'roaming-3'
    ELSE 'roaming-4' END
  WHEN "description" LIKE 'Data%' THEN 'data'
  WHEN "description" LIKE 'Texts%' OR "description" LIKE 'International texts%' THEN 'texts'
  ELSE 'calls' END
WHERE "kind" = 'usage' AND "use_kind" IS NULL;
