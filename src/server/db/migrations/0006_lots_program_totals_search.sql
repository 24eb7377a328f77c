-- The lots list (GET /api/v1/lots) filters, sorts and searches by the account's program and
-- number; a join per request would keep them out of the list's indexes. mile_lots keeps a copy,
-- held equal to the account's by a foreign key on (id, agency_id, program, account_number) with
-- ON UPDATE CASCADE: renumbering an account (the client form) carries its lots' copies along.
-- docs/decisions/0006-lots-at-scale.md
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_lot_ref_key" UNIQUE("id","agency_id","program","account_number");--> statement-breakpoint
ALTER TABLE "mile_lots" DROP CONSTRAINT "mile_lots_account_id_agency_id_loyalty_accounts_id_agency_id_fk";--> statement-breakpoint
DROP INDEX "mile_lots_agency_expiry_idx";--> statement-breakpoint
ALTER TABLE "mile_lots" ADD COLUMN "program" text;--> statement-breakpoint
ALTER TABLE "mile_lots" ADD COLUMN "account_number" text;--> statement-breakpoint
UPDATE "mile_lots" l SET "program" = a."program", "account_number" = a."account_number"
  FROM "loyalty_accounts" a WHERE a."id" = l."account_id" AND a."agency_id" = l."agency_id";--> statement-breakpoint
ALTER TABLE "mile_lots" ALTER COLUMN "program" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mile_lots" ALTER COLUMN "account_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mile_lots" ADD CONSTRAINT "mile_lots_account_fk" FOREIGN KEY ("account_id","agency_id","program","account_number") REFERENCES "public"."loyalty_accounts"("id","agency_id","program","account_number") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
-- An allocation's miles, once given back by a cancellation, stay as history (DESIGN.md §2).
ALTER TABLE "emission_allocations" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_accounts_agency_number_key" ON "loyalty_accounts" USING btree ("agency_id","program","account_number") WHERE "loyalty_accounts"."client_id" IS NULL AND "loyalty_accounts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE TABLE "lot_search_entries" (
	"lot_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"program" text NOT NULL,
	"status" text NOT NULL,
	"remaining_quantity" integer NOT NULL,
	"cost_per_thousand" numeric(14, 4) NOT NULL,
	"expiry_date" date,
	"deleted_at" timestamp with time zone,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_totals" (
	"agency_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"program" text NOT NULL,
	"status" text NOT NULL,
	"lots" integer DEFAULT 0 NOT NULL,
	"original_miles" bigint DEFAULT 0 NOT NULL,
	"remaining_miles" bigint DEFAULT 0 NOT NULL,
	"total_cost_cents" bigint DEFAULT 0 NOT NULL,
	"remaining_value_cents" bigint DEFAULT 0 NOT NULL,
	"remaining_cost" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "lot_totals_agency_id_account_id_program_status_pk" PRIMARY KEY("agency_id","account_id","program","status"),
	CONSTRAINT "lot_totals_nonneg" CHECK ("lot_totals"."lots" >= 0 AND "lot_totals"."original_miles" >= 0 AND "lot_totals"."remaining_miles" >= 0 AND "lot_totals"."total_cost_cents" >= 0
        AND "lot_totals"."remaining_value_cents" >= 0 AND "lot_totals"."remaining_cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lot_search_entries" ADD CONSTRAINT "lot_search_entries_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_search_entries" ADD CONSTRAINT "lot_search_entries_lot_id_agency_id_mile_lots_id_agency_id_fk" FOREIGN KEY ("lot_id","agency_id") REFERENCES "public"."mile_lots"("id","agency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_totals" ADD CONSTRAINT "lot_totals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;
