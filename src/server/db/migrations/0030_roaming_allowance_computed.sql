-- Memberships running or queued get the EU roaming data the law gave them on the day they started
-- (roaming.md; src/contract/roaming.ts says the same in code): never less than they had.
UPDATE "memberships" AS m
SET "roaming_max_kb" = GREATEST(m."roaming_max_kb", floor(
  (2 * round(p."price_cents" * 30.0 / p."days") * 100 * 1048576)
  / (123 * CASE
    WHEN (m."starts_at" AT TIME ZONE 'Europe/Dublin')::date >= DATE '2027-01-01' THEN 100
    WHEN (m."starts_at" AT TIME ZONE 'Europe/Dublin')::date >= DATE '2026-01-01' THEN 110
    WHEN (m."starts_at" AT TIME ZONE 'Europe/Dublin')::date >= DATE '2025-01-01' THEN 130
    WHEN (m."starts_at" AT TIME ZONE 'Europe/Dublin')::date >= DATE '2024-01-01' THEN 155
    WHEN (m."starts_at" AT TIME ZONE 'Europe/Dublin')::date >= DATE '2023-01-01' THEN 180
    ELSE 200 END)
)::bigint)
FROM "products" AS p
WHERE p."sku" = m."sku" AND p."kind" = 'membership' AND p."price_cents" > 0 AND p."days" > 0
  AND m."status" IN ('current', 'queued');--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "roaming_kb";
