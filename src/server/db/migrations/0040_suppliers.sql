CREATE TABLE "suppliers" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document" text,
	"pix_key" text,
	"contact" text,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "suppliers_name" CHECK (length(trim("suppliers"."name")) >= 1)
);
--> statement-breakpoint
ALTER TABLE "mile_lots" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_key" ON "suppliers" USING btree ("agency_id",lower("name"));--> statement-breakpoint
ALTER TABLE "mile_lots" ADD CONSTRAINT "mile_lots_agency_id_supplier_id_suppliers_agency_id_id_fk" FOREIGN KEY ("agency_id","supplier_id") REFERENCES "public"."suppliers"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mile_lots_supplier_idx" ON "mile_lots" USING btree ("agency_id","supplier_id","purchase_date") WHERE "mile_lots"."supplier_id" IS NOT NULL;--> statement-breakpoint
-- Issue #23 (decision 0029 "Suppliers"): the suppliers typed on lots become the agency's registry —
-- one per name, case and surrounding spaces aside, spelt as first typed — and their lots point to it.
-- Lots a transfer or a club credited name where their miles came from, not a supplier: left alone.
INSERT INTO suppliers (agency_id, name)
SELECT DISTINCT ON (l.agency_id, lower(trim(l.supplier))) l.agency_id, trim(l.supplier)
FROM mile_lots l
WHERE l.supplier IS NOT NULL AND trim(l.supplier) <> ''
  AND NOT EXISTS (SELECT 1 FROM mile_credits c WHERE c.agency_id = l.agency_id AND c.lot_id = l.id)
ORDER BY l.agency_id, lower(trim(l.supplier)), l.created_at, l.id
ON CONFLICT (agency_id, lower(name)) DO NOTHING;--> statement-breakpoint
UPDATE mile_lots l SET supplier_id = s.id, supplier = s.name
FROM suppliers s
WHERE s.agency_id = l.agency_id AND lower(s.name) = lower(trim(l.supplier)) AND l.supplier_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM mile_credits c WHERE c.agency_id = l.agency_id AND c.lot_id = l.id);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON suppliers TO milheiro_app;--> statement-breakpoint
ALTER TABLE suppliers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON suppliers USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));
