-- Keys ready to scale out (#12, DESIGN.md §1): a deployment sharded by agency_id (Citus) needs
-- every primary key and unique index of a tenant table to include agency_id. These tables were
-- keyed by id alone; their primary key becomes (agency_id, id), under the same name. No foreign
-- key depends on the old keys (the composite ones reference the (id, agency_id) unique constraints,
-- which stay), so nothing else is dropped. Existing rows qualify as they are: id was unique and
-- both columns are NOT NULL. Each ADD builds the new index while holding the table exclusively.
--
-- Hand-edited: drizzle-kit cannot name a column-level primary key it drops and writes the DROP
-- commented out; each table's DROP is written here before its ADD.
ALTER TABLE "activity" DROP CONSTRAINT "activity_pkey";--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_pkey";--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_pkey";--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "emission_allocations" DROP CONSTRAINT "emission_allocations_pkey";--> statement-breakpoint
ALTER TABLE "emission_allocations" ADD CONSTRAINT "emission_allocations_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "emission_passengers" DROP CONSTRAINT "emission_passengers_pkey";--> statement-breakpoint
ALTER TABLE "emission_passengers" ADD CONSTRAINT "emission_passengers_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "emissions" DROP CONSTRAINT "emissions_pkey";--> statement-breakpoint
ALTER TABLE "emissions" ADD CONSTRAINT "emissions_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "financial_entries" DROP CONSTRAINT "financial_entries_pkey";--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_pkey";--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "import_presets" DROP CONSTRAINT "import_presets_pkey";--> statement-breakpoint
ALTER TABLE "import_presets" ADD CONSTRAINT "import_presets_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "loyalty_accounts" DROP CONSTRAINT "loyalty_accounts_pkey";--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "mile_lots" DROP CONSTRAINT "mile_lots_pkey";--> statement-breakpoint
ALTER TABLE "mile_lots" ADD CONSTRAINT "mile_lots_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "program_rules" DROP CONSTRAINT "program_rules_pkey";--> statement-breakpoint
ALTER TABLE "program_rules" ADD CONSTRAINT "program_rules_pkey" PRIMARY KEY("agency_id","id");--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_pkey";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_pkey" PRIMARY KEY("agency_id","id");