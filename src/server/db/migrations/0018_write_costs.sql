-- What the writes no longer pay for (issue #12, decision 0014).
--
-- 1. The (id, agency_id) unique constraints kept beside the (agency_id, id) primary keys since
--    migration 0016: every composite foreign key now references the primary key itself, so each
--    insert into clients, loyalty_accounts, mile_lots, emissions and import_jobs writes one index
--    fewer. Lookups name the agency (row-level security adds it to every query).
-- 2. clients_agency_updated_idx, which no query read.
-- 3. The import_job_id indexes hold only imported rows (what an import's undo looks for).
-- 4. emissions_client_idx becomes (agency_id, client_id, created_at): when a statement deletes a
--    client's emissions, clients_apply_figures finds its newest live one along it. Before, the
--    planner walked the agency's whole list index backwards for each client (a soft delete of
--    30,000 emissions of 1,000 clients: 14.9 s in that subquery alone, quadratic).
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_lot_id_agency_id_mile_lots_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_emission_id_agency_id_emissions_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_import_job_id_agency_id_import_jobs_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "emission_allocations" DROP CONSTRAINT "emission_allocations_emission_id_agency_id_emissions_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "emission_allocations" DROP CONSTRAINT "emission_allocations_lot_id_agency_id_mile_lots_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "emission_passengers" DROP CONSTRAINT "emission_passengers_emission_id_agency_id_emissions_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "emissions" DROP CONSTRAINT "emissions_client_id_agency_id_clients_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "emissions" DROP CONSTRAINT "emissions_account_id_agency_id_loyalty_accounts_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "emissions" DROP CONSTRAINT "emissions_import_job_id_agency_id_import_jobs_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "financial_entries" DROP CONSTRAINT "financial_entries_emission_id_agency_id_emissions_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "financial_entries" DROP CONSTRAINT "financial_entries_lot_id_agency_id_mile_lots_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "financial_entries" DROP CONSTRAINT "financial_entries_import_job_id_agency_id_import_jobs_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "lot_search_entries" DROP CONSTRAINT "lot_search_entries_lot_id_agency_id_mile_lots_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "loyalty_accounts" DROP CONSTRAINT "loyalty_accounts_client_id_agency_id_clients_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "mile_lots" DROP CONSTRAINT "mile_lots_import_job_id_agency_id_import_jobs_id_agency_id_fk";--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_id_agency_key";--> statement-breakpoint
ALTER TABLE "emissions" DROP CONSTRAINT "emissions_id_agency_key";--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_id_agency_key";--> statement-breakpoint
ALTER TABLE "loyalty_accounts" DROP CONSTRAINT "loyalty_accounts_id_agency_key";--> statement-breakpoint
ALTER TABLE "mile_lots" DROP CONSTRAINT "mile_lots_id_agency_key";--> statement-breakpoint
DROP INDEX "clients_agency_updated_idx";--> statement-breakpoint
DROP INDEX "clients_import_job_idx";--> statement-breakpoint
DROP INDEX "emissions_client_idx";--> statement-breakpoint
DROP INDEX "emissions_import_job_idx";--> statement-breakpoint
DROP INDEX "mile_lots_import_job_idx";--> statement-breakpoint
CREATE INDEX "clients_import_job_idx" ON "clients" USING btree ("import_job_id") WHERE "clients"."import_job_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "emissions_client_idx" ON "emissions" USING btree ("agency_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "emissions_import_job_idx" ON "emissions" USING btree ("import_job_id") WHERE "emissions"."import_job_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mile_lots_import_job_idx" ON "mile_lots" USING btree ("import_job_id") WHERE "mile_lots"."import_job_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_agency_id_lot_id_mile_lots_agency_id_id_fk" FOREIGN KEY ("agency_id","lot_id") REFERENCES "public"."mile_lots"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_agency_id_emission_id_emissions_agency_id_id_fk" FOREIGN KEY ("agency_id","emission_id") REFERENCES "public"."emissions"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_agency_id_import_job_id_import_jobs_agency_id_id_fk" FOREIGN KEY ("agency_id","import_job_id") REFERENCES "public"."import_jobs"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_allocations" ADD CONSTRAINT "emission_allocations_agency_id_emission_id_emissions_agency_id_id_fk" FOREIGN KEY ("agency_id","emission_id") REFERENCES "public"."emissions"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_allocations" ADD CONSTRAINT "emission_allocations_agency_id_lot_id_mile_lots_agency_id_id_fk" FOREIGN KEY ("agency_id","lot_id") REFERENCES "public"."mile_lots"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_passengers" ADD CONSTRAINT "emission_passengers_agency_id_emission_id_emissions_agency_id_id_fk" FOREIGN KEY ("agency_id","emission_id") REFERENCES "public"."emissions"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emissions" ADD CONSTRAINT "emissions_agency_id_client_id_clients_agency_id_id_fk" FOREIGN KEY ("agency_id","client_id") REFERENCES "public"."clients"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emissions" ADD CONSTRAINT "emissions_agency_id_account_id_loyalty_accounts_agency_id_id_fk" FOREIGN KEY ("agency_id","account_id") REFERENCES "public"."loyalty_accounts"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emissions" ADD CONSTRAINT "emissions_agency_id_import_job_id_import_jobs_agency_id_id_fk" FOREIGN KEY ("agency_id","import_job_id") REFERENCES "public"."import_jobs"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_agency_id_emission_id_emissions_agency_id_id_fk" FOREIGN KEY ("agency_id","emission_id") REFERENCES "public"."emissions"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_agency_id_lot_id_mile_lots_agency_id_id_fk" FOREIGN KEY ("agency_id","lot_id") REFERENCES "public"."mile_lots"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_agency_id_import_job_id_import_jobs_agency_id_id_fk" FOREIGN KEY ("agency_id","import_job_id") REFERENCES "public"."import_jobs"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_search_entries" ADD CONSTRAINT "lot_search_entries_agency_id_lot_id_mile_lots_agency_id_id_fk" FOREIGN KEY ("agency_id","lot_id") REFERENCES "public"."mile_lots"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_agency_id_client_id_clients_agency_id_id_fk" FOREIGN KEY ("agency_id","client_id") REFERENCES "public"."clients"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_lots" ADD CONSTRAINT "mile_lots_agency_id_import_job_id_import_jobs_agency_id_id_fk" FOREIGN KEY ("agency_id","import_job_id") REFERENCES "public"."import_jobs"("agency_id","id") ON DELETE no action ON UPDATE no action;
