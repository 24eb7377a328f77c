-- Writes in linear time, and fewer moving parts (issue #12; docs/decisions/0013-writes-and-reads-at-scale.md).
--
-- 1. The broad-search machinery goes: with a 50 ms budget for a list page, the trigram view and a
-- count capped at 1,000 answer every benchmarked search. It cost every write to clients a row
-- trigger moving up to ~150 count rows per client — the same rows again for every client of one
-- statement, which made a soft delete of N clients quadratic (5,000: 213 s) — and eight indexes.
DROP TRIGGER IF EXISTS clients_words_insert ON clients;--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_words_update ON clients;--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_words_delete ON clients;--> statement-breakpoint
DROP FUNCTION IF EXISTS client_search_insert();--> statement-breakpoint
DROP FUNCTION IF EXISTS client_search_update();--> statement-breakpoint
DROP FUNCTION IF EXISTS client_search_delete();--> statement-breakpoint
DROP FUNCTION IF EXISTS client_search_counts_move(refcursor);--> statement-breakpoint
DROP FUNCTION IF EXISTS client_search_terms(text, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS client_search_own_of(text, text, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS client_list_walk(uuid, text, text[], text, boolean, integer, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS client_list_scan(uuid, text, text[], text, boolean, integer, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS client_list_entries_query(text, text[], text, boolean);--> statement-breakpoint
DROP VIEW IF EXISTS client_search_matches;--> statement-breakpoint
DROP TABLE IF EXISTS client_search_entries;--> statement-breakpoint
DROP TABLE IF EXISTS client_search_counts;--> statement-breakpoint
DROP INDEX IF EXISTS clients_walk_name_idx;--> statement-breakpoint
DROP INDEX IF EXISTS clients_walk_status_idx;--> statement-breakpoint
DROP INDEX IF EXISTS clients_walk_emissions_idx;--> statement-breakpoint
DROP INDEX IF EXISTS clients_walk_spent_idx;--> statement-breakpoint
DROP INDEX IF EXISTS clients_domain_name_idx;--> statement-breakpoint
DROP INDEX IF EXISTS clients_domain_status_idx;--> statement-breakpoint
DROP INDEX IF EXISTS clients_domain_emissions_idx;--> statement-breakpoint
DROP INDEX IF EXISTS clients_domain_spent_idx;--> statement-breakpoint
-- The view read the e-mail domain; it is recreated without it before the column goes.
DROP VIEW client_search;--> statement-breakpoint
ALTER TABLE clients DROP COLUMN email_domain;--> statement-breakpoint
CREATE VIEW client_search AS
  SELECT id, agency_id, name, email, document, status, sort_name, emissions_count, total_spent_cents, search_text, deleted_at
  FROM clients
  WHERE agency_id = (SELECT app_current_agency());--> statement-breakpoint
GRANT SELECT ON client_search TO milheiro_app;--> statement-breakpoint
--
-- 2. One way to move kept counters. A trigger opens a cursor over its statement's deltas (its
-- transition tables, grouped by the target's key, in key order) and hands it here with the target
-- table and its key columns: each delta row is applied as "x = x + d" to the latest row version
-- (safe under concurrency; in key order, so two statements cannot deadlock on the rows), the row
-- being made first when missing (a plain UPDATE keeps the CHECKs meaningful: an upsert's candidate
-- row would carry negative deltas), except for an agency being deleted, whose rows go in the same
-- cascade. One statement per delta row: the deltas of a statement are a few per agency (stripes,
-- accounts × statuses), whatever the number of rows it wrote.
CREATE OR REPLACE FUNCTION kept_counters_apply(target regclass, key_columns text[], deltas refcursor) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  d record;
  delta jsonb;
  counters text[];
  set_list text;
  key_match text;
  key_list text;
  moved bigint;
BEGIN
  LOOP
    FETCH deltas INTO d;
    EXIT WHEN NOT FOUND;
    delta := to_jsonb(d);
    IF set_list IS NULL THEN
      counters := ARRAY(SELECT k FROM jsonb_object_keys(delta) AS k WHERE k <> ALL (key_columns) ORDER BY k);
      set_list := (SELECT string_agg(format('%1$I = t.%1$I + r.%1$I', c), ', ') FROM unnest(counters) AS c);
      key_match := (SELECT string_agg(format('t.%1$I = r.%1$I', k), ' AND ') FROM unnest(key_columns) AS k);
      key_list := (SELECT string_agg(format('%I', k), ', ') FROM unnest(key_columns) AS k);
    END IF;
    FOR attempt IN 1..2 LOOP
      EXECUTE format('UPDATE %s t SET %s FROM jsonb_populate_record(NULL::%s, $1) r WHERE %s', target, set_list, target, key_match) USING delta;
      GET DIAGNOSTICS moved = ROW_COUNT;
      EXIT WHEN moved > 0 OR attempt = 2 OR NOT EXISTS (SELECT 1 FROM agencies a WHERE a.id = (delta->>'agency_id')::uuid);
      EXECUTE format('INSERT INTO %s (%s) SELECT %s FROM jsonb_populate_record(NULL::%s, $1) ON CONFLICT DO NOTHING', target, key_list, key_list, target)
        USING delta;
    END LOOP;
  END LOOP;
  CLOSE deltas;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
BEGIN
  IF TG_OP = 'INSERT' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, count(*) AS total_clients,
        count(*) FILTER (WHERE x.status = 'active') AS active_clients,
        count(*) FILTER (WHERE x.status = 'inactive') AS inactive_clients,
        count(*) FILTER (WHERE x.status = 'blocked') AS blocked_clients,
        sum(x.emissions_count) AS total_emissions, sum(x.total_spent_cents) AS total_revenue_cents
      FROM new_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, sum(x.s) AS total_clients,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0) AS active_clients,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0) AS inactive_clients,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0) AS blocked_clients,
        sum(x.s * x.emissions_count) AS total_emissions, sum(x.s * x.total_spent_cents) AS total_revenue_cents
      FROM (SELECT 1 AS s, id, agency_id, status, emissions_count, total_spent_cents FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT -1, id, agency_id, status, emissions_count, total_spent_cents FROM old_rows WHERE deleted_at IS NULL) x
      GROUP BY 1, 2
      HAVING (sum(x.s), coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0), coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0),
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0), sum(x.s * x.emissions_count), sum(x.s * x.total_spent_cents))
        IS DISTINCT FROM (0, 0, 0, 0, 0, 0)
      ORDER BY 1, 2;
  ELSE
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, -count(*) AS total_clients,
        -count(*) FILTER (WHERE x.status = 'active') AS active_clients,
        -count(*) FILTER (WHERE x.status = 'inactive') AS inactive_clients,
        -count(*) FILTER (WHERE x.status = 'blocked') AS blocked_clients,
        -sum(x.emissions_count) AS total_emissions, -sum(x.total_spent_cents) AS total_revenue_cents
      FROM old_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  END IF;
  PERFORM kept_counters_apply('client_totals', '{agency_id,stripe}', deltas);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lot_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
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
  PERFORM kept_counters_apply('lot_totals', '{agency_id,account_id,program,status}', deltas);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION emission_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
BEGIN
  IF TG_OP = 'INSERT' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe,
        count(*) FILTER (WHERE x.status = 'pending') AS pending,
        count(*) FILTER (WHERE x.status = 'processing') AS processing,
        count(*) FILTER (WHERE x.status = 'issued') AS issued,
        count(*) FILTER (WHERE x.status = 'failed') AS failed,
        count(*) FILTER (WHERE x.status = 'cancelled') AS cancelled,
        coalesce(sum(x.revenue_cents) FILTER (WHERE x.status = 'issued'), 0) AS issued_revenue_cents
      FROM new_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'pending'), 0) AS pending,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'processing'), 0) AS processing,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'issued'), 0) AS issued,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'failed'), 0) AS failed,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'cancelled'), 0) AS cancelled,
        coalesce(sum(x.s * x.revenue_cents) FILTER (WHERE x.status = 'issued'), 0) AS issued_revenue_cents
      FROM (SELECT 1 AS s, id, agency_id, status, revenue_cents FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT -1, id, agency_id, status, revenue_cents FROM old_rows WHERE deleted_at IS NULL) x
      GROUP BY 1, 2
      HAVING (coalesce(sum(x.s) FILTER (WHERE x.status = 'pending'), 0), coalesce(sum(x.s) FILTER (WHERE x.status = 'processing'), 0),
        coalesce(sum(x.s) FILTER (WHERE x.status = 'issued'), 0), coalesce(sum(x.s) FILTER (WHERE x.status = 'failed'), 0),
        coalesce(sum(x.s) FILTER (WHERE x.status = 'cancelled'), 0), coalesce(sum(x.s * x.revenue_cents) FILTER (WHERE x.status = 'issued'), 0))
        IS DISTINCT FROM (0, 0, 0, 0, 0, 0)
      ORDER BY 1, 2;
  ELSE
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe,
        -count(*) FILTER (WHERE x.status = 'pending') AS pending,
        -count(*) FILTER (WHERE x.status = 'processing') AS processing,
        -count(*) FILTER (WHERE x.status = 'issued') AS issued,
        -count(*) FILTER (WHERE x.status = 'failed') AS failed,
        -count(*) FILTER (WHERE x.status = 'cancelled') AS cancelled,
        -coalesce(sum(x.revenue_cents) FILTER (WHERE x.status = 'issued'), 0) AS issued_revenue_cents
      FROM old_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  END IF;
  PERFORM kept_counters_apply('emission_totals', '{agency_id,stripe}', deltas);
  RETURN NULL;
END
$$;--> statement-breakpoint
--
-- 3. A client's emission figures (count, active count, total spent, last emission) follow its
-- emissions per statement, from the transition tables: one update per client touched, however
-- many of its emissions the statement wrote (row by row, a statement writing k emissions of one
-- client rewrote its row k times, each over the versions before it). Clients are locked in id
-- order before they are moved: after the emissions, as every write (decision 0011). The latest
-- emission is looked up again only for the clients that lost a live one.
DROP TRIGGER IF EXISTS emissions_client_totals ON emissions;--> statement-breakpoint
DROP FUNCTION IF EXISTS clients_apply_emission_delta();--> statement-breakpoint
CREATE OR REPLACE FUNCTION clients_follow_emissions() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  -- The statement's emissions as signed rows: +1 for each live new version, -1 for each live old
  -- one, the latter "lost" when its new version is not live for the same client. Transition
  -- tables are visible to EXECUTE in the trigger's own function.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS s, client_id, status, revenue_cents, created_at, false AS lost FROM new_rows WHERE deleted_at IS NULL'
    WHEN 'DELETE' THEN 'SELECT -1 AS s, client_id, status, revenue_cents, created_at, true AS lost FROM old_rows WHERE deleted_at IS NULL'
    ELSE 'SELECT 1 AS s, client_id, status, revenue_cents, created_at, false AS lost FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT -1, o.client_id, o.status, o.revenue_cents, o.created_at, (n.id IS NULL OR n.client_id <> o.client_id OR n.deleted_at IS NOT NULL)
      FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id WHERE o.deleted_at IS NULL' END;
BEGIN
  EXECUTE format($q$
    WITH d AS (
      SELECT x.client_id, sum(x.s) AS n,
        coalesce(sum(x.s) FILTER (WHERE x.status IN ('pending', 'processing', 'issued')), 0) AS active,
        coalesce(sum(x.s * x.revenue_cents) FILTER (WHERE x.status IN ('pending', 'processing', 'issued')), 0) AS spent,
        max(x.created_at) FILTER (WHERE x.s = 1) AS newest, bool_or(x.lost) AS lost
      FROM (%s) x GROUP BY x.client_id
    ), locked AS MATERIALIZED (
      SELECT c.id FROM clients c JOIN d ON d.client_id = c.id ORDER BY c.id FOR NO KEY UPDATE OF c
    )
    UPDATE clients c SET
      emissions_count = c.emissions_count + d.n,
      active_emissions_count = c.active_emissions_count + d.active,
      total_spent_cents = c.total_spent_cents + d.spent,
      last_emission_at = CASE
        WHEN d.lost THEN (SELECT max(e.created_at) FROM emissions e WHERE e.agency_id = c.agency_id AND e.client_id = c.id AND e.deleted_at IS NULL)
        ELSE GREATEST(c.last_emission_at, d.newest) END
    FROM d
    WHERE c.id = d.client_id AND c.id IN (SELECT id FROM locked)
      AND ((d.n, d.active, d.spent) IS DISTINCT FROM (0, 0, 0) OR d.lost OR d.newest > coalesce(c.last_emission_at, '-infinity'))
  $q$, changes);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER emissions_client_figures_insert AFTER INSERT ON emissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_follow_emissions();--> statement-breakpoint
CREATE TRIGGER emissions_client_figures_update AFTER UPDATE ON emissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_follow_emissions();--> statement-breakpoint
CREATE TRIGGER emissions_client_figures_delete AFTER DELETE ON emissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_follow_emissions();
--> statement-breakpoint
--
-- 4. lot_search_entries keyed by agency as every tenant table (tenant-keys.test.ts); its update
-- trigger finds the entry by the new key.
ALTER TABLE "lot_search_entries" DROP CONSTRAINT "lot_search_entries_pkey";--> statement-breakpoint
ALTER TABLE "lot_search_entries" ADD CONSTRAINT "lot_search_entries_pkey" PRIMARY KEY("agency_id","lot_id");--> statement-breakpoint
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
  WHERE agency_id = NEW.agency_id AND lot_id = NEW.id;
  RETURN NULL;
END
$$;
