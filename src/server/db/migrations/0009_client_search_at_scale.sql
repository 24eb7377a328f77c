-- Broad searches at scale (docs/decisions/0004-client-list-at-scale.md, "Broad searches").
--
-- A search word is a contains-match on clients.search_text (name, e-mail, document). A word that
-- matches many clients was counted by reading every match, and its page cut from all of them
-- sorted. Now, for a single word, exactly:
--
-- 1. clients.email_domain: the e-mail from its last "@" on ("@gmail.com"), lower-case and
--    accent-free as search_text. A few domains hold most clients, so a word found in a domain
--    ("hotmail.com", "gmail") matches all of its clients. Each list order gets an index led by
--    (agency_id, email_domain): a domain's clients come in list order, index-only.
-- 2. client_search_entries.search_own: search_text without the e-mail's domain (the name, the
--    e-mail up to its last "@", the document), under a trigram index. A word without a space, and
--    without an "@" but at its start, is in search_text exactly when it is in search_own or in
--    email_domain; the clients it finds outside their domain are few, and this index finds them.
--    Kept apart from clients, as lot_search_entries (migration 0007): every emission rewrites its
--    client's row, with new entries in every index of clients; an entry changes only with the
--    name, e-mail, document, status or deletion.
-- 3. client_search_counts: per agency, the live clients per status under each e-mail domain (kind
--    'd') and each one-, two- and three-character string of search_text (kind 'g'), moved by
--    deltas as client_totals. A word of up to three characters is counted in one row; a longer one
--    is its domains' counts plus its matches outside them.
-- 4. The list orders again carrying status and search_text, and client_list_walk, which reads a
--    page along them: for a word too common to gather (one letter, "si", "mar"), testing each entry
--    there without the table.
ALTER TABLE "clients" ADD COLUMN "email_domain" text GENERATED ALWAYS AS (translate(lower(substring(email from '(@[^@]*)$')), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny')) STORED;
--> statement-breakpoint
CREATE INDEX "clients_domain_name_idx" ON "clients" USING btree ("agency_id","email_domain","sort_name","id") INCLUDE ("status") WHERE "clients"."deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "clients_domain_status_idx" ON "clients" USING btree ("agency_id","email_domain","status","sort_name","id") WHERE "clients"."deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "clients_domain_emissions_idx" ON "clients" USING btree ("agency_id","email_domain","emissions_count","sort_name","id") INCLUDE ("status") WHERE "clients"."deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "clients_domain_spent_idx" ON "clients" USING btree ("agency_id","email_domain","total_spent_cents","sort_name","id") INCLUDE ("status") WHERE "clients"."deleted_at" IS NULL;
--> statement-breakpoint
-- The list orders again, carrying status and search_text: a page of a search too broad to gather
-- is read along one of these, testing each entry without the table (client_list_walk, below).
-- Apart from the unsearched list's indexes (migration 0004), which stay narrow: twice as wide,
-- they made an unsearched middle page twice as slow to reach.
CREATE INDEX "clients_walk_name_idx" ON "clients" USING btree ("agency_id","sort_name","id") INCLUDE ("status","search_text") WHERE "clients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "clients_walk_status_idx" ON "clients" USING btree ("agency_id","status","sort_name","id") INCLUDE ("search_text") WHERE "clients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "clients_walk_emissions_idx" ON "clients" USING btree ("agency_id","emissions_count","sort_name","id") INCLUDE ("status","search_text") WHERE "clients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "clients_walk_spent_idx" ON "clients" USING btree ("agency_id","total_spent_cents","sort_name","id") INCLUDE ("status","search_text") WHERE "clients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE TABLE "client_search_entries" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"status" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"search_own" text NOT NULL,
	"email_domain" text
);
--> statement-breakpoint
ALTER TABLE "client_search_entries" ADD CONSTRAINT "client_search_entries_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_search_entries" ADD CONSTRAINT "client_search_entries_client_fk" FOREIGN KEY ("client_id","agency_id") REFERENCES "public"."clients"("id","agency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "client_search_counts" (
	"agency_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"inactive" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_search_counts_agency_id_kind_term_pk" PRIMARY KEY("agency_id","kind","term"),
	CONSTRAINT "client_search_counts_kind" CHECK ("client_search_counts"."kind" IN ('d', 'g')),
	CONSTRAINT "client_search_counts_nonneg" CHECK ("client_search_counts"."active" >= 0 AND "client_search_counts"."inactive" >= 0 AND "client_search_counts"."blocked" >= 0)
);
--> statement-breakpoint
ALTER TABLE "client_search_counts" ADD CONSTRAINT "client_search_counts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The same translate() as clients.search_text, over the same text less the e-mail after its last "@".
CREATE OR REPLACE FUNCTION client_search_own_of(name text, email text, document text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT translate(lower(coalesce(name, '') || ' ' || coalesce(substring(email from '^(.*@)'), email, '') || ' ' || coalesce(document, '')),
    'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny') $$;
--> statement-breakpoint
-- What a client is counted under: each distinct one-, two- and three-character string of its
-- search_text (but those with a space: a search word never holds one), each at its first
-- occurrence, and its e-mail domain. One SELECT, so the planner inlines it into the caller's query.
CREATE OR REPLACE FUNCTION client_search_terms(search_text text, email_domain text) RETURNS TABLE (kind text, term text)
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT CASE WHEN u.n = 4 THEN 'd' ELSE 'g' END, u.g
    FROM generate_series(1, length(search_text)) AS i,
      unnest(ARRAY[substr(search_text, i, 1), substr(search_text, i, 2), substr(search_text, i, 3), CASE WHEN i = 1 THEN email_domain END])
        WITH ORDINALITY AS u(g, n)
    WHERE CASE WHEN u.n = 4 THEN u.g IS NOT NULL
      ELSE length(u.g) = u.n AND strpos(u.g, ' ') = 0 AND strpos(search_text, u.g) = i END
  $$;
--> statement-breakpoint
-- Moves client_search_counts by the deltas the cursor yields (agency_id, kind, term, active,
-- inactive, blocked), which must come in key order: two statements then cannot deadlock on these
-- rows. "x = x + d" on the latest row version, as client_totals; a missing row is made first,
-- except for an agency being deleted (its clients go in the same cascade).
CREATE OR REPLACE FUNCTION client_search_counts_move(deltas refcursor) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  d record;
BEGIN
  LOOP
    FETCH deltas INTO d;
    EXIT WHEN NOT FOUND;
    FOR attempt IN 1..2 LOOP
      UPDATE client_search_counts t SET active = t.active + d.active, inactive = t.inactive + d.inactive, blocked = t.blocked + d.blocked
      WHERE t.agency_id = d.agency_id AND t.kind = d.kind AND t.term = d.term;
      EXIT WHEN FOUND OR attempt = 2 OR NOT EXISTS (SELECT 1 FROM agencies a WHERE a.id = d.agency_id);
      INSERT INTO client_search_counts (agency_id, kind, term) VALUES (d.agency_id, d.kind, d.term) ON CONFLICT DO NOTHING;
    END LOOP;
  END LOOP;
  CLOSE deltas;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_search_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
BEGIN
  INSERT INTO client_search_entries (client_id, agency_id, status, deleted_at, search_own, email_domain)
    SELECT r.id, r.agency_id, r.status, r.deleted_at, client_search_own_of(r.name, r.email, r.document), r.email_domain FROM new_rows r;
  OPEN deltas FOR
    SELECT r.agency_id, t.kind, t.term, count(*) FILTER (WHERE r.status = 'active') AS active,
      count(*) FILTER (WHERE r.status = 'inactive') AS inactive, count(*) FILTER (WHERE r.status = 'blocked') AS blocked
    FROM new_rows r CROSS JOIN LATERAL client_search_terms(r.search_text, r.email_domain) t
    WHERE r.deleted_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  PERFORM client_search_counts_move(deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row by row, and only when a searched column changes (the trigger's WHEN): the emissions' updates
-- of a client's figures never call it.
CREATE OR REPLACE FUNCTION client_search_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
BEGIN
  UPDATE client_search_entries SET
    status = NEW.status,
    deleted_at = NEW.deleted_at,
    search_own = client_search_own_of(NEW.name, NEW.email, NEW.document),
    email_domain = NEW.email_domain
  WHERE client_id = NEW.id;
  OPEN deltas FOR
    SELECT x.agency_id, x.kind, x.term, coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0) AS active,
      coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0) AS inactive, coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0) AS blocked
    FROM (
      SELECT NEW.agency_id, 1 AS s, NEW.status, t.kind, t.term FROM client_search_terms(NEW.search_text, NEW.email_domain) t WHERE NEW.deleted_at IS NULL
      UNION ALL
      SELECT OLD.agency_id, -1, OLD.status, t.kind, t.term FROM client_search_terms(OLD.search_text, OLD.email_domain) t WHERE OLD.deleted_at IS NULL
    ) x
    GROUP BY 1, 2, 3
    HAVING (coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0), coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0),
      coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0)) IS DISTINCT FROM (0, 0, 0)
    ORDER BY 1, 2, 3;
  PERFORM client_search_counts_move(deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_search_delete() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
BEGIN
  -- The entries go with their clients (foreign key ON DELETE CASCADE).
  OPEN deltas FOR
    SELECT r.agency_id, t.kind, t.term, -count(*) FILTER (WHERE r.status = 'active') AS active,
      -count(*) FILTER (WHERE r.status = 'inactive') AS inactive, -count(*) FILTER (WHERE r.status = 'blocked') AS blocked
    FROM old_rows r CROSS JOIN LATERAL client_search_terms(r.search_text, r.email_domain) t
    WHERE r.deleted_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  PERFORM client_search_counts_move(deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named to fire after clients_totals_* (triggers of one event fire in name order), so a writer of
-- clients always takes its client_totals rows before these.
CREATE TRIGGER clients_words_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_search_insert();
--> statement-breakpoint
CREATE TRIGGER clients_words_update AFTER UPDATE ON clients
  FOR EACH ROW
  WHEN ((OLD.name, OLD.email, OLD.document, OLD.status, OLD.deleted_at) IS DISTINCT FROM (NEW.name, NEW.email, NEW.document, NEW.status, NEW.deleted_at))
  EXECUTE FUNCTION client_search_update();
--> statement-breakpoint
CREATE TRIGGER clients_words_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_search_delete();
--> statement-breakpoint
INSERT INTO client_search_entries (client_id, agency_id, status, deleted_at, search_own, email_domain)
  SELECT id, agency_id, status, deleted_at, client_search_own_of(name, email, document), email_domain FROM clients;
--> statement-breakpoint
INSERT INTO client_search_counts (agency_id, kind, term, active, inactive, blocked)
  SELECT c.agency_id, t.kind, t.term, count(*) FILTER (WHERE c.status = 'active'), count(*) FILTER (WHERE c.status = 'inactive'),
    count(*) FILTER (WHERE c.status = 'blocked')
  FROM clients c CROSS JOIN LATERAL client_search_terms(c.search_text, c.email_domain) t
  WHERE c.deleted_at IS NULL
  GROUP BY 1, 2, 3;
--> statement-breakpoint
-- New entries wait in the index's pending list, which every search scans until it is merged: by
-- autovacuum, or by the insert that takes it past its limit (PGlite has no autovacuum). Measured
-- with 1 MB pending, a search cost no more; written item by item (fastupdate = off), 5,000 inserted
-- clients took 6.2 s instead of 3.2 s. So the default behaviour, with a pending list of at most 1 MB.
CREATE INDEX client_search_entries_own_trgm_idx ON client_search_entries USING gin (search_own gin_trgm_ops) WITH (gin_pending_list_limit = 1024);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON client_search_entries, client_search_counts TO milheiro_app;
--> statement-breakpoint
ALTER TABLE client_search_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON client_search_entries USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
ALTER TABLE client_search_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON client_search_counts USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
-- As client_search (migration 0005): read as the view's owner, so LIKE can use the trigram index.
CREATE VIEW client_search_matches AS
  SELECT client_id, agency_id, status, deleted_at, search_own, email_domain
  FROM client_search_entries
  WHERE agency_id = app_current_agency();
--> statement-breakpoint
GRANT SELECT ON client_search_matches TO milheiro_app;
--> statement-breakpoint
CREATE OR REPLACE VIEW client_search AS
  SELECT id, agency_id, name, email, document, status, sort_name, emissions_count, total_spent_cents, search_text, deleted_at, email_domain
  FROM clients
  WHERE agency_id = app_current_agency();
--> statement-breakpoint
-- A page of a search too broad to gather, read along its order's index (which carries search_text
-- and status, above) testing each entry there, from `skip` on. Costing index pages as if read from
-- disk, the planner often prefers to read every client and sort the matches, several times slower
-- here (everything is in memory); within this function it may not.
CREATE OR REPLACE FUNCTION client_list_walk(agency uuid, status_filter text, patterns text[], sort text, descending boolean, skip integer, take integer)
  RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE
  SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off
  AS $$
DECLARE
  dir text := CASE WHEN descending THEN ' DESC' ELSE ' ASC' END;
  keys text[] := CASE sort WHEN 'status' THEN '{status}'::text[] WHEN 'emissions' THEN '{emissions_count}' WHEN 'total_spent' THEN '{total_spent_cents}' ELSE '{}' END
    || '{sort_name,id}'::text[];
BEGIN
  -- One LIKE per pattern, written into the statement: cheaper per entry than LIKE ALL (array).
  RETURN QUERY EXECUTE format(
    'SELECT id FROM client_search WHERE agency_id = $1 AND deleted_at IS NULL%s%s ORDER BY %s LIMIT $2 OFFSET $3',
    CASE WHEN status_filter IS NULL THEN '' ELSE format(' AND status = %L', status_filter) END,
    (SELECT string_agg(format(' AND search_text LIKE %L', p), '') FROM unnest(patterns) AS p),
    array_to_string(ARRAY(SELECT k || dir FROM unnest(keys) AS k), ', '))
    USING agency, take, skip;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION client_list_walk(uuid, text, text[], text, boolean, integer, integer) TO milheiro_app;
