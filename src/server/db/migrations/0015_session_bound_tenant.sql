-- A request's agency is bound to the session token the request holds (DESIGN.md §4 on #11 item 8,
-- docs/decisions/0012-least-privilege-login.md). Until now the policies trusted app.agency_id, a
-- setting any SQL in the transaction could change with set_config; a login role that may only be
-- the tenant role could still name another agency that way.
--
-- Sign-in attempts: the per-account limit counts by user (whatever identifier was typed), and an
-- attempt is recorded as pending before the password is checked, so parallel guesses are counted
-- as they start. Old attempts carry no weight (they fall out of a 15-minute window).
DELETE FROM "login_attempts";--> statement-breakpoint
DROP INDEX "login_attempts_identifier_idx";--> statement-breakpoint
ALTER TABLE "login_attempts" ALTER COLUMN "succeeded" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "account_key" text NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_account_idx" ON "login_attempts" USING btree ("account_key","created_at");--> statement-breakpoint
-- The request's agency: the live session whose token hash matches app.session_token (the request's
-- own cookie, set by app_enter_session's caller). Only a connection logged in with the owner's
-- privileges (migrations, seeding, benchmarks, later the job worker) may name an agency directly
-- in app.agency_id; for any other login — the least-privilege role production requests use — a
-- forged app.agency_id names nothing. Policies call it as (SELECT app_current_agency()), an
-- init plan evaluated once per statement rather than once per row. It runs on every statement, so
-- it names its table with its schema instead of a SET search_path clause (which costs ~25 µs a
-- call); functions and operators resolve in pg_catalog first and never in pg_temp.
CREATE OR REPLACE FUNCTION app_current_agency() RETURNS uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  AS $$
DECLARE
  token text := current_setting('app.session_token', true);
  agency uuid;
BEGIN
  IF token IS NOT NULL AND token <> '' THEN
    SELECT s.agency_id INTO agency FROM public.sessions s
    WHERE s.id = encode(sha256(convert_to(token, 'UTF8')), 'hex') AND s.expires_at > now();
    RETURN agency;
  END IF;
  IF pg_has_role(session_user, current_user, 'USAGE') THEN
    RETURN nullif(current_setting('app.agency_id', true), '')::uuid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  p record;
  key text;
BEGIN
  FOR p IN SELECT tablename FROM pg_policies WHERE schemaname = 'public' AND policyname = 'agency_isolation' ORDER BY tablename LOOP
    key := CASE WHEN p.tablename = 'agencies' THEN 'id' ELSE 'agency_id' END;
    EXECUTE format('ALTER POLICY agency_isolation ON %I USING (%I = (SELECT app_current_agency())) WITH CHECK (%I = (SELECT app_current_agency()))',
      p.tablename, key, key);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE VIEW client_search AS
  SELECT id, agency_id, name, email, document, status, sort_name, emissions_count, total_spent_cents, search_text, deleted_at, email_domain
  FROM clients
  WHERE agency_id = (SELECT app_current_agency());
--> statement-breakpoint
CREATE OR REPLACE VIEW client_search_matches AS
  SELECT client_id, agency_id, status, deleted_at, search_own, email_domain
  FROM client_search_entries
  WHERE agency_id = (SELECT app_current_agency());
--> statement-breakpoint
CREATE OR REPLACE VIEW lot_search AS
  SELECT id, agency_id, account_id, program, status, original_quantity, remaining_quantity, cost_per_thousand,
    total_cost_cents, expiry_date, deleted_at
  FROM mile_lots
  WHERE agency_id = (SELECT app_current_agency());
--> statement-breakpoint
CREATE OR REPLACE VIEW lot_search_matches AS
  SELECT lot_id, agency_id, program, status, remaining_quantity, cost_per_thousand, expiry_date, deleted_at, search_text
  FROM lot_search_entries
  WHERE agency_id = (SELECT app_current_agency());
--> statement-breakpoint
-- Pre-tenant work runs through these owner-run functions with narrow signatures: under a login
-- role that is only the tenant role, the tables behind them show nothing before a session exists.
--
-- The live session of a cookie token, with its user and active agency; the caller enters the
-- tenant role and sets app.session_token in the same statement.
CREATE OR REPLACE FUNCTION app_enter_session(token text)
  RETURNS TABLE (session_id text, user_id uuid, agency_id uuid, expires_at timestamptz, last_seen_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
  SELECT s.id::text, s.user_id, s.agency_id, s.expires_at, s.last_seen_at
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  JOIN agencies a ON a.id = s.agency_id
  WHERE s.id = encode(sha256(convert_to(token, 'UTF8')), 'hex') AND s.expires_at > now() AND a.is_active
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_needs_setup() RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$ SELECT NOT EXISTS (SELECT 1 FROM users) $$;
--> statement-breakpoint
-- A session for a user, ending their oldest beyond max_sessions (by last use). Only callable from
-- the functions below, which prove the password first or create the user.
CREATE OR REPLACE FUNCTION app_open_session(uid uuid, aid uuid, token_hash text, expires timestamptz, agent text, address text, max_sessions integer)
  RETURNS void
  LANGUAGE sql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
  INSERT INTO sessions (id, user_id, agency_id, expires_at, user_agent, ip) VALUES (token_hash, uid, aid, expires, left(agent, 400), address);
  DELETE FROM sessions WHERE id IN (
    SELECT id FROM sessions WHERE user_id = uid ORDER BY last_seen_at DESC, created_at DESC OFFSET max_sessions
  );
$$;
--> statement-breakpoint
-- First-run sign-up: the agency, its first user and a session, only while there is no user at all.
-- Returns nothing when sign-up is closed.
CREATE OR REPLACE FUNCTION app_sign_up(agency jsonb, account jsonb, token_hash text, expires timestamptz, agent text, address text, max_sessions integer)
  RETURNS TABLE (user_id uuid, agency_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  aid uuid;
  uid uuid;
BEGIN
  -- Serialises racing first sign-ups: only one can see an empty users table.
  LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE;
  IF EXISTS (SELECT 1 FROM users) THEN
    RETURN;
  END IF;
  INSERT INTO agencies (legal_name, trade_name, cnpj, settings)
  VALUES (agency->>'legal_name', agency->>'trade_name', agency->>'cnpj', agency->'settings')
  RETURNING id INTO aid;
  INSERT INTO users (agency_id, name, email, phone, password_hash, notification_prefs)
  VALUES (aid, account->>'name', account->>'email', account->>'phone', account->>'password_hash', account->'notification_prefs')
  RETURNING id INTO uid;
  PERFORM app_open_session(uid, aid, token_hash, expires, agent, address, max_sessions);
  RETURN QUERY SELECT uid, aid;
END $$;
--> statement-breakpoint
-- Starts a sign-in: under per-key advisory locks (so parallel tries are counted one after another)
-- counts the failures and pending tries of the account and of the address in the window — for the
-- account, only since its last success — and, below both limits, records this try as pending.
-- Answers the attempt and the password's scrypt parameters and salt (a decoy for an unknown
-- account, so both take as long), or how long to wait.
CREATE OR REPLACE FUNCTION app_sign_in_begin(kind text, identifier text, address text, max_account integer, max_address integer, window_minutes integer)
  RETURNS TABLE (attempt_id bigint, password_params text, retry_after_seconds integer)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  uid uuid;
  stored text;
  akey text;
  since timestamptz := now() - make_interval(mins => window_minutes);
  account_since timestamptz;
  account_failures integer;
  account_latest timestamptz;
  address_failures integer;
  address_latest timestamptz;
  until timestamptz;
  new_id bigint;
BEGIN
  IF identifier <> '' THEN
    IF kind = 'email' THEN
      SELECT u.id, u.password_hash INTO uid, stored FROM users u WHERE lower(u.email) = identifier LIMIT 1;
    ELSE
      SELECT u.id, u.password_hash INTO uid, stored FROM users u WHERE u.phone = identifier LIMIT 1;
    END IF;
  END IF;
  akey := CASE WHEN uid IS NULL THEN 'id:' || identifier ELSE 'user:' || uid END;
  PERFORM pg_advisory_xact_lock(hashtextextended('milheiro.sign_in.' || akey, 0));
  PERFORM pg_advisory_xact_lock(hashtextextended('milheiro.sign_in_ip.' || address, 0));
  SELECT greatest(since, coalesce(max(a.created_at), since)) INTO account_since
  FROM login_attempts a WHERE a.account_key = akey AND a.succeeded AND a.created_at > since;
  SELECT count(*), max(a.created_at) INTO account_failures, account_latest
  FROM login_attempts a WHERE a.account_key = akey AND a.succeeded IS NOT TRUE AND a.created_at > account_since;
  SELECT count(*), max(a.created_at) INTO address_failures, address_latest
  FROM login_attempts a WHERE a.ip = address AND a.succeeded IS NOT TRUE AND a.created_at > since;
  IF account_failures >= max_account THEN
    until := account_latest;
  END IF;
  IF address_failures >= max_address THEN
    until := greatest(until, address_latest);
  END IF;
  IF until IS NOT NULL THEN
    RETURN QUERY SELECT NULL::bigint, NULL::text,
      greatest(1, ceil(extract(epoch FROM until + make_interval(mins => window_minutes) - clock_timestamp())))::integer;
    RETURN;
  END IF;
  INSERT INTO login_attempts (identifier, account_key, ip, succeeded) VALUES (identifier, akey, address, NULL)
  RETURNING id INTO new_id;
  RETURN QUERY SELECT new_id,
    CASE WHEN stored IS NULL THEN NULL ELSE array_to_string((string_to_array(stored, '$'))[1:5], '$') END,
    0;
END $$;
--> statement-breakpoint
-- Ends a sign-in started by app_sign_in_begin, once: the key the caller derived from the typed
-- password must equal the stored one (so the function proves the password without the database
-- computing scrypt); then, if the agency is active, opens the session. Returns nothing when the
-- sign-in fails.
CREATE OR REPLACE FUNCTION app_sign_in_finish(attempt bigint, derived_key text, token_hash text, expires timestamptz, agent text, max_sessions integer)
  RETURNS TABLE (user_id uuid, agency_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  a login_attempts%ROWTYPE;
  u users%ROWTYPE;
  ok boolean := false;
BEGIN
  SELECT * INTO a FROM login_attempts WHERE id = attempt AND succeeded IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF a.account_key LIKE 'user:%' THEN
    SELECT * INTO u FROM users WHERE id = substr(a.account_key, 6)::uuid;
    ok := FOUND AND derived_key IS NOT NULL AND split_part(u.password_hash, '$', 6) = derived_key
      AND EXISTS (SELECT 1 FROM agencies g WHERE g.id = u.agency_id AND g.is_active);
  END IF;
  UPDATE login_attempts SET succeeded = ok WHERE id = attempt;
  IF NOT ok THEN
    RETURN;
  END IF;
  PERFORM app_open_session(u.id, u.agency_id, token_hash, expires, agent, a.ip, max_sessions);
  RETURN QUERY SELECT u.id, u.agency_id;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_sign_out(token text) RETURNS void
  LANGUAGE sql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$ DELETE FROM sessions WHERE id = encode(sha256(convert_to(token, 'UTF8')), 'hex') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_prune_auth() RETURNS void
  LANGUAGE sql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
  DELETE FROM sessions WHERE expires_at < now();
  DELETE FROM login_attempts WHERE created_at < now() - interval '1 day';
$$;
--> statement-breakpoint
-- Functions are executable by PUBLIC by default: these only by the tenant role (and the owner).
REVOKE EXECUTE ON FUNCTION app_current_agency(), app_enter_session(text), app_needs_setup(),
  app_open_session(uuid, uuid, text, timestamptz, text, text, integer),
  app_sign_up(jsonb, jsonb, text, timestamptz, text, text, integer),
  app_sign_in_begin(text, text, text, integer, integer, integer),
  app_sign_in_finish(bigint, text, text, timestamptz, text, integer),
  app_sign_out(text), app_prune_auth() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_current_agency(), app_enter_session(text), app_needs_setup(),
  app_sign_up(jsonb, jsonb, text, timestamptz, text, text, integer),
  app_sign_in_begin(text, text, text, integer, integer, integer),
  app_sign_in_finish(bigint, text, text, timestamptz, text, integer),
  app_sign_out(text), app_prune_auth() TO milheiro_app;
