-- Client list order (GET /api/v1/clients): under a "C" collation (PGlite's, and PostgreSQL's
-- C.UTF-8) text compares byte by byte, which puts "Ângela" after "Zuleica" and "ana" after
-- "Bruno"; other collations differ by server. sort_name is the name
-- lower-cased and accent-free, the same translate() as search_text, and each list order gets a
-- partial index ending in (sort_name, id), so every page is stable and the id-only page query
-- is an index-only scan. The name-ordered indexes they replace are dropped.
DROP INDEX "clients_agency_emissions_idx";--> statement-breakpoint
DROP INDEX "clients_agency_spent_idx";--> statement-breakpoint
DROP INDEX "clients_agency_status_name_idx";--> statement-breakpoint
DROP INDEX "clients_agency_name_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (translate(lower(name), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny')) STORED;--> statement-breakpoint
CREATE INDEX "clients_list_name_idx" ON "clients" USING btree ("agency_id","sort_name","id") WHERE "clients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "clients_list_status_idx" ON "clients" USING btree ("agency_id","status","sort_name","id") WHERE "clients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "clients_list_emissions_idx" ON "clients" USING btree ("agency_id","emissions_count","sort_name","id") WHERE "clients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "clients_list_spent_idx" ON "clients" USING btree ("agency_id","total_spent_cents","sort_name","id") WHERE "clients"."deleted_at" IS NULL;