-- Quotes (issue #19, decision 0025): a price simulation saved with its inputs, cost per thousand and result,
-- for a route and an optional client, valid for a while; sent, accepted, declined, expired by a job or converted into an emission.
CREATE TABLE "quotes" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"program" text NOT NULL,
	"client_id" uuid,
	"account_id" uuid,
	"lot_id" uuid,
	"route" text NOT NULL,
	"departure_date" date,
	"return_date" date,
	"passengers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"miles" integer NOT NULL,
	"fees_cents" bigint NOT NULL,
	"rav_cents" bigint NOT NULL,
	"rav_mode" text NOT NULL,
	"markup_percent" numeric(7, 2) NOT NULL,
	"cost_per_thousand" numeric(14, 4) NOT NULL,
	"cost_source" text NOT NULL,
	"miles_cost_cents" bigint NOT NULL,
	"markup_cents" bigint NOT NULL,
	"price_cents" bigint NOT NULL,
	"total_cost_cents" bigint NOT NULL,
	"margin_cents" bigint NOT NULL,
	"margin_percent" numeric(7, 2) NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_interest_percent" jsonb NOT NULL,
	"validity_hours" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"emission_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	CONSTRAINT "quotes_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "quotes_status" CHECK ("quotes"."status" IN ('draft', 'sent', 'accepted', 'declined', 'expired')),
	CONSTRAINT "quotes_converted_accepted" CHECK ("quotes"."emission_id" IS NULL OR "quotes"."status" = 'accepted'),
	CONSTRAINT "quotes_rav_mode" CHECK ("quotes"."rav_mode" IN ('revenue', 'cost')),
	CONSTRAINT "quotes_cost_source" CHECK ("quotes"."cost_source" IN ('lot', 'average', 'fallback')),
	CONSTRAINT "quotes_miles_positive" CHECK ("quotes"."miles" > 0),
	CONSTRAINT "quotes_markup_range" CHECK ("quotes"."markup_percent" >= 0 AND "quotes"."markup_percent" <= 1000),
	CONSTRAINT "quotes_amounts_nonneg" CHECK ("quotes"."fees_cents" >= 0 AND "quotes"."rav_cents" >= 0 AND "quotes"."miles_cost_cents" >= 0 AND "quotes"."markup_cents" >= 0 AND "quotes"."price_cents" >= 0 AND "quotes"."cost_per_thousand" >= 0),
	CONSTRAINT "quotes_validity" CHECK ("quotes"."validity_hours" BETWEEN 1 AND 720),
	CONSTRAINT "quotes_return_after_departure" CHECK ("quotes"."return_date" IS NULL OR "quotes"."return_date" >= "quotes"."departure_date")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_agency_id_emission_id_emissions_agency_id_id_fk" FOREIGN KEY ("agency_id","emission_id") REFERENCES "public"."emissions"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_list_idx" ON "quotes" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("agency_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("agency_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_due_idx" ON "quotes" USING btree ("valid_until") WHERE "quotes"."status" IN ('draft', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_emission_key" ON "quotes" USING btree ("agency_id","emission_id") WHERE "quotes"."emission_id" IS NOT NULL;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON quotes TO milheiro_app;--> statement-breakpoint
ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON quotes USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));
