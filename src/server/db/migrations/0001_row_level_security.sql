-- Row-level security (DESIGN.md §2 invariants, docs/decisions/0002-database.md).
-- Requests run as the non-superuser role milheiro_app with app.agency_id set per transaction
-- (SET LOCAL), so a query that forgets its agency filter still sees only its own agency.
-- Roles are cluster-wide: creating it must tolerate another database having done so already.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'milheiro_app') THEN
    CREATE ROLE milheiro_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'milheiro_app', 'MEMBER') THEN
    EXECUTE format('GRANT milheiro_app TO %I', current_user);
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation OR internal_error THEN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_agency() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.agency_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO milheiro_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_current_agency() TO milheiro_app;
--> statement-breakpoint
GRANT SELECT, UPDATE ON agencies TO milheiro_app;
--> statement-breakpoint
ALTER TABLE agencies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON agencies USING (id = app_current_agency()) WITH CHECK (id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON users TO milheiro_app;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON users USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sessions TO milheiro_app;
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON sessions USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON import_jobs TO milheiro_app;
--> statement-breakpoint
ALTER TABLE import_jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON import_jobs USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON import_presets TO milheiro_app;
--> statement-breakpoint
ALTER TABLE import_presets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON import_presets USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON clients TO milheiro_app;
--> statement-breakpoint
ALTER TABLE clients ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON clients USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON loyalty_accounts TO milheiro_app;
--> statement-breakpoint
ALTER TABLE loyalty_accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON loyalty_accounts USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON mile_lots TO milheiro_app;
--> statement-breakpoint
ALTER TABLE mile_lots ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON mile_lots USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON emissions TO milheiro_app;
--> statement-breakpoint
ALTER TABLE emissions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON emissions USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON emission_allocations TO milheiro_app;
--> statement-breakpoint
ALTER TABLE emission_allocations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON emission_allocations USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON emission_passengers TO milheiro_app;
--> statement-breakpoint
ALTER TABLE emission_passengers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON emission_passengers USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON financial_entries TO milheiro_app;
--> statement-breakpoint
ALTER TABLE financial_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON financial_entries USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON program_rules TO milheiro_app;
--> statement-breakpoint
ALTER TABLE program_rules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON program_rules USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON alerts TO milheiro_app;
--> statement-breakpoint
ALTER TABLE alerts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON alerts USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON reports TO milheiro_app;
--> statement-breakpoint
ALTER TABLE reports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON reports USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON activity TO milheiro_app;
--> statement-breakpoint
ALTER TABLE activity ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON activity USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
