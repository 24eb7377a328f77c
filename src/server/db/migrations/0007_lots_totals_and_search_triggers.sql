-- Lots at scale (docs/decisions/0006-lots-at-scale.md).
--
-- 1. Search. lot_search_entries holds what a searched list needs of each lot (program, status,
-- remaining, cost, expiry) and its supplier, notes and account number lower-case and
-- accent-free (the same translate() as clients.search_text) under a trigram index, kept by the
-- triggers below. Apart from mile_lots: every allocation rewrites its lot's row with new entries
-- in every index of mile_lots (remaining_quantity is indexed), and a trigram index there would
-- cost each allocation a third more. Here the same change leaves every indexed column alone, so
-- the entry's update is HOT (fillfactor leaves the room for it).
CREATE OR REPLACE FUNCTION lot_search_text_of(supplier text, notes text, account_number text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT translate(lower(coalesce(supplier, '') || ' ' || coalesce(notes, '') || ' ' || coalesce(account_number, '')),
    'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny') $$;
--> statement-breakpoint
ALTER TABLE lot_search_entries SET (fillfactor = 70);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lot_search_entries_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO lot_search_entries (lot_id, agency_id, program, status, remaining_quantity, cost_per_thousand, expiry_date, deleted_at, search_text)
    SELECT r.id, r.agency_id, r.program, r.status, r.remaining_quantity, r.cost_per_thousand, r.expiry_date, r.deleted_at,
      lot_search_text_of(r.supplier, r.notes, r.account_number)
    FROM new_rows r;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lot_search_entries_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE lot_search_entries SET
    program = NEW.program,
    status = NEW.status,
    remaining_quantity = NEW.remaining_quantity,
    cost_per_thousand = NEW.cost_per_thousand,
    expiry_date = NEW.expiry_date,
    deleted_at = NEW.deleted_at,
    search_text = CASE
      WHEN (OLD.supplier, OLD.notes, OLD.account_number) IS DISTINCT FROM (NEW.supplier, NEW.notes, NEW.account_number)
        THEN lot_search_text_of(NEW.supplier, NEW.notes, NEW.account_number)
      ELSE search_text END
  WHERE lot_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mile_lots_search_entry_insert AFTER INSERT ON mile_lots REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_search_entries_insert();
--> statement-breakpoint
CREATE TRIGGER mile_lots_search_entry_update AFTER UPDATE ON mile_lots
  FOR EACH ROW
  WHEN ((OLD.program, OLD.status, OLD.remaining_quantity, OLD.cost_per_thousand, OLD.expiry_date, OLD.deleted_at, OLD.supplier, OLD.notes, OLD.account_number)
    IS DISTINCT FROM (NEW.program, NEW.status, NEW.remaining_quantity, NEW.cost_per_thousand, NEW.expiry_date, NEW.deleted_at, NEW.supplier, NEW.notes, NEW.account_number))
  EXECUTE FUNCTION lot_search_entries_update();
--> statement-breakpoint
CREATE INDEX lot_search_entries_trgm_idx ON lot_search_entries USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
INSERT INTO lot_search_entries (lot_id, agency_id, program, status, remaining_quantity, cost_per_thousand, expiry_date, deleted_at, search_text)
  SELECT id, agency_id, program, status, remaining_quantity, cost_per_thousand, expiry_date, deleted_at, lot_search_text_of(supplier, notes, account_number)
  FROM mile_lots;
--> statement-breakpoint
-- 2. The list's orders (GET /api/v1/lots): one index per order, ending in id for a stable order
-- (a lot without expiry last in both directions, hence two for expiry), read forwards or
-- backwards. Each carries program and status, so a page filtered by them is still an index-only
-- scan. Defined here rather than by drizzle-kit, which cannot write INCLUDE; the schema names them.
CREATE INDEX "mile_lots_list_expiry_idx" ON "mile_lots" USING btree ("agency_id","expiry_date","id") INCLUDE ("program","status") WHERE "mile_lots"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mile_lots_list_expiry_desc_idx" ON "mile_lots" USING btree ("agency_id","expiry_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("program","status") WHERE "mile_lots"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mile_lots_list_program_idx" ON "mile_lots" USING btree ("agency_id","program","id") INCLUDE ("status") WHERE "mile_lots"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mile_lots_list_remaining_idx" ON "mile_lots" USING btree ("agency_id","remaining_quantity","id") INCLUDE ("program","status") WHERE "mile_lots"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mile_lots_list_cost_idx" ON "mile_lots" USING btree ("agency_id","cost_per_thousand","id") INCLUDE ("program","status") WHERE "mile_lots"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mile_lots_list_status_idx" ON "mile_lots" USING btree ("agency_id","status","id") INCLUDE ("program") WHERE "mile_lots"."deleted_at" IS NULL;--> statement-breakpoint
-- 3. Totals. lot_totals holds, per agency, account, program and status, the live lots' count
-- and sums, moved by deltas ("x = x + d", on the latest row version, so safe under concurrency)
-- from each statement's transition tables, as client_totals (migration 0005). Keyed by account:
-- emissions drawing from different accounts never queue on one row (those drawing from one
-- account already queue on its lots). Rows are moved in key order, so two statements touching
-- several accounts cannot deadlock. Soft-deleted lots count nowhere. A missing row is made first
-- (a plain UPDATE keeps the CHECK meaningful: an upsert's candidate row would carry negative
-- deltas), except for an agency being deleted, whose lots go in the same cascade.
CREATE OR REPLACE FUNCTION lot_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
  d record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    OPEN deltas FOR
      SELECT x.agency_id, x.account_id, x.program, x.status, count(*) AS lots, sum(x.original_quantity) AS original_miles,
        sum(x.remaining_quantity) AS remaining_miles, sum(x.total_cost_cents) AS total_cost_cents,
        sum(round(x.remaining_quantity * x.cost_per_thousand / 10)) AS remaining_value_cents,
        sum(x.remaining_quantity * x.cost_per_thousand) AS remaining_cost
      FROM new_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  ELSIF TG_OP = 'UPDATE' THEN
    OPEN deltas FOR
      SELECT x.agency_id, x.account_id, x.program, x.status, sum(x.s) AS lots, sum(x.s * x.original_quantity) AS original_miles,
        sum(x.s * x.remaining_quantity) AS remaining_miles, sum(x.s * x.total_cost_cents) AS total_cost_cents,
        sum(x.s * round(x.remaining_quantity * x.cost_per_thousand / 10)) AS remaining_value_cents,
        sum(x.s * x.remaining_quantity * x.cost_per_thousand) AS remaining_cost
      FROM (
        SELECT 1 AS s, n.agency_id, n.account_id, n.program, n.status, n.original_quantity, n.remaining_quantity, n.total_cost_cents, n.cost_per_thousand
        FROM new_rows n WHERE n.deleted_at IS NULL
        UNION ALL
        SELECT -1, o.agency_id, o.account_id, o.program, o.status, o.original_quantity, o.remaining_quantity, o.total_cost_cents, o.cost_per_thousand
        FROM old_rows o WHERE o.deleted_at IS NULL
      ) x
      GROUP BY 1, 2, 3, 4
      HAVING (sum(x.s), sum(x.s * x.original_quantity), sum(x.s * x.remaining_quantity), sum(x.s * x.total_cost_cents),
        sum(x.s * x.remaining_quantity * x.cost_per_thousand)) IS DISTINCT FROM (0, 0, 0, 0, 0)
      ORDER BY 1, 2, 3, 4;
  ELSE
    OPEN deltas FOR
      SELECT x.agency_id, x.account_id, x.program, x.status, -count(*) AS lots, -sum(x.original_quantity) AS original_miles,
        -sum(x.remaining_quantity) AS remaining_miles, -sum(x.total_cost_cents) AS total_cost_cents,
        -sum(round(x.remaining_quantity * x.cost_per_thousand / 10)) AS remaining_value_cents,
        -sum(x.remaining_quantity * x.cost_per_thousand) AS remaining_cost
      FROM old_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  END IF;
  LOOP
    FETCH deltas INTO d;
    EXIT WHEN NOT FOUND;
    FOR attempt IN 1..2 LOOP
      UPDATE lot_totals t SET
        lots = t.lots + d.lots,
        original_miles = t.original_miles + d.original_miles,
        remaining_miles = t.remaining_miles + d.remaining_miles,
        total_cost_cents = t.total_cost_cents + d.total_cost_cents,
        remaining_value_cents = t.remaining_value_cents + d.remaining_value_cents,
        remaining_cost = t.remaining_cost + d.remaining_cost
      WHERE t.agency_id = d.agency_id AND t.account_id = d.account_id AND t.program = d.program AND t.status = d.status;
      EXIT WHEN FOUND OR attempt = 2 OR NOT EXISTS (SELECT 1 FROM agencies a WHERE a.id = d.agency_id);
      INSERT INTO lot_totals (agency_id, account_id, program, status) VALUES (d.agency_id, d.account_id, d.program, d.status)
        ON CONFLICT DO NOTHING;
    END LOOP;
  END LOOP;
  CLOSE deltas;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mile_lots_totals_insert AFTER INSERT ON mile_lots REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_totals_apply();
--> statement-breakpoint
CREATE TRIGGER mile_lots_totals_update AFTER UPDATE ON mile_lots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_totals_apply();
--> statement-breakpoint
CREATE TRIGGER mile_lots_totals_delete AFTER DELETE ON mile_lots REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_totals_apply();
--> statement-breakpoint
INSERT INTO lot_totals (agency_id, account_id, program, status, lots, original_miles, remaining_miles, total_cost_cents, remaining_value_cents, remaining_cost)
  SELECT agency_id, account_id, program, status, count(*), sum(original_quantity), sum(remaining_quantity), sum(total_cost_cents),
    sum(round(remaining_quantity * cost_per_thousand / 10)), sum(remaining_quantity * cost_per_thousand)
  FROM mile_lots WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- 4. Row-level security for the two new agency tables (as migration 0001).
GRANT SELECT, INSERT, UPDATE, DELETE ON lot_search_entries TO milheiro_app;
--> statement-breakpoint
ALTER TABLE lot_search_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON lot_search_entries USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON lot_totals TO milheiro_app;
--> statement-breakpoint
ALTER TABLE lot_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON lot_totals USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
-- 5. Views read as their owner with the tenant filter of their own, for the reason of migration
-- 0005: under row-level security LIKE cannot use the trigram index. lot_search carries what an
-- unsearched list's order and filters need, lot_search_matches a searched one's. Whole rows are
-- read from mile_lots, under RLS.
CREATE VIEW lot_search AS
  SELECT id, agency_id, account_id, program, status, original_quantity, remaining_quantity, cost_per_thousand,
    total_cost_cents, expiry_date, deleted_at
  FROM mile_lots
  WHERE agency_id = app_current_agency();
--> statement-breakpoint
GRANT SELECT ON lot_search TO milheiro_app;
--> statement-breakpoint
CREATE VIEW lot_search_matches AS
  SELECT lot_id, agency_id, program, status, remaining_quantity, cost_per_thousand, expiry_date, deleted_at, search_text
  FROM lot_search_entries
  WHERE agency_id = app_current_agency();
--> statement-breakpoint
GRANT SELECT ON lot_search_matches TO milheiro_app;
