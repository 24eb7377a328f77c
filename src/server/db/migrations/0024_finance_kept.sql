CREATE TABLE "emission_days" (
	"agency_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"stripe" smallint NOT NULL,
	"emissions" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"miles_cost_cents" bigint DEFAULT 0 NOT NULL,
	"rav_cents" bigint DEFAULT 0 NOT NULL,
	"margin_cents" bigint DEFAULT 0 NOT NULL,
	"discrepancies" integer DEFAULT 0 NOT NULL,
	"outstanding_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "emission_days_agency_id_day_status_stripe_pk" PRIMARY KEY("agency_id","day","status","stripe")
);
--> statement-breakpoint
CREATE TABLE "emission_postings" (
	"agency_id" uuid NOT NULL,
	"emission_id" uuid NOT NULL,
	"posted_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"posted_fees_cents" bigint DEFAULT 0 NOT NULL,
	"posted_miles_cost_cents" bigint DEFAULT 0 NOT NULL,
	"posted_rav_cents" bigint DEFAULT 0 NOT NULL,
	"postings" integer DEFAULT 0 NOT NULL,
	"repeated" integer DEFAULT 0 NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	"day" date,
	"status" text,
	"stripe" smallint,
	"revenue_cents" bigint,
	"fees_cents" bigint,
	"miles_cost_cents" bigint,
	"rav_cents" bigint,
	"margin_cents" bigint,
	CONSTRAINT "emission_postings_agency_id_emission_id_pk" PRIMARY KEY("agency_id","emission_id")
);
--> statement-breakpoint
CREATE TABLE "posting_days" (
	"agency_id" uuid NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"method" text NOT NULL,
	"in_cents" bigint DEFAULT 0 NOT NULL,
	"out_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "posting_days_agency_id_day_category_method_pk" PRIMARY KEY("agency_id","day","category","method")
);
--> statement-breakpoint
ALTER TABLE "emission_days" ADD CONSTRAINT "emission_days_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_postings" ADD CONSTRAINT "emission_postings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_days" ADD CONSTRAINT "posting_days_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emission_postings_void_idx" ON "emission_postings" USING btree ("agency_id") WHERE "emission_postings"."counted" AND "emission_postings"."status" IN ('cancelled', 'failed') AND "emission_postings"."postings" > 0;--> statement-breakpoint
-- An emission's postings by (agency, emission): emission_posted below reads them per emission, and
-- an index on the emission alone lost to the primary key's agency prefix (a bitmap AND over every
-- posting of the agency, per emission) while the table's statistics were those of an empty table.
DROP INDEX "financial_entries_emission_idx";--> statement-breakpoint
CREATE INDEX "financial_entries_emission_idx" ON "financial_entries" USING btree ("agency_id","emission_id");--> statement-breakpoint
-- Finance figures kept per day (issue #15 "Performance", decision 0019's amendment): /conciliador's
-- counts and /financeiro's figures summed per agency day instead of recounted over every emission
-- and posting of the period (500,000 emissions, most with five postings, in the issue's bench).
--
-- emission_postings: per emission ever posted, the sums of its live postings and the emission as
--   emission_days last counted it. Its "recorded share" is what makes the two tables' triggers
--   agree whichever fires first in a statement that writes both (a soft delete or restore with its
--   postings; a hard delete whose postings go by cascade before the emission's trigger runs): each
--   trigger takes the recorded share out and puts the emission's current one in, then records it.
-- emission_days: per (agency, day, status, stripe) the live emissions and their figures, the
--   discrepant ones (reconciliation_discrepant) and what their clients still owe.
-- posting_days: per (agency, day, category, method) the live postings' money in and out.
--
-- Every join of a transition table to a real table is a LATERAL probe by key (LIMIT 1 keeps the
-- planner from flattening it): PL/pgSQL keeps a statement's plan for the session, and a hash join
-- planned for a big first statement would read the whole table on every later one-row statement.
GRANT SELECT, INSERT, UPDATE, DELETE ON emission_days, posting_days, emission_postings TO milheiro_app;--> statement-breakpoint
ALTER TABLE emission_days ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON emission_days USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
ALTER TABLE posting_days ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON posting_days USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
ALTER TABLE emission_postings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON emission_postings USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
-- The reconciliation's verdict on one emission (spec part 2 §3, decision 0019): a cancelled or failed
-- emission expects nothing, so any posting is a discrepancy; any other is one while a category has
-- less posted than the emission's figure, or two of its postings repeat a category and amount.
CREATE FUNCTION reconciliation_discrepant(
  status text, revenue bigint, fees bigint, miles_cost bigint, rav bigint,
  posted_revenue bigint, posted_fees bigint, posted_miles_cost bigint, posted_rav bigint, postings integer, repeated integer
) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN status IN ('cancelled', 'failed') THEN postings > 0
    ELSE fees > posted_fees OR miles_cost > posted_miles_cost OR rav > posted_rav OR revenue > posted_revenue OR repeated > 0 END $$;--> statement-breakpoint
-- What the client still owes for an active emission (decision 0019: receivables).
CREATE FUNCTION reconciliation_outstanding(status text, revenue bigint, posted_revenue bigint) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN status IN ('pending', 'processing', 'issued') THEN greatest(revenue - posted_revenue, 0) ELSE 0 END $$;--> statement-breakpoint
-- One emission's share of emission_days, with a sign: +1 in, -1 out.
CREATE TYPE emission_share AS (
  agency_id uuid, s integer, day date, status text, stripe smallint,
  revenue_cents bigint, fees_cents bigint, miles_cost_cents bigint, rav_cents bigint, margin_cents bigint,
  posted_revenue_cents bigint, posted_fees_cents bigint, posted_miles_cost_cents bigint, posted_rav_cents bigint,
  postings integer, repeated integer
);--> statement-breakpoint
-- The shares summed per key and added to emission_days in key order (two statements cannot deadlock
-- on its rows), "x = x + d" on the latest row version; nothing for an agency being deleted.
CREATE FUNCTION emission_days_add(shares emission_share[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO emission_days AS t (agency_id, day, status, stripe, emissions, revenue_cents, fees_cents, miles_cost_cents,
    rav_cents, margin_cents, discrepancies, outstanding_cents)
  SELECT x.agency_id, x.day, x.status, x.stripe, sum(x.s), sum(x.s * x.revenue_cents), sum(x.s * x.fees_cents),
    sum(x.s * x.miles_cost_cents), sum(x.s * x.rav_cents), sum(x.s * x.margin_cents),
    coalesce(sum(x.s) FILTER (WHERE reconciliation_discrepant(x.status, x.revenue_cents, x.fees_cents, x.miles_cost_cents,
      x.rav_cents, x.posted_revenue_cents, x.posted_fees_cents, x.posted_miles_cost_cents, x.posted_rav_cents, x.postings, x.repeated)), 0),
    sum(x.s * reconciliation_outstanding(x.status, x.revenue_cents, x.posted_revenue_cents))
  FROM unnest(shares) x
  WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = x.agency_id)
  GROUP BY 1, 2, 3, 4
  HAVING (sum(x.s), sum(x.s * x.revenue_cents), sum(x.s * x.fees_cents), sum(x.s * x.miles_cost_cents), sum(x.s * x.rav_cents),
      sum(x.s * x.margin_cents), coalesce(sum(x.s) FILTER (WHERE reconciliation_discrepant(x.status, x.revenue_cents,
      x.fees_cents, x.miles_cost_cents, x.rav_cents, x.posted_revenue_cents, x.posted_fees_cents, x.posted_miles_cost_cents,
      x.posted_rav_cents, x.postings, x.repeated)), 0), sum(x.s * reconciliation_outstanding(x.status, x.revenue_cents,
      x.posted_revenue_cents)))
    IS DISTINCT FROM (0::bigint, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::bigint, 0::numeric)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (agency_id, day, status, stripe) DO UPDATE SET
    emissions = t.emissions + excluded.emissions,
    revenue_cents = t.revenue_cents + excluded.revenue_cents,
    fees_cents = t.fees_cents + excluded.fees_cents,
    miles_cost_cents = t.miles_cost_cents + excluded.miles_cost_cents,
    rav_cents = t.rav_cents + excluded.rav_cents,
    margin_cents = t.margin_cents + excluded.margin_cents,
    discrepancies = t.discrepancies + excluded.discrepancies,
    outstanding_cents = t.outstanding_cents + excluded.outstanding_cents
  $$;--> statement-breakpoint
-- The live postings of one emission, summed per category (expenses as positive amounts), counted,
-- and how many repeat another's category and amount.
CREATE FUNCTION emission_posted(agency uuid, emission uuid)
  RETURNS TABLE (posted_revenue_cents bigint, posted_fees_cents bigint, posted_miles_cost_cents bigint, posted_rav_cents bigint,
    postings integer, repeated integer)
  LANGUAGE sql STABLE
  AS $$
  SELECT coalesce(sum(f.amount_cents) FILTER (WHERE f.category = 'revenue'), 0)::bigint,
    coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'fees'), 0)::bigint,
    coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'miles_cost'), 0)::bigint,
    coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'rav'), 0)::bigint,
    count(*)::integer, (count(*) - count(DISTINCT (f.category, f.amount_cents)))::integer
  FROM financial_entries f
  WHERE f.emission_id = emission AND f.agency_id = agency AND f.deleted_at IS NULL
  $$;--> statement-breakpoint
-- Brings the records of `recs` (posted emissions as they are now) into emission_days — out what each
-- counted until now (its record; for an emission's first posting, itself with nothing posted, as the
-- emissions' trigger counted it), in what it counts now — and writes them down.
CREATE FUNCTION emission_postings_sync(recs emission_postings[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  shares emission_share[];
BEGIN
  SELECT array_agg(x.share) INTO shares FROM (
    SELECT CASE WHEN r.emission_id IS NOT NULL THEN
        ROW(r.agency_id, -1, r.day, r.status, r.stripe, r.revenue_cents, r.fees_cents, r.miles_cost_cents, r.rav_cents,
          r.margin_cents, r.posted_revenue_cents, r.posted_fees_cents, r.posted_miles_cost_cents, r.posted_rav_cents,
          r.postings, r.repeated)::emission_share
      ELSE
        ROW(c.agency_id, -1, c.day, c.status, c.stripe, c.revenue_cents, c.fees_cents, c.miles_cost_cents, c.rav_cents,
          c.margin_cents, 0, 0, 0, 0, 0, 0)::emission_share
      END AS share
    FROM unnest(recs) c
    LEFT JOIN emission_postings r ON r.agency_id = c.agency_id AND r.emission_id = c.emission_id
    WHERE coalesce(r.counted, c.counted)
    UNION ALL
    SELECT ROW(c.agency_id, 1, c.day, c.status, c.stripe, c.revenue_cents, c.fees_cents, c.miles_cost_cents, c.rav_cents,
        c.margin_cents, c.posted_revenue_cents, c.posted_fees_cents, c.posted_miles_cost_cents, c.posted_rav_cents,
        c.postings, c.repeated)::emission_share
    FROM unnest(recs) c WHERE c.counted
  ) x;
  PERFORM emission_days_add(shares);
  INSERT INTO emission_postings AS t
  SELECT c.* FROM unnest(recs) c
  WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = c.agency_id)
  ORDER BY c.agency_id, c.emission_id
  ON CONFLICT (agency_id, emission_id) DO UPDATE SET
    posted_revenue_cents = excluded.posted_revenue_cents, posted_fees_cents = excluded.posted_fees_cents,
    posted_miles_cost_cents = excluded.posted_miles_cost_cents, posted_rav_cents = excluded.posted_rav_cents,
    postings = excluded.postings, repeated = excluded.repeated, counted = excluded.counted, day = excluded.day,
    status = excluded.status, stripe = excluded.stripe, revenue_cents = excluded.revenue_cents,
    fees_cents = excluded.fees_cents, miles_cost_cents = excluded.miles_cost_cents, rav_cents = excluded.rav_cents,
    margin_cents = excluded.margin_cents
  -- Unchanged records are not written again: in a statement that writes an emission and its postings
  -- (a soft delete, a restore), the second trigger to run finds them already in step.
  WHERE (t.*) IS DISTINCT FROM (excluded.*);
END
$$;--> statement-breakpoint
-- The postings' one trigger function (3 triggers, one per event): posting_days from the versions
-- that were and are live, then the records of the emissions they belong to, resynced.
CREATE FUNCTION financial_entries_kept_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  agency_ids uuid[];
  emission_ids uuid[];
  recs emission_postings[];
BEGIN
  -- 1. posting_days: the live versions that went out, and those that came in. Straight from the
  --    transition tables (an array of whole rows would be copied into every statement that reads it).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO posting_days AS t (agency_id, day, category, method, in_cents, out_cents)
    SELECT x.agency_id, x.entry_date, x.category, coalesce(x.payment_method, ''), sum(greatest(x.amount_cents, 0)),
      sum(least(x.amount_cents, 0))
    FROM new_rows x WHERE x.deleted_at IS NULL AND EXISTS (SELECT 1 FROM agencies a WHERE a.id = x.agency_id)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (agency_id, day, category, method) DO UPDATE SET
      in_cents = t.in_cents + excluded.in_cents, out_cents = t.out_cents + excluded.out_cents;
    SELECT array_agg(x.agency_id), array_agg(x.emission_id) INTO agency_ids, emission_ids
    FROM (SELECT DISTINCT agency_id, emission_id FROM new_rows WHERE emission_id IS NOT NULL AND deleted_at IS NULL) x;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO posting_days AS t (agency_id, day, category, method, in_cents, out_cents)
    SELECT x.agency_id, x.entry_date, x.category, coalesce(x.payment_method, ''), sum(x.s * greatest(x.amount_cents, 0)),
      sum(x.s * least(x.amount_cents, 0))
    FROM (
      SELECT -1 AS s, agency_id, entry_date, category, payment_method, amount_cents FROM old_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT 1, agency_id, entry_date, category, payment_method, amount_cents FROM new_rows WHERE deleted_at IS NULL
    ) x
    WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = x.agency_id)
    GROUP BY 1, 2, 3, 4
    HAVING (sum(x.s * greatest(x.amount_cents, 0)), sum(x.s * least(x.amount_cents, 0))) IS DISTINCT FROM (0::numeric, 0::numeric)
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (agency_id, day, category, method) DO UPDATE SET
      in_cents = t.in_cents + excluded.in_cents, out_cents = t.out_cents + excluded.out_cents;
    -- The emissions of the versions that were or are live (a posting moved between emissions: both).
    SELECT array_agg(x.agency_id), array_agg(x.emission_id) INTO agency_ids, emission_ids
    FROM (
      SELECT agency_id, emission_id FROM old_rows WHERE emission_id IS NOT NULL AND deleted_at IS NULL
      UNION
      SELECT agency_id, emission_id FROM new_rows WHERE emission_id IS NOT NULL AND deleted_at IS NULL
    ) x;
  ELSE
    INSERT INTO posting_days AS t (agency_id, day, category, method, in_cents, out_cents)
    SELECT x.agency_id, x.entry_date, x.category, coalesce(x.payment_method, ''), -sum(greatest(x.amount_cents, 0)),
      -sum(least(x.amount_cents, 0))
    FROM old_rows x WHERE x.deleted_at IS NULL AND EXISTS (SELECT 1 FROM agencies a WHERE a.id = x.agency_id)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (agency_id, day, category, method) DO UPDATE SET
      in_cents = t.in_cents + excluded.in_cents, out_cents = t.out_cents + excluded.out_cents;
    SELECT array_agg(x.agency_id), array_agg(x.emission_id) INTO agency_ids, emission_ids
    FROM (SELECT DISTINCT agency_id, emission_id FROM old_rows WHERE emission_id IS NOT NULL AND deleted_at IS NULL) x;
  END IF;
  IF emission_ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- 2. The records of their emissions, resynced (emission_postings_sync).
  SELECT array_agg(ROW(t.agency_id, t.emission_id, p.posted_revenue_cents, p.posted_fees_cents, p.posted_miles_cost_cents,
      p.posted_rav_cents, p.postings, p.repeated, coalesce(e.live, false), e.day, e.status, e.stripe, e.revenue_cents,
      e.fees_cents, e.miles_cost_cents, e.rav_cents, e.margin_cents)::emission_postings)
  INTO recs
  FROM unnest(agency_ids, emission_ids) AS t(agency_id, emission_id)
  LEFT JOIN LATERAL (
    SELECT e.deleted_at IS NULL AS live, (e.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, e.status,
      (client_totals_stripe(e.id) % 4)::smallint AS stripe, e.revenue_cents, e.fees_cents, e.miles_cost_cents, e.rav_cents,
      e.margin_cents
    FROM emissions e WHERE e.agency_id = t.agency_id AND e.id = t.emission_id LIMIT 1
  ) e ON true
  LEFT JOIN LATERAL (
    SELECT r.counted FROM emission_postings r WHERE r.agency_id = t.agency_id AND r.emission_id = t.emission_id LIMIT 1
  ) r ON true
  LEFT JOIN LATERAL (
    SELECT p.* FROM emission_posted(t.agency_id, t.emission_id) p WHERE e.live OR r.counted OR (e.live IS NOT NULL AND r.counted IS NULL)
  ) p ON true
  -- A live emission is resynced. One deleted (soft, or hard with its postings by cascade) whose record
  -- still counts it is taken out of emission_days; its record stays, uncounted, for the emission's own
  -- trigger (which removes it after a hard delete). One whose record already stopped counting it is
  -- left alone — the emission's trigger went first in this statement; an uncounted record's sums are
  -- recomputed whenever the emission counts again — and so is a hard-deleted one without a record.
  WHERE e.live OR r.counted OR (e.live IS NOT NULL AND r.counted IS NULL);
  IF recs IS NOT NULL THEN
    PERFORM emission_postings_sync(recs);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER financial_entries_kept_insert AFTER INSERT ON financial_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION financial_entries_kept_follow();--> statement-breakpoint
CREATE TRIGGER financial_entries_kept_update AFTER UPDATE ON financial_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION financial_entries_kept_follow();--> statement-breakpoint
CREATE TRIGGER financial_entries_kept_delete AFTER DELETE ON financial_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION financial_entries_kept_follow();--> statement-breakpoint
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
  shares emission_share[];
  recs emission_postings[];
  gone_agencies uuid[];
  gone_ids uuid[];
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
  -- 4. The finance days (migration 0024): an emission never posted counts each version as it is with
  --    nothing posted; a posted one (with a record in emission_postings) is resynced from its record.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(x.agency_id, 1, (x.created_at AT TIME ZONE 'America/Sao_Paulo')::date, x.status,
        (client_totals_stripe(x.id) % 4)::smallint, x.revenue_cents, x.fees_cents, x.miles_cost_cents, x.rav_cents,
        x.margin_cents, 0, 0, 0, 0, 0, 0)::emission_share)
    INTO shares FROM new_rows x WHERE x.deleted_at IS NULL;
    PERFORM emission_days_add(shares);
  ELSIF TG_OP = 'UPDATE' THEN
    -- Each new version: never posted, it counts as it is with nothing posted; posted, its record is
    -- resynced with its postings summed now. Each old version never posted goes out as it was.
    SELECT
      array_agg(ROW(n.agency_id, 1, (n.created_at AT TIME ZONE 'America/Sao_Paulo')::date, n.status,
          (client_totals_stripe(n.id) % 4)::smallint, n.revenue_cents, n.fees_cents, n.miles_cost_cents, n.rav_cents,
          n.margin_cents, 0, 0, 0, 0, 0, 0)::emission_share)
        FILTER (WHERE r.emission_id IS NULL AND n.deleted_at IS NULL),
      array_agg(ROW(n.agency_id, n.id, p.posted_revenue_cents, p.posted_fees_cents, p.posted_miles_cost_cents,
          p.posted_rav_cents, p.postings, p.repeated, n.deleted_at IS NULL, (n.created_at AT TIME ZONE 'America/Sao_Paulo')::date,
          n.status, (client_totals_stripe(n.id) % 4)::smallint, n.revenue_cents, n.fees_cents, n.miles_cost_cents,
          n.rav_cents, n.margin_cents)::emission_postings)
        FILTER (WHERE r.emission_id IS NOT NULL)
    INTO shares, recs
    FROM new_rows n
    LEFT JOIN LATERAL (
      SELECT r.emission_id FROM emission_postings r WHERE r.agency_id = n.agency_id AND r.emission_id = n.id LIMIT 1
    ) r ON true
    LEFT JOIN LATERAL (
      SELECT p.* FROM emission_posted(n.agency_id, n.id) p WHERE r.emission_id IS NOT NULL
    ) p ON true;
    SELECT shares || array_agg(ROW(o.agency_id, -1, (o.created_at AT TIME ZONE 'America/Sao_Paulo')::date, o.status,
        (client_totals_stripe(o.id) % 4)::smallint, o.revenue_cents, o.fees_cents, o.miles_cost_cents, o.rav_cents,
        o.margin_cents, 0, 0, 0, 0, 0, 0)::emission_share)
    INTO shares
    FROM old_rows o
    LEFT JOIN LATERAL (
      SELECT true AS posted FROM emission_postings r WHERE r.agency_id = o.agency_id AND r.emission_id = o.id LIMIT 1
    ) r ON true
    WHERE o.deleted_at IS NULL AND r.posted IS NULL;
    PERFORM emission_days_add(shares);
    IF recs IS NOT NULL THEN
      PERFORM emission_postings_sync(recs);
    END IF;
  ELSE
    -- A posted emission's share is its record's (its postings may have gone first, by cascade).
    SELECT array_agg(CASE WHEN r.emission_id IS NULL THEN
          ROW(o.agency_id, -1, (o.created_at AT TIME ZONE 'America/Sao_Paulo')::date, o.status,
            (client_totals_stripe(o.id) % 4)::smallint, o.revenue_cents, o.fees_cents, o.miles_cost_cents, o.rav_cents,
            o.margin_cents, 0, 0, 0, 0, 0, 0)::emission_share
        ELSE
          ROW(r.agency_id, -1, r.day, r.status, r.stripe, r.revenue_cents, r.fees_cents, r.miles_cost_cents, r.rav_cents,
            r.margin_cents, r.posted_revenue_cents, r.posted_fees_cents, r.posted_miles_cost_cents, r.posted_rav_cents,
            r.postings, r.repeated)::emission_share
        END) FILTER (WHERE CASE WHEN r.emission_id IS NULL THEN o.deleted_at IS NULL ELSE r.counted END),
      array_agg(o.agency_id) FILTER (WHERE r.emission_id IS NOT NULL), array_agg(o.id) FILTER (WHERE r.emission_id IS NOT NULL)
    INTO shares, gone_agencies, gone_ids
    FROM old_rows o
    LEFT JOIN LATERAL (
      SELECT r.* FROM emission_postings r WHERE r.agency_id = o.agency_id AND r.emission_id = o.id LIMIT 1
    ) r ON true
    WHERE o.deleted_at IS NULL OR r.emission_id IS NOT NULL;
    PERFORM emission_days_add(shares);
    IF gone_ids IS NOT NULL THEN
      DELETE FROM emission_postings r USING unnest(gone_agencies, gone_ids) AS d(agency_id, id)
      WHERE r.agency_id = d.agency_id AND r.emission_id = d.id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- What is there already: a record for every emission with a posting, the days of every live emission
-- (with its record's sums), the live postings' days.
INSERT INTO emission_postings
SELECT e.agency_id, e.id, p.posted_revenue_cents, p.posted_fees_cents, p.posted_miles_cost_cents, p.posted_rav_cents,
  p.postings, p.repeated, e.deleted_at IS NULL, (e.created_at AT TIME ZONE 'America/Sao_Paulo')::date, e.status,
  (client_totals_stripe(e.id) % 4)::smallint, e.revenue_cents, e.fees_cents, e.miles_cost_cents, e.rav_cents, e.margin_cents
FROM emissions e
CROSS JOIN LATERAL emission_posted(e.agency_id, e.id) p
WHERE EXISTS (SELECT 1 FROM financial_entries f WHERE f.agency_id = e.agency_id AND f.emission_id = e.id);--> statement-breakpoint
INSERT INTO emission_days (agency_id, day, status, stripe, emissions, revenue_cents, fees_cents, miles_cost_cents, rav_cents,
  margin_cents, discrepancies, outstanding_cents)
SELECT e.agency_id, (e.created_at AT TIME ZONE 'America/Sao_Paulo')::date, e.status, (client_totals_stripe(e.id) % 4)::smallint,
  count(*), sum(e.revenue_cents), sum(e.fees_cents), sum(e.miles_cost_cents), sum(e.rav_cents), sum(e.margin_cents),
  count(*) FILTER (WHERE reconciliation_discrepant(e.status, e.revenue_cents, e.fees_cents, e.miles_cost_cents, e.rav_cents,
    coalesce(r.posted_revenue_cents, 0), coalesce(r.posted_fees_cents, 0), coalesce(r.posted_miles_cost_cents, 0),
    coalesce(r.posted_rav_cents, 0), coalesce(r.postings, 0), coalesce(r.repeated, 0))),
  sum(reconciliation_outstanding(e.status, e.revenue_cents, coalesce(r.posted_revenue_cents, 0)))
FROM emissions e
LEFT JOIN emission_postings r ON r.agency_id = e.agency_id AND r.emission_id = e.id
WHERE e.deleted_at IS NULL
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO posting_days (agency_id, day, category, method, in_cents, out_cents)
SELECT agency_id, entry_date, category, coalesce(payment_method, ''), sum(greatest(amount_cents, 0)), sum(least(amount_cents, 0))
FROM financial_entries WHERE deleted_at IS NULL
GROUP BY 1, 2, 3, 4;
