-- The emissions list at scale: its page ids come from one of these indexes, read from the nearer
-- end (created_at, then id, in one direction) and counted index-only — the first carries the
-- account, so a program filter (the program's accounts) needs no join either — instead of sorting
-- and counting every emission joined to its client and account (60,000 emissions: 130 ms for a
-- page, 100 ms for its count).
DROP INDEX "emissions_agency_created_idx";--> statement-breakpoint
DROP INDEX "emissions_agency_status_idx";--> statement-breakpoint
CREATE INDEX "emissions_list_idx" ON "emissions" USING btree ("agency_id","created_at","id","account_id") WHERE "emissions"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "emissions_list_status_idx" ON "emissions" USING btree ("agency_id","status","created_at","id","revenue_cents") WHERE "emissions"."deleted_at" IS NULL;
