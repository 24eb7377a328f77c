-- A client's emission count leaves out cancelled emissions (issue #14 "Truthful figures": "a
-- client's emission count includes cancelled emissions"). client_figures.emissions_count — the
-- clients list's "Emissões" column, its sort and CSV — and client_totals.total_emissions — the
-- /clientes card "Total de Emissões", their sum — now count a client's live emissions that are not
-- cancelled: pending, processing, issued and failed (a failed one can still be retried). Cancelled
-- ones already added nothing to total_spent_cents nor to active_emissions_count.
--
-- The two functions that count them, emissions_kept_follow (0021) and client_figures_sync (0020),
-- are the same but for that filter on n; then the kept figures are brought to the new meaning:
-- each live client's count loses its live cancelled emissions, and client_totals per (agency,
-- stripe) the same amounts (client_figures has no trigger since 0020).
CREATE OR REPLACE FUNCTION emissions_kept_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  agency uuid;
  deltas refcursor;
  agency_ids uuid[];
  client_ids uuid[];
  n bigint[];
  active bigint[];
  spent bigint[];
  newest timestamptz[];
  lost boolean[];
BEGIN
  -- 1. The SLA statistic: the agencies whose counted emissions (submitted, issued, live) changed are
  --    marked, to be settled once at the end of the transaction (emission_sla_stats_settle).
  IF TG_OP = 'INSERT' THEN
    FOR agency IN SELECT DISTINCT agency_id FROM new_rows
      WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL ORDER BY 1 LOOP
      PERFORM emission_sla_mark(agency);
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    -- The counted versions (submitted, issued, live) of each emission, old −1 and new +1: a
    -- statement changed the statistic where they do not cancel. No join of the transition tables
    -- (see step 3).
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

  -- 2. The agency's emission totals by status (emission_totals), summed per (agency, stripe).
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

  -- 3. The clients' figures: what each client's live emissions moved (client_figures, then
  --    client_totals, by clients_apply_figures). n counts the emissions that are not cancelled.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.agency_id), array_agg(x.client_id), array_agg(x.n), array_agg(x.active), array_agg(x.spent), array_agg(x.newest), array_agg(false)
    INTO agency_ids, client_ids, n, active, spent, newest, lost
    FROM (
      SELECT agency_id, client_id, count(*) FILTER (WHERE status <> 'cancelled') AS n, count(*) FILTER (WHERE status IN ('pending', 'processing', 'issued')) AS active,
        coalesce(sum(revenue_cents) FILTER (WHERE status IN ('pending', 'processing', 'issued')), 0) AS spent, max(created_at) AS newest
      FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.agency_id), array_agg(x.client_id), array_agg(-x.n), array_agg(-x.active), array_agg(-x.spent), array_agg(NULL::timestamptz), array_agg(true)
    INTO agency_ids, client_ids, n, active, spent, newest, lost
    FROM (
      SELECT agency_id, client_id, count(*) FILTER (WHERE status <> 'cancelled') AS n, count(*) FILTER (WHERE status IN ('pending', 'processing', 'issued')) AS active,
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
      SELECT c.agency_id, c.client_id, coalesce(sum(c.s) FILTER (WHERE c.status <> 'cancelled'), 0) AS n,
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
--
CREATE OR REPLACE FUNCTION client_figures_sync(
  agency_ids uuid[], client_ids uuid[], sort_names text[], statuses text[], search_texts text[], live boolean[]
)
  RETURNS TABLE (moved_agency uuid, moved_stripe smallint, moved_emissions bigint, moved_revenue numeric)
  LANGUAGE plpgsql
  AS $$
DECLARE
  gone_agencies uuid[];
  gone_stripes smallint[];
  gone_emissions bigint[];
  gone_revenue numeric[];
  back_agencies uuid[];
  back_stripes smallint[];
  back_emissions bigint[];
  back_revenue numeric[];
BEGIN
  WITH gone AS (
    DELETE FROM client_figures f
    USING unnest(agency_ids, client_ids, live) AS d(agency_id, client_id, live)
    WHERE NOT d.live AND f.agency_id = d.agency_id AND f.client_id = d.client_id
    RETURNING f.agency_id, f.client_id, f.emissions_count, f.total_spent_cents
  )
  SELECT array_agg(g.agency_id), array_agg(g.stripe), array_agg(g.emissions), array_agg(g.revenue)
  INTO gone_agencies, gone_stripes, gone_emissions, gone_revenue
  FROM (
    SELECT x.agency_id, client_totals_stripe(x.client_id) AS stripe, -sum(x.emissions_count)::bigint AS emissions,
      -sum(x.total_spent_cents)::numeric AS revenue
    FROM gone x GROUP BY 1, 2
  ) g;
  UPDATE client_figures f SET sort_name = d.sort_name, status = d.status, search_text = d.search_text
  FROM unnest(agency_ids, client_ids, sort_names, statuses, search_texts, live) AS d(agency_id, client_id, sort_name, status, search_text, live)
  WHERE d.live AND f.agency_id = d.agency_id AND f.client_id = d.client_id
    AND (f.sort_name, f.status, f.search_text) IS DISTINCT FROM (d.sort_name, d.status, d.search_text);
  -- A restored client: its figures recounted from its live emissions.
  WITH back AS (
    INSERT INTO client_figures (agency_id, client_id, sort_name, status, search_text, emissions_count, active_emissions_count, total_spent_cents, last_emission_at)
    SELECT d.agency_id, d.client_id, d.sort_name, d.status, d.search_text, x.n, x.active, x.spent, x.last_at
    FROM unnest(agency_ids, client_ids, sort_names, statuses, search_texts, live) AS d(agency_id, client_id, sort_name, status, search_text, live)
    CROSS JOIN LATERAL (
      SELECT (count(*) FILTER (WHERE e.status <> 'cancelled'))::int AS n, (count(*) FILTER (WHERE e.status IN ('pending', 'processing', 'issued')))::int AS active,
        coalesce(sum(e.revenue_cents) FILTER (WHERE e.status IN ('pending', 'processing', 'issued')), 0) AS spent,
        max(e.created_at) AS last_at
      FROM emissions e WHERE e.agency_id = d.agency_id AND e.client_id = d.client_id AND e.deleted_at IS NULL
    ) x
    WHERE d.live AND NOT EXISTS (SELECT 1 FROM client_figures f WHERE f.agency_id = d.agency_id AND f.client_id = d.client_id)
    ORDER BY d.agency_id, d.client_id
    RETURNING client_figures.agency_id, client_figures.client_id, client_figures.emissions_count, client_figures.total_spent_cents
  )
  SELECT array_agg(b.agency_id), array_agg(b.stripe), array_agg(b.emissions), array_agg(b.revenue)
  INTO back_agencies, back_stripes, back_emissions, back_revenue
  FROM (
    SELECT x.agency_id, client_totals_stripe(x.client_id) AS stripe, sum(x.emissions_count)::bigint AS emissions,
      sum(x.total_spent_cents)::numeric AS revenue
    FROM back x GROUP BY 1, 2
  ) b;
  RETURN QUERY
    SELECT m.agency_id, m.stripe, sum(m.emissions)::bigint, sum(m.revenue)::numeric
    FROM unnest(gone_agencies || back_agencies, gone_stripes || back_stripes, gone_emissions || back_emissions, gone_revenue || back_revenue)
      AS m(agency_id, stripe, emissions, revenue)
    GROUP BY 1, 2;
END
$$;--> statement-breakpoint
--
-- The figures as they are now: every live emission counted. Take out the live cancelled ones.
UPDATE client_totals t SET total_emissions = t.total_emissions - c.n
FROM (
  SELECT e.agency_id, client_totals_stripe(e.client_id) AS stripe, count(*) AS n
  FROM emissions e
  JOIN client_figures f ON f.agency_id = e.agency_id AND f.client_id = e.client_id
  WHERE e.deleted_at IS NULL AND e.status = 'cancelled'
  GROUP BY 1, 2
) c
WHERE t.agency_id = c.agency_id AND t.stripe = c.stripe;--> statement-breakpoint
UPDATE client_figures f SET emissions_count = f.emissions_count - c.n
FROM (
  SELECT agency_id, client_id, count(*)::int AS n FROM emissions
  WHERE deleted_at IS NULL AND status = 'cancelled'
  GROUP BY 1, 2
) c
WHERE f.agency_id = c.agency_id AND f.client_id = c.client_id;
