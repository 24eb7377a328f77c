DROP INDEX "clients_agency_status_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(document, '')), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny')) STORED;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "emissions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "active_emissions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "total_spent_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "last_emission_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "clients_agency_emissions_idx" ON "clients" USING btree ("agency_id","emissions_count","name");--> statement-breakpoint
CREATE INDEX "clients_agency_spent_idx" ON "clients" USING btree ("agency_id","total_spent_cents","name");--> statement-breakpoint
CREATE INDEX "clients_agency_status_name_idx" ON "clients" USING btree ("agency_id","status","name");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_derived_nonneg" CHECK ("clients"."emissions_count" >= 0 AND "clients"."active_emissions_count" >= 0 AND "clients"."total_spent_cents" >= 0);