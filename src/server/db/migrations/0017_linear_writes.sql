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
-- 2. One way to move kept counters. kept_counters_define(target, keys, counters) writes
-- <target>_apply_deltas(deltas refcursor) for one kept table: a trigger opens a cursor over its
-- statement's deltas (from its transition tables, grouped by the target's key, in key order, one
-- column per counter) and hands it over; each delta row is applied as "x = x + d" to the latest
-- row version (safe under concurrency; in key order, so two statements cannot deadlock on the
-- rows), the row being made first when missing (a plain UPDATE keeps the CHECKs meaningful: an
-- upsert's candidate row would carry negative deltas), except for an agency being deleted, whose
-- rows go in the same cascade. The applier is static SQL, planned once per session; a statement's
-- deltas are a few per agency (stripes, accounts × statuses) whatever the number of rows it wrote.
CREATE OR REPLACE FUNCTION kept_counters_define(target text, key_columns text[], counter_columns text[]) RETURNS void
  LANGUAGE plpgsql
  AS $define$
BEGIN
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I(deltas refcursor) RETURNS void
      LANGUAGE plpgsql
      AS $body$
    DECLARE
      d record;
    BEGIN
      LOOP
        FETCH deltas INTO d;
        EXIT WHEN NOT FOUND;
        FOR attempt IN 1..2 LOOP
          UPDATE %2$I t SET %3$s WHERE %4$s;
          EXIT WHEN FOUND OR attempt = 2 OR NOT EXISTS (SELECT 1 FROM agencies a WHERE a.id = d.agency_id);
          INSERT INTO %2$I (%5$s) VALUES (%6$s) ON CONFLICT DO NOTHING;
        END LOOP;
      END LOOP;
      CLOSE deltas;
    END
    $body$
  $f$,
    target || '_apply_deltas',
    target,
    (SELECT string_agg(format('%1$I = t.%1$I + d.%1$I', c), ', ') FROM unnest(counter_columns) AS c),
    (SELECT string_agg(format('t.%1$I = d.%1$I', k), ' AND ') FROM unnest(key_columns) AS k),
    (SELECT string_agg(format('%I', k), ', ') FROM unnest(key_columns) AS k),
    (SELECT string_agg(format('d.%I', k), ', ') FROM unnest(key_columns) AS k));
END
$define$;--> statement-breakpoint
SELECT kept_counters_define('client_totals', '{agency_id,stripe}',
  '{total_clients,active_clients,inactive_clients,blocked_clients,total_emissions,total_revenue_cents}');--> statement-breakpoint
SELECT kept_counters_define('lot_totals', '{agency_id,account_id,program,status}',
  '{lots,original_miles,remaining_miles,total_cost_cents,remaining_value_cents,remaining_cost}');--> statement-breakpoint
SELECT kept_counters_define('emission_totals', '{agency_id,stripe}',
  '{pending,processing,issued,failed,cancelled,issued_revenue_cents}');--> statement-breakpoint
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
  PERFORM client_totals_apply_deltas(deltas);
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
  PERFORM lot_totals_apply_deltas(deltas);
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
  PERFORM emission_totals_apply_deltas(deltas);
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
-- The deltas per client, as arrays (one element per client), applied by one static UPDATE.
CREATE OR REPLACE FUNCTION clients_apply_figures(
  agency_ids uuid[], client_ids uuid[], n bigint[], active bigint[], spent bigint[], newest timestamptz[], lost boolean[]
) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM 1 FROM clients c
  WHERE (c.agency_id, c.id) IN (SELECT * FROM unnest(agency_ids, client_ids))
  ORDER BY c.agency_id, c.id FOR NO KEY UPDATE;
  UPDATE clients c SET
    emissions_count = c.emissions_count + d.n,
    active_emissions_count = c.active_emissions_count + d.active,
    total_spent_cents = c.total_spent_cents + d.spent,
    last_emission_at = CASE
      WHEN d.lost THEN (SELECT max(e.created_at) FROM emissions e WHERE e.agency_id = c.agency_id AND e.client_id = c.id AND e.deleted_at IS NULL)
      ELSE GREATEST(c.last_emission_at, d.newest) END
  FROM unnest(agency_ids, client_ids, n, active, spent, newest, lost) AS d(agency_id, client_id, n, active, spent, newest, lost)
  WHERE c.agency_id = d.agency_id AND c.id = d.client_id
    AND ((d.n, d.active, d.spent) IS DISTINCT FROM (0, 0, 0) OR d.lost OR d.newest > coalesce(c.last_emission_at, '-infinity'));
END
$$;--> statement-breakpoint
-- Each event's deltas from its transition tables: +1 for each live new version, -1 for each live
-- old one, "lost" when an old live version's new one is not live for the same client. Static SQL
-- (PL/pgSQL plans each branch for the trigger that runs it).
CREATE OR REPLACE FUNCTION clients_follow_emissions() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  agency_ids uuid[];
  client_ids uuid[];
  n bigint[];
  active bigint[];
  spent bigint[];
  newest timestamptz[];
  lost boolean[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.agency_id), array_agg(x.client_id), array_agg(x.n), array_agg(x.active), array_agg(x.spent), array_agg(x.newest), array_agg(false)
    INTO agency_ids, client_ids, n, active, spent, newest, lost
    FROM (
      SELECT agency_id, client_id, count(*) AS n, count(*) FILTER (WHERE status IN ('pending', 'processing', 'issued')) AS active,
        coalesce(sum(revenue_cents) FILTER (WHERE status IN ('pending', 'processing', 'issued')), 0) AS spent, max(created_at) AS newest
      FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.agency_id), array_agg(x.client_id), array_agg(-x.n), array_agg(-x.active), array_agg(-x.spent), array_agg(NULL::timestamptz), array_agg(true)
    INTO agency_ids, client_ids, n, active, spent, newest, lost
    FROM (
      SELECT agency_id, client_id, count(*) AS n, count(*) FILTER (WHERE status IN ('pending', 'processing', 'issued')) AS active,
        coalesce(sum(revenue_cents) FILTER (WHERE status IN ('pending', 'processing', 'issued')), 0) AS spent
      FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2
    ) x;
  ELSE
    -- A version pair (emission, client) whose signs sum to -1 lost a live emission of that client.
    -- No join of the two transition tables: PL/pgSQL keeps this plan for the session, made for
    -- the first statement's sizes, and a nested loop planned for one row would be quadratic.
    SELECT array_agg(x.agency_id), array_agg(x.client_id), array_agg(x.n), array_agg(x.active), array_agg(x.spent), array_agg(x.newest), array_agg(x.lost)
    INTO agency_ids, client_ids, n, active, spent, newest, lost
    FROM (
      SELECT c.agency_id, c.client_id, sum(c.s) AS n,
        coalesce(sum(c.s) FILTER (WHERE c.status IN ('pending', 'processing', 'issued')), 0) AS active,
        coalesce(sum(c.s * c.revenue_cents) FILTER (WHERE c.status IN ('pending', 'processing', 'issued')), 0) AS spent,
        max(c.created_at) FILTER (WHERE c.s = 1) AS newest, bool_or(c.pair = -1) AS lost
      FROM (
        SELECT v.*, sum(v.s) OVER (PARTITION BY v.id, v.client_id) AS pair
        FROM (
          SELECT id, 1 AS s, agency_id, client_id, status, revenue_cents, created_at FROM new_rows WHERE deleted_at IS NULL
          UNION ALL
          SELECT id, -1, agency_id, client_id, status, revenue_cents, created_at FROM old_rows WHERE deleted_at IS NULL
        ) v
      ) c
      GROUP BY 1, 2
    ) x;
  END IF;
  IF client_ids IS NOT NULL THEN
    PERFORM clients_apply_figures(agency_ids, client_ids, n, active, spent, newest, lost);
  END IF;
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
-- The entries follow their lots per statement, from the transition tables (a soft delete or
-- restore of N lots: one join, not N row triggers).
DROP TRIGGER IF EXISTS mile_lots_search_entry_update ON mile_lots;--> statement-breakpoint
DROP FUNCTION IF EXISTS lot_search_entries_update();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lot_search_entries_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- Compared with the entry itself, not with old_rows: no join of the two transition tables
  -- (see clients_follow_emissions); each new row finds its entry by key.
  UPDATE lot_search_entries e SET
    program = n.program,
    status = n.status,
    remaining_quantity = n.remaining_quantity,
    cost_per_thousand = n.cost_per_thousand,
    expiry_date = n.expiry_date,
    deleted_at = n.deleted_at,
    search_text = lot_search_text_of(n.supplier, n.notes, n.account_number)
  FROM new_rows n
  WHERE e.agency_id = n.agency_id AND e.lot_id = n.id
    AND (e.program, e.status, e.remaining_quantity, e.cost_per_thousand, e.expiry_date, e.deleted_at, e.search_text)
      IS DISTINCT FROM (n.program, n.status, n.remaining_quantity, n.cost_per_thousand, n.expiry_date, n.deleted_at,
        lot_search_text_of(n.supplier, n.notes, n.account_number));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER mile_lots_search_entry_update AFTER UPDATE ON mile_lots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_search_entries_follow();
--> statement-breakpoint
--
-- 5. The SLA statistic is recomputed once per transaction, at its commit, instead of once per
-- statement: a bulk import's statements each re-read every issued emission of the agency, which
-- made it quadratic. A statement that changes what the statistic reads marks the agency's row
-- stale (the first one in a transaction; the row stays locked to the commit, as the refresh's own
-- lock did); a deferred constraint trigger on that row recomputes it at commit; a read in the same
-- transaction (the answer to an issue) recomputes it first (emission_sla_current). The P95 is one
-- ordered-set aggregate instead of a window over every time.
ALTER TABLE emission_sla_stats ADD COLUMN stale boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION emission_sla_refresh(agency uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM agencies WHERE id = agency) THEN
    RETURN;
  END IF;
  INSERT INTO emission_sla_stats (agency_id) VALUES (agency) ON CONFLICT (agency_id) DO NOTHING;
  PERFORM 1 FROM emission_sla_stats WHERE agency_id = agency FOR UPDATE;
  UPDATE emission_sla_stats s SET sla_count = a.n, sla_total_ms = a.total, sla_p95_ms = a.p95, stale = false
  FROM (
    WITH times AS MATERIALIZED (
      SELECT ms FROM (
        SELECT floor(extract(epoch FROM issued_at) * 1000) - floor(extract(epoch FROM submitted_at) * 1000) AS ms
        FROM emissions
        WHERE agency_id = agency AND deleted_at IS NULL AND submitted_at IS NOT NULL AND issued_at IS NOT NULL
      ) t WHERE ms > 0
    ), n AS (SELECT count(*) AS n FROM times)
    -- The P95 at ⌊95 × n ÷ 100⌋ of the sorted times (0-based): percentile_disc(f) takes the
    -- element at ⌈f × n⌉ − 1, so f = (k + ½) ÷ n lands on k with no rounding at the edge.
    SELECT (SELECT n FROM n) AS n, coalesce((SELECT sum(ms) FROM times), 0) AS total,
      (SELECT percentile_disc((SELECT (least((95 * n.n) / 100, n.n - 1) + 0.5)::float8 / nullif(n.n, 0) FROM n)) WITHIN GROUP (ORDER BY times.ms)
        FROM times HAVING count(*) > 0) AS p95
  ) a
  WHERE s.agency_id = agency;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION emission_sla_mark(agency uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM agencies WHERE id = agency) THEN
    RETURN;
  END IF;
  INSERT INTO emission_sla_stats (agency_id, stale) VALUES (agency, true)
    ON CONFLICT (agency_id) DO UPDATE SET stale = true WHERE NOT emission_sla_stats.stale;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION emission_sla_settle() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF (SELECT stale FROM emission_sla_stats WHERE agency_id = NEW.agency_id) THEN
    PERFORM emission_sla_refresh(NEW.agency_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER emission_sla_stats_settle AFTER INSERT OR UPDATE ON emission_sla_stats
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.stale) EXECUTE FUNCTION emission_sla_settle();--> statement-breakpoint
-- What a reader sees: the kept row, recomputed first if its own transaction left it stale.
CREATE OR REPLACE FUNCTION emission_sla_current(agency uuid) RETURNS TABLE (sla_count integer, sla_total_ms numeric, sla_p95_ms numeric)
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF (SELECT s.stale FROM emission_sla_stats s WHERE s.agency_id = agency) THEN
    PERFORM emission_sla_refresh(agency);
  END IF;
  RETURN QUERY SELECT s.sla_count, s.sla_total_ms, s.sla_p95_ms FROM emission_sla_stats s WHERE s.agency_id = agency;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION emission_sla_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  agency uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR agency IN SELECT DISTINCT agency_id FROM new_rows
      WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL ORDER BY 1 LOOP
      PERFORM emission_sla_mark(agency);
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    -- The counted versions (submitted, issued, live) of each emission, old −1 and new +1: a
    -- statement changed the statistic where they do not cancel. No join of the transition tables
    -- (see clients_follow_emissions).
    FOR agency IN SELECT DISTINCT x.agency_id FROM (
        SELECT agency_id, id, submitted_at, issued_at, sum(s) AS net FROM (
          SELECT agency_id, id, submitted_at, issued_at, 1 AS s FROM new_rows
          WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL
          UNION ALL
          SELECT agency_id, id, submitted_at, issued_at, -1 FROM old_rows
          WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL
        ) v GROUP BY 1, 2, 3, 4
      ) x WHERE x.net <> 0 ORDER BY 1 LOOP
      PERFORM emission_sla_mark(agency);
    END LOOP;
  ELSE
    FOR agency IN SELECT DISTINCT agency_id FROM old_rows
      WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL ORDER BY 1 LOOP
      PERFORM emission_sla_mark(agency);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
