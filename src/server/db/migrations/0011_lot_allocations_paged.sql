-- A lot's allocation history is paged (GET /lots/:id/allocations): counted and read newest first
-- along this index instead of sorting all of the lot's allocations (a big lot feeds thousands).
DROP INDEX "emission_allocations_lot_idx";--> statement-breakpoint
CREATE INDEX "emission_allocations_lot_idx" ON "emission_allocations" USING btree ("lot_id","agency_id","created_at","id");
