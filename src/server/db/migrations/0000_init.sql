CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"ref_type" text,
	"ref_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text NOT NULL,
	"cnpj" varchar(14) NOT NULL,
	"registration_status" text DEFAULT 'Ativa' NOT NULL,
	"opened_on" date,
	"address" text,
	"main_activity_code" text,
	"share_capital_cents" bigint,
	"email" text,
	"phone" varchar(11),
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencies_cnpj_digits" CHECK ("agencies"."cnpj" ~ '^[0-9]{14}$'),
	CONSTRAINT "agencies_share_capital_nonneg" CHECK ("agencies"."share_capital_cents" IS NULL OR "agencies"."share_capital_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"lot_id" uuid,
	"emission_id" uuid,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "alerts_kind" CHECK ("alerts"."kind" IN ('lot_expiring', 'sla_exceeded', 'margin_critical')),
	CONSTRAINT "alerts_target" CHECK (("alerts"."kind" = 'lot_expiring' AND "alerts"."lot_id" IS NOT NULL) OR ("alerts"."kind" <> 'lot_expiring' AND "alerts"."emission_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" varchar(11),
	"document" varchar(14),
	"birth_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"import_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "clients_id_agency_key" UNIQUE("id","agency_id"),
	CONSTRAINT "clients_status" CHECK ("clients"."status" IN ('active', 'inactive', 'blocked')),
	CONSTRAINT "clients_name_length" CHECK (length("clients"."name") >= 2),
	CONSTRAINT "clients_document_digits" CHECK ("clients"."document" IS NULL OR "clients"."document" ~ '^([0-9]{11}|[0-9]{14})$')
);
--> statement-breakpoint
CREATE TABLE "emission_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"emission_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"miles" integer NOT NULL,
	"cost_per_thousand" numeric(14, 4) NOT NULL,
	"cost_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_allocations_miles_positive" CHECK ("emission_allocations"."miles" > 0),
	CONSTRAINT "emission_allocations_cost_nonneg" CHECK ("emission_allocations"."cost_cents" >= 0 AND "emission_allocations"."cost_per_thousand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "emission_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"emission_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cpf" varchar(11) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_passengers_cpf_digits" CHECK ("emission_passengers"."cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "emissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"pnr" text,
	"route" text NOT NULL,
	"departure_date" date,
	"miles_used" integer NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"rav_cents" bigint DEFAULT 0 NOT NULL,
	"miles_cost_cents" bigint DEFAULT 0 NOT NULL,
	"margin_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"created_by" uuid,
	"import_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "emissions_id_agency_key" UNIQUE("id","agency_id"),
	CONSTRAINT "emissions_status" CHECK ("emissions"."status" IN ('pending', 'processing', 'issued', 'failed', 'cancelled')),
	CONSTRAINT "emissions_miles_positive" CHECK ("emissions"."miles_used" > 0),
	CONSTRAINT "emissions_amounts_nonneg" CHECK ("emissions"."fees_cents" >= 0 AND "emissions"."revenue_cents" >= 0 AND "emissions"."rav_cents" >= 0 AND "emissions"."miles_cost_cents" >= 0),
	CONSTRAINT "emissions_route" CHECK (length(trim("emissions"."route")) > 0)
);
--> statement-breakpoint
CREATE TABLE "financial_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"ref_type" text DEFAULT 'none' NOT NULL,
	"emission_id" uuid,
	"lot_id" uuid,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text,
	"currency" varchar(3) DEFAULT 'BRL' NOT NULL,
	"fx_rate" numeric(14, 6) DEFAULT '1' NOT NULL,
	"payment_method" text,
	"entry_date" date DEFAULT now() NOT NULL,
	"created_by" uuid,
	"import_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "financial_entries_ref_type" CHECK ("financial_entries"."ref_type" IN ('emission', 'lot', 'none')),
	CONSTRAINT "financial_entries_ref_consistent" CHECK (("financial_entries"."ref_type" = 'emission' AND "financial_entries"."emission_id" IS NOT NULL AND "financial_entries"."lot_id" IS NULL)
        OR ("financial_entries"."ref_type" = 'lot' AND "financial_entries"."lot_id" IS NOT NULL AND "financial_entries"."emission_id" IS NULL)
        OR ("financial_entries"."ref_type" = 'none' AND "financial_entries"."emission_id" IS NULL AND "financial_entries"."lot_id" IS NULL)),
	CONSTRAINT "financial_entries_kind" CHECK ("financial_entries"."kind" IN ('revenue', 'expense')),
	CONSTRAINT "financial_entries_category" CHECK ("financial_entries"."category" IN ('revenue', 'fees', 'miles_cost', 'rav', 'lot_purchase', 'other')),
	CONSTRAINT "financial_entries_sign" CHECK (("financial_entries"."kind" = 'expense' AND "financial_entries"."amount_cents" <= 0) OR ("financial_entries"."kind" = 'revenue' AND "financial_entries"."amount_cents" >= 0)),
	CONSTRAINT "financial_entries_fx_positive" CHECK ("financial_entries"."fx_rate" > 0),
	CONSTRAINT "financial_entries_payment_method" CHECK ("financial_entries"."payment_method" IS NULL OR "financial_entries"."payment_method" IN ('pix', 'card', 'transfer', 'cash'))
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"ok_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "import_jobs_id_agency_key" UNIQUE("id","agency_id"),
	CONSTRAINT "import_jobs_kind" CHECK ("import_jobs"."kind" IN ('clients', 'lots', 'emissions')),
	CONSTRAINT "import_jobs_status" CHECK ("import_jobs"."status" IN ('processing', 'completed', 'failed', 'undone')),
	CONSTRAINT "import_jobs_counts" CHECK ("import_jobs"."file_size" >= 0 AND "import_jobs"."total_rows" >= 0 AND "import_jobs"."ok_rows" >= 0 AND "import_jobs"."error_rows" >= 0)
);
--> statement-breakpoint
CREATE TABLE "import_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_presets_kind" CHECK ("import_presets"."kind" IN ('clients', 'lots', 'emissions')),
	CONSTRAINT "import_presets_name" CHECK (length(trim("import_presets"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"client_id" uuid,
	"program" text NOT NULL,
	"account_number" text NOT NULL,
	"nickname" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "loyalty_accounts_id_agency_key" UNIQUE("id","agency_id"),
	CONSTRAINT "loyalty_accounts_program" CHECK ("loyalty_accounts"."program" IN ('LATAM', 'SMILES', 'AZUL', 'TAP', 'AVIANCA', 'AMERICAN', 'UNITED', 'IBERIA', 'QATAR', 'OTHER')),
	CONSTRAINT "loyalty_accounts_number" CHECK (length(trim("loyalty_accounts"."account_number")) >= 1)
);
--> statement-breakpoint
CREATE TABLE "mile_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"original_quantity" integer NOT NULL,
	"remaining_quantity" integer NOT NULL,
	"total_cost_cents" bigint NOT NULL,
	"cost_per_thousand" numeric(14, 4) NOT NULL,
	"purchase_date" date NOT NULL,
	"expiry_date" date,
	"supplier" text,
	"notes" text,
	"status" text DEFAULT 'available' NOT NULL,
	"import_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "mile_lots_id_agency_key" UNIQUE("id","agency_id"),
	CONSTRAINT "mile_lots_original_positive" CHECK ("mile_lots"."original_quantity" > 0),
	CONSTRAINT "mile_lots_remaining_range" CHECK ("mile_lots"."remaining_quantity" BETWEEN 0 AND "mile_lots"."original_quantity"),
	CONSTRAINT "mile_lots_cost_nonneg" CHECK ("mile_lots"."total_cost_cents" >= 0 AND "mile_lots"."cost_per_thousand" >= 0),
	CONSTRAINT "mile_lots_status" CHECK ("mile_lots"."status" IN ('available', 'reserved', 'used', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "program_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"program" text NOT NULL,
	"min_margin_cents" bigint DEFAULT 0 NOT NULL,
	"min_margin_percent" numeric(6, 2) DEFAULT '10' NOT NULL,
	"default_rav_cents" bigint DEFAULT 0 NOT NULL,
	"cpm_cap" numeric(14, 4),
	"sla_target_hours" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_rules_program" CHECK ("program_rules"."program" IN ('LATAM', 'SMILES', 'AZUL', 'TAP', 'AVIANCA', 'AMERICAN', 'UNITED', 'IBERIA', 'QATAR', 'OTHER')),
	CONSTRAINT "program_rules_values" CHECK ("program_rules"."min_margin_cents" >= 0 AND "program_rules"."min_margin_percent" >= 0 AND "program_rules"."default_rav_cents" >= 0
        AND ("program_rules"."cpm_cap" IS NULL OR "program_rules"."cpm_cap" > 0) AND "program_rules"."sla_target_hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"generated_by" uuid,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_ref_type" CHECK ("reports"."ref_type" IN ('emission', 'lot')),
	CONSTRAINT "reports_size" CHECK ("reports"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" varchar(11),
	"password_hash" text NOT NULL,
	"notification_prefs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_has_identifier" CHECK ("users"."email" IS NOT NULL OR "users"."phone" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_lot_id_agency_id_mile_lots_id_agency_id_fk" FOREIGN KEY ("lot_id","agency_id") REFERENCES "public"."mile_lots"("id","agency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_emission_id_agency_id_emissions_id_agency_id_fk" FOREIGN KEY ("emission_id","agency_id") REFERENCES "public"."emissions"("id","agency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_import_job_id_agency_id_import_jobs_id_agency_id_fk" FOREIGN KEY ("import_job_id","agency_id") REFERENCES "public"."import_jobs"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_allocations" ADD CONSTRAINT "emission_allocations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_allocations" ADD CONSTRAINT "emission_allocations_emission_id_agency_id_emissions_id_agency_id_fk" FOREIGN KEY ("emission_id","agency_id") REFERENCES "public"."emissions"("id","agency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_allocations" ADD CONSTRAINT "emission_allocations_lot_id_agency_id_mile_lots_id_agency_id_fk" FOREIGN KEY ("lot_id","agency_id") REFERENCES "public"."mile_lots"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_passengers" ADD CONSTRAINT "emission_passengers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_passengers" ADD CONSTRAINT "emission_passengers_emission_id_agency_id_emissions_id_agency_id_fk" FOREIGN KEY ("emission_id","agency_id") REFERENCES "public"."emissions"("id","agency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emissions" ADD CONSTRAINT "emissions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emissions" ADD CONSTRAINT "emissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emissions" ADD CONSTRAINT "emissions_client_id_agency_id_clients_id_agency_id_fk" FOREIGN KEY ("client_id","agency_id") REFERENCES "public"."clients"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emissions" ADD CONSTRAINT "emissions_account_id_agency_id_loyalty_accounts_id_agency_id_fk" FOREIGN KEY ("account_id","agency_id") REFERENCES "public"."loyalty_accounts"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emissions" ADD CONSTRAINT "emissions_import_job_id_agency_id_import_jobs_id_agency_id_fk" FOREIGN KEY ("import_job_id","agency_id") REFERENCES "public"."import_jobs"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_emission_id_agency_id_emissions_id_agency_id_fk" FOREIGN KEY ("emission_id","agency_id") REFERENCES "public"."emissions"("id","agency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_lot_id_agency_id_mile_lots_id_agency_id_fk" FOREIGN KEY ("lot_id","agency_id") REFERENCES "public"."mile_lots"("id","agency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_import_job_id_agency_id_import_jobs_id_agency_id_fk" FOREIGN KEY ("import_job_id","agency_id") REFERENCES "public"."import_jobs"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_presets" ADD CONSTRAINT "import_presets_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_presets" ADD CONSTRAINT "import_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_client_id_agency_id_clients_id_agency_id_fk" FOREIGN KEY ("client_id","agency_id") REFERENCES "public"."clients"("id","agency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_lots" ADD CONSTRAINT "mile_lots_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_lots" ADD CONSTRAINT "mile_lots_account_id_agency_id_loyalty_accounts_id_agency_id_fk" FOREIGN KEY ("account_id","agency_id") REFERENCES "public"."loyalty_accounts"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_lots" ADD CONSTRAINT "mile_lots_import_job_id_agency_id_import_jobs_id_agency_id_fk" FOREIGN KEY ("import_job_id","agency_id") REFERENCES "public"."import_jobs"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_rules" ADD CONSTRAINT "program_rules_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_agency_created_idx" ON "activity" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_cnpj_key" ON "agencies" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "alerts_agency_unread_idx" ON "alerts" USING btree ("agency_id","is_read","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_lot_key" ON "alerts" USING btree ("agency_id","kind","lot_id") WHERE "alerts"."lot_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_emission_key" ON "alerts" USING btree ("agency_id","kind","emission_id") WHERE "alerts"."emission_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_agency_name_idx" ON "clients" USING btree ("agency_id","name");--> statement-breakpoint
CREATE INDEX "clients_agency_status_idx" ON "clients" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "clients_agency_document_idx" ON "clients" USING btree ("agency_id","document");--> statement-breakpoint
CREATE INDEX "clients_agency_updated_idx" ON "clients" USING btree ("agency_id","updated_at");--> statement-breakpoint
CREATE INDEX "clients_import_job_idx" ON "clients" USING btree ("import_job_id");--> statement-breakpoint
CREATE INDEX "emission_allocations_emission_idx" ON "emission_allocations" USING btree ("emission_id");--> statement-breakpoint
CREATE INDEX "emission_allocations_lot_idx" ON "emission_allocations" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "emission_passengers_emission_idx" ON "emission_passengers" USING btree ("emission_id");--> statement-breakpoint
CREATE INDEX "emission_passengers_agency_cpf_idx" ON "emission_passengers" USING btree ("agency_id","cpf");--> statement-breakpoint
CREATE INDEX "emissions_agency_created_idx" ON "emissions" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emissions_agency_status_idx" ON "emissions" USING btree ("agency_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emissions_client_idx" ON "emissions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "emissions_account_idx" ON "emissions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "emissions_import_job_idx" ON "emissions" USING btree ("import_job_id");--> statement-breakpoint
CREATE INDEX "financial_entries_agency_date_idx" ON "financial_entries" USING btree ("agency_id","entry_date");--> statement-breakpoint
CREATE INDEX "financial_entries_emission_idx" ON "financial_entries" USING btree ("emission_id");--> statement-breakpoint
CREATE INDEX "financial_entries_lot_idx" ON "financial_entries" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "import_jobs_agency_created_idx" ON "import_jobs" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "import_presets_name_key" ON "import_presets" USING btree ("agency_id","user_id","kind","name");--> statement-breakpoint
CREATE INDEX "login_attempts_identifier_idx" ON "login_attempts" USING btree ("identifier","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_accounts_client_program_key" ON "loyalty_accounts" USING btree ("agency_id","client_id","program") WHERE "loyalty_accounts"."client_id" IS NOT NULL AND "loyalty_accounts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "loyalty_accounts_agency_program_idx" ON "loyalty_accounts" USING btree ("agency_id","program");--> statement-breakpoint
CREATE INDEX "loyalty_accounts_client_idx" ON "loyalty_accounts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "mile_lots_agency_expiry_idx" ON "mile_lots" USING btree ("agency_id","expiry_date");--> statement-breakpoint
CREATE INDEX "mile_lots_agency_status_idx" ON "mile_lots" USING btree ("agency_id","status","expiry_date");--> statement-breakpoint
CREATE INDEX "mile_lots_account_idx" ON "mile_lots" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "mile_lots_import_job_idx" ON "mile_lots" USING btree ("import_job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_rules_agency_program_key" ON "program_rules" USING btree ("agency_id","program");--> statement-breakpoint
CREATE INDEX "reports_ref_idx" ON "reports" USING btree ("agency_id","ref_type","ref_id","generated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_agency_idx" ON "sessions" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_agency_idx" ON "users" USING btree ("agency_id");