CREATE TABLE "mile_sales" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_document" text,
	"buyer_contact" text,
	"miles" integer NOT NULL,
	"price_per_thousand" numeric(14, 4) NOT NULL,
	"price_cents" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	"sale_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mile_sales_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "mile_sales_miles" CHECK ("mile_sales"."miles" > 0),
	CONSTRAINT "mile_sales_price" CHECK ("mile_sales"."price_per_thousand" > 0 AND "mile_sales"."price_cents" > 0 AND "mile_sales"."cost_cents" >= 0),
	CONSTRAINT "mile_sales_status" CHECK ("mile_sales"."status" IN ('active', 'cancelled')),
	CONSTRAINT "mile_sales_cancelled" CHECK (("mile_sales"."status" = 'cancelled') = ("mile_sales"."cancelled_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "sale_receivables" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"instalment" smallint NOT NULL,
	"instalments" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_date" date NOT NULL,
	"received_on" date,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_receivables_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "sale_receivables_instalment" CHECK ("sale_receivables"."instalments" BETWEEN 1 AND 24 AND "sale_receivables"."instalment" BETWEEN 1 AND "sale_receivables"."instalments"),
	CONSTRAINT "sale_receivables_amount" CHECK ("sale_receivables"."amount_cents" > 0),
	CONSTRAINT "sale_receivables_received" CHECK (("sale_receivables"."received_on" IS NULL) = ("sale_receivables"."entry_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "financial_entries" DROP CONSTRAINT "financial_entries_category";--> statement-breakpoint
ALTER TABLE "lot_withdrawals" DROP CONSTRAINT "lot_withdrawals_source";--> statement-breakpoint
ALTER TABLE "lot_withdrawals" ADD COLUMN "sale_id" uuid;--> statement-breakpoint
ALTER TABLE "mile_sales" ADD CONSTRAINT "mile_sales_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_sales" ADD CONSTRAINT "mile_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_sales" ADD CONSTRAINT "mile_sales_agency_id_account_id_loyalty_accounts_agency_id_id_fk" FOREIGN KEY ("agency_id","account_id") REFERENCES "public"."loyalty_accounts"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_receivables" ADD CONSTRAINT "sale_receivables_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_receivables" ADD CONSTRAINT "sale_receivables_agency_id_sale_id_mile_sales_agency_id_id_fk" FOREIGN KEY ("agency_id","sale_id") REFERENCES "public"."mile_sales"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mile_sales_agency_date_idx" ON "mile_sales" USING btree ("agency_id","sale_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "mile_sales_account_idx" ON "mile_sales" USING btree ("agency_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_receivables_sale_instalment_idx" ON "sale_receivables" USING btree ("agency_id","sale_id","instalment");--> statement-breakpoint
CREATE INDEX "sale_receivables_due_idx" ON "sale_receivables" USING btree ("agency_id","due_date","id");--> statement-breakpoint
ALTER TABLE "lot_withdrawals" ADD CONSTRAINT "lot_withdrawals_agency_id_sale_id_mile_sales_agency_id_id_fk" FOREIGN KEY ("agency_id","sale_id") REFERENCES "public"."mile_sales"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_withdrawals_sale_idx" ON "lot_withdrawals" USING btree ("agency_id","sale_id") WHERE "lot_withdrawals"."sale_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_category" CHECK ("financial_entries"."category" IN ('revenue', 'fees', 'miles_cost', 'rav', 'lot_purchase', 'miles_sale', 'other'));--> statement-breakpoint
ALTER TABLE "lot_withdrawals" ADD CONSTRAINT "lot_withdrawals_source" CHECK (("lot_withdrawals"."transfer_id" IS NOT NULL) <> ("lot_withdrawals"."sale_id" IS NOT NULL));--> statement-breakpoint
-- Issue #23 (docs/decisions/0029-transfers-and-credits.md, "Sales of miles"): the tenant role works its own agency's sales and receivables only.
GRANT SELECT, INSERT, UPDATE, DELETE ON mile_sales, sale_receivables TO milheiro_app;--> statement-breakpoint
ALTER TABLE mile_sales ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON mile_sales USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
ALTER TABLE sale_receivables ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON sale_receivables USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));
