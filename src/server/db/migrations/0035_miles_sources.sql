CREATE TABLE "lot_withdrawals" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"transfer_id" uuid,
	"miles" integer NOT NULL,
	"cost_per_thousand" numeric(14, 4) NOT NULL,
	"cost_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "lot_withdrawals_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "lot_withdrawals_miles_positive" CHECK ("lot_withdrawals"."miles" > 0),
	CONSTRAINT "lot_withdrawals_cost_nonneg" CHECK ("lot_withdrawals"."cost_cents" >= 0 AND "lot_withdrawals"."cost_per_thousand" >= 0),
	CONSTRAINT "lot_withdrawals_source" CHECK ("lot_withdrawals"."transfer_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "mile_credits" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"transfer_id" uuid,
	"kind" text NOT NULL,
	"expected_quantity" integer NOT NULL,
	"quantity" integer,
	"cost_cents" bigint NOT NULL,
	"credit_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lot_id" uuid,
	"credited_on" date,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mile_credits_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "mile_credits_kind" CHECK ("mile_credits"."kind" IN ('transfer_base', 'transfer_bonus')),
	CONSTRAINT "mile_credits_status" CHECK ("mile_credits"."status" IN ('pending', 'credited', 'cancelled')),
	CONSTRAINT "mile_credits_quantity" CHECK ("mile_credits"."expected_quantity" > 0 AND ("mile_credits"."quantity" IS NULL OR "mile_credits"."quantity" > 0)),
	CONSTRAINT "mile_credits_cost" CHECK ("mile_credits"."cost_cents" >= 0),
	CONSTRAINT "mile_credits_state" CHECK (("mile_credits"."status" = 'credited') = ("mile_credits"."lot_id" IS NOT NULL AND "mile_credits"."quantity" IS NOT NULL AND "mile_credits"."credited_on" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "mile_transfers" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"source_account_id" uuid NOT NULL,
	"destination_account_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"ratio" numeric(10, 4) NOT NULL,
	"bonus_percent" smallint NOT NULL,
	"base_miles" integer NOT NULL,
	"bonus_miles" integer NOT NULL,
	"points_cost_cents" bigint NOT NULL,
	"extra_cost_cents" bigint DEFAULT 0 NOT NULL,
	"lost_cost_cents" bigint DEFAULT 0 NOT NULL,
	"transfer_date" date NOT NULL,
	"extra_entry_id" uuid,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mile_transfers_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "mile_transfers_points" CHECK ("mile_transfers"."points" > 0 AND "mile_transfers"."base_miles" > 0 AND "mile_transfers"."bonus_miles" >= 0),
	CONSTRAINT "mile_transfers_ratio" CHECK ("mile_transfers"."ratio" > 0),
	CONSTRAINT "mile_transfers_bonus" CHECK ("mile_transfers"."bonus_percent" BETWEEN 0 AND 300),
	CONSTRAINT "mile_transfers_costs" CHECK ("mile_transfers"."points_cost_cents" >= 0 AND "mile_transfers"."extra_cost_cents" >= 0 AND "mile_transfers"."lost_cost_cents" >= 0),
	CONSTRAINT "mile_transfers_accounts" CHECK ("mile_transfers"."source_account_id" <> "mile_transfers"."destination_account_id")
);
--> statement-breakpoint
CREATE TABLE "program_conversions" (
	"agency_id" uuid NOT NULL,
	"source_program" text NOT NULL,
	"destination_program" text NOT NULL,
	"ratio" numeric(10, 4) NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_conversions_agency_id_source_program_destination_program_pk" PRIMARY KEY("agency_id","source_program","destination_program"),
	CONSTRAINT "program_conversions_ratio" CHECK ("program_conversions"."ratio" > 0 AND "program_conversions"."ratio" <= 100),
	CONSTRAINT "program_conversions_pair" CHECK ("program_conversions"."source_program" <> "program_conversions"."destination_program")
);
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" DROP CONSTRAINT "loyalty_accounts_program";--> statement-breakpoint
ALTER TABLE "lot_withdrawals" ADD CONSTRAINT "lot_withdrawals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_withdrawals" ADD CONSTRAINT "lot_withdrawals_agency_id_lot_id_mile_lots_agency_id_id_fk" FOREIGN KEY ("agency_id","lot_id") REFERENCES "public"."mile_lots"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_withdrawals" ADD CONSTRAINT "lot_withdrawals_agency_id_transfer_id_mile_transfers_agency_id_id_fk" FOREIGN KEY ("agency_id","transfer_id") REFERENCES "public"."mile_transfers"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_credits" ADD CONSTRAINT "mile_credits_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_credits" ADD CONSTRAINT "mile_credits_agency_id_account_id_loyalty_accounts_agency_id_id_fk" FOREIGN KEY ("agency_id","account_id") REFERENCES "public"."loyalty_accounts"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_credits" ADD CONSTRAINT "mile_credits_agency_id_transfer_id_mile_transfers_agency_id_id_fk" FOREIGN KEY ("agency_id","transfer_id") REFERENCES "public"."mile_transfers"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_credits" ADD CONSTRAINT "mile_credits_agency_id_lot_id_mile_lots_agency_id_id_fk" FOREIGN KEY ("agency_id","lot_id") REFERENCES "public"."mile_lots"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_transfers" ADD CONSTRAINT "mile_transfers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_transfers" ADD CONSTRAINT "mile_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_transfers" ADD CONSTRAINT "mile_transfers_agency_id_source_account_id_loyalty_accounts_agency_id_id_fk" FOREIGN KEY ("agency_id","source_account_id") REFERENCES "public"."loyalty_accounts"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_transfers" ADD CONSTRAINT "mile_transfers_agency_id_destination_account_id_loyalty_accounts_agency_id_id_fk" FOREIGN KEY ("agency_id","destination_account_id") REFERENCES "public"."loyalty_accounts"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_conversions" ADD CONSTRAINT "program_conversions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_conversions" ADD CONSTRAINT "program_conversions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_withdrawals_lot_idx" ON "lot_withdrawals" USING btree ("lot_id","agency_id","created_at");--> statement-breakpoint
CREATE INDEX "lot_withdrawals_transfer_idx" ON "lot_withdrawals" USING btree ("agency_id","transfer_id");--> statement-breakpoint
CREATE INDEX "mile_credits_due_idx" ON "mile_credits" USING btree ("credit_date","agency_id") WHERE "mile_credits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mile_credits_agency_status_idx" ON "mile_credits" USING btree ("agency_id","status","credit_date","id");--> statement-breakpoint
CREATE INDEX "mile_credits_account_idx" ON "mile_credits" USING btree ("agency_id","account_id","status");--> statement-breakpoint
CREATE INDEX "mile_credits_transfer_idx" ON "mile_credits" USING btree ("agency_id","transfer_id");--> statement-breakpoint
CREATE INDEX "mile_credits_lot_idx" ON "mile_credits" USING btree ("agency_id","lot_id") WHERE "mile_credits"."lot_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mile_transfers_agency_created_idx" ON "mile_transfers" USING btree ("agency_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "mile_transfers_source_idx" ON "mile_transfers" USING btree ("agency_id","source_account_id");--> statement-breakpoint
CREATE INDEX "mile_transfers_destination_idx" ON "mile_transfers" USING btree ("agency_id","destination_account_id");--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_program" CHECK ("loyalty_accounts"."program" IN ('LATAM', 'SMILES', 'AZUL', 'TAP', 'AVIANCA', 'AMERICAN', 'UNITED', 'IBERIA', 'QATAR', 'OTHER', 'LIVELO', 'ESFERA', 'POINTS_OTHER'));--> statement-breakpoint
-- Issue #23 (docs/decisions/0029-transfers-and-credits.md): the tenant role works these tables for its own agency only.
GRANT SELECT, INSERT, UPDATE, DELETE ON program_conversions, mile_transfers, lot_withdrawals, mile_credits TO milheiro_app;--> statement-breakpoint
ALTER TABLE program_conversions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON program_conversions USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
ALTER TABLE mile_transfers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON mile_transfers USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
ALTER TABLE lot_withdrawals ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON lot_withdrawals USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
ALTER TABLE mile_credits ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON mile_credits USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));
