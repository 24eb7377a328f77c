-- The dashboard's period flows read by index (issue #18, docs/decisions/0023-dashboard.md): live
-- clients by registration and live lots by purchase day, each index-only for what it counts.
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("agency_id","created_at") WHERE "clients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mile_lots_purchase_idx" ON "mile_lots" USING btree ("agency_id","purchase_date") INCLUDE ("original_quantity","total_cost_cents") WHERE "mile_lots"."deleted_at" IS NULL;
