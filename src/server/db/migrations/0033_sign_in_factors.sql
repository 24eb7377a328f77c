-- 0033_sign_in_factors (#20): the second factor at sign-in and password recovery, through owner-run
-- functions (docs/decisions/0026-team-and-roles.md). The TOTP arithmetic happens in Node; these
-- decide atomically: a step is accepted once, a recovery code once, a reset link once.
--
-- An attempt counted in login_attempts under a key, with the limits of app_sign_in_begin (0015):
-- `max_account` failures of the key since its last success, or `max_address` from the address,
-- within the window, lock further attempts until the window has passed since the last failure.
-- Answers the pending attempt, or how long to wait.
CREATE FUNCTION app_attempt_open(akey text, identifier text, address text, max_account integer, max_address integer, window_minutes integer)
  RETURNS TABLE (attempt_id bigint, retry_after_seconds integer)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  since timestamptz := now() - make_interval(mins => window_minutes);
  account_since timestamptz;
  account_failures integer;
  account_latest timestamptz;
  address_failures integer;
  address_latest timestamptz;
  until timestamptz;
  new_id bigint;
BEGIN
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
    RETURN QUERY SELECT NULL::bigint,
      greatest(1, ceil(extract(epoch FROM until + make_interval(mins => window_minutes) - clock_timestamp())))::integer;
    RETURN;
  END IF;
  INSERT INTO login_attempts (identifier, account_key, ip, succeeded) VALUES (identifier, akey, address, NULL)
  RETURNING id INTO new_id;
  RETURN QUERY SELECT new_id, 0;
END $$;
--> statement-breakpoint
-- The password step of a sign-in (0015) now refuses a deactivated user, and for a user with a second
-- factor opens a session still pending it: short-lived (`pending_expires`), entering nothing until
-- app_mfa_finish completes it. Only a complete sign-in records last_sign_in_at.
DROP FUNCTION app_sign_in_finish(bigint, text, text, timestamptz, text, integer);--> statement-breakpoint
CREATE FUNCTION app_sign_in_finish(attempt bigint, derived_key text, token_hash text, expires timestamptz,
    pending_expires timestamptz, agent text, max_sessions integer)
  RETURNS TABLE (user_id uuid, agency_id uuid, mfa_pending boolean)
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
      AND u.deactivated_at IS NULL
      AND EXISTS (SELECT 1 FROM agencies g WHERE g.id = u.agency_id AND g.is_active);
  END IF;
  UPDATE login_attempts SET succeeded = ok WHERE id = attempt;
  IF NOT ok THEN
    RETURN;
  END IF;
  IF u.totp_enabled_at IS NOT NULL THEN
    -- Not counted against the user's sessions until complete: a password alone ends none of them.
    INSERT INTO sessions (id, user_id, agency_id, expires_at, user_agent, ip, mfa_pending)
    VALUES (token_hash, u.id, u.agency_id, pending_expires, left(agent, 400), a.ip, true);
    RETURN QUERY SELECT u.id, u.agency_id, true;
    RETURN;
  END IF;
  PERFORM app_open_session(u.id, u.agency_id, token_hash, expires, agent, a.ip, max_sessions);
  UPDATE users SET last_sign_in_at = now() WHERE id = u.id;
  RETURN QUERY SELECT u.id, u.agency_id, false;
END $$;
--> statement-breakpoint
-- Starts the second step of a sign-in: the live pending session of the cookie's token, an attempt
-- counted under 'mfa:user:<id>' like a password's, and what Node needs to check a code (the
-- secret and the last step accepted). No row: no such pending session (expired, completed, or its
-- user deactivated since).
CREATE FUNCTION app_mfa_begin(token text, address text, max_account integer, max_address integer, window_minutes integer)
  RETURNS TABLE (attempt_id bigint, retry_after_seconds integer, totp_secret text, totp_last_step bigint)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  u users%ROWTYPE;
  opened record;
BEGIN
  SELECT us.* INTO u FROM sessions s
  JOIN users us ON us.id = s.user_id
  JOIN agencies g ON g.id = s.agency_id
  WHERE s.id = encode(sha256(convert_to(token, 'UTF8')), 'hex') AND s.expires_at > now() AND s.mfa_pending
    AND us.deactivated_at IS NULL AND us.totp_enabled_at IS NOT NULL AND g.is_active;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT * INTO opened FROM app_attempt_open('mfa:user:' || u.id, coalesce(u.email, u.phone, ''), address,
    max_account, max_address, window_minutes);
  IF opened.attempt_id IS NULL THEN
    RETURN QUERY SELECT NULL::bigint, opened.retry_after_seconds, NULL::text, NULL::bigint;
    RETURN;
  END IF;
  RETURN QUERY SELECT opened.attempt_id, 0, u.totp_secret, u.totp_last_step;
END $$;
--> statement-breakpoint
-- Ends the second step, once: a TOTP step later than the last accepted one (a code is never
-- accepted twice, nor an older one after a newer), or a recovery code's hash still unused (then
-- spent). Then the session is complete: no longer pending, its normal expiry, the user's sessions
-- beyond max_sessions ended. No row when the code is refused (the attempt counts as a failure).
CREATE FUNCTION app_mfa_finish(attempt bigint, token text, matched_step bigint, recovery_hash text,
    new_expires timestamptz, max_sessions integer)
  RETURNS TABLE (user_id uuid, agency_id uuid, recovery_codes_left integer)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  a login_attempts%ROWTYPE;
  s sessions%ROWTYPE;
  u users%ROWTYPE;
  ok boolean := false;
BEGIN
  SELECT * INTO a FROM login_attempts WHERE id = attempt AND succeeded IS NULL AND account_key LIKE 'mfa:user:%' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT * INTO s FROM sessions
  WHERE id = encode(sha256(convert_to(token, 'UTF8')), 'hex') AND expires_at > now() AND sessions.mfa_pending
    AND sessions.user_id = substr(a.account_key, 10)::uuid
  FOR UPDATE;
  IF FOUND THEN
    SELECT * INTO u FROM users WHERE id = s.user_id AND deactivated_at IS NULL AND totp_enabled_at IS NOT NULL FOR UPDATE;
    IF FOUND THEN
      IF matched_step IS NOT NULL AND matched_step > coalesce(u.totp_last_step, -1) THEN
        UPDATE users SET totp_last_step = matched_step WHERE id = u.id;
        ok := true;
      ELSIF recovery_hash IS NOT NULL AND recovery_hash = ANY (u.recovery_code_hashes) THEN
        UPDATE users SET recovery_code_hashes = array_remove(recovery_code_hashes, recovery_hash) WHERE id = u.id;
        ok := true;
      END IF;
    END IF;
  END IF;
  UPDATE login_attempts SET succeeded = ok WHERE id = attempt;
  IF NOT ok THEN
    RETURN;
  END IF;
  UPDATE sessions SET mfa_pending = false, expires_at = new_expires, last_seen_at = now() WHERE id = s.id;
  UPDATE users SET last_sign_in_at = now() WHERE id = u.id;
  DELETE FROM sessions WHERE id IN (
    SELECT x.id FROM sessions x WHERE x.user_id = u.id AND NOT x.mfa_pending
    ORDER BY x.last_seen_at DESC, x.created_at DESC OFFSET max_sessions
  );
  RETURN QUERY SELECT u.id, u.agency_id,
    (SELECT cardinality(recovery_code_hashes) FROM users WHERE id = u.id);
END $$;
--> statement-breakpoint
-- "Esqueci minha senha": counted per address under 'reset:<address>' (as successes, so they weigh
-- nothing on the sign-in limits); past `max_address` in the window, how long to wait. For an
-- active user with an e-mail, a new link (the SHA-256 of its token; the user's unused links die)
-- valid until `expires`, and its e-mail in the outbox. The same answer, 0, whether or not the
-- account exists.
CREATE FUNCTION app_password_forgot(kind text, identifier text, address text, token text, expires timestamptz,
    max_address integer, window_minutes integer)
  RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  akey text := 'reset:' || address;
  since timestamptz := now() - make_interval(mins => window_minutes);
  tries integer;
  latest timestamptz;
  u users%ROWTYPE;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('milheiro.reset_ip.' || address, 0));
  SELECT count(*), max(a.created_at) INTO tries, latest FROM login_attempts a
  WHERE a.account_key = akey AND a.created_at > since;
  IF tries >= max_address THEN
    RETURN greatest(1, ceil(extract(epoch FROM latest + make_interval(mins => window_minutes) - clock_timestamp())))::integer;
  END IF;
  INSERT INTO login_attempts (identifier, account_key, ip, succeeded) VALUES (left(identifier, 200), akey, address, true);
  IF identifier <> '' THEN
    IF kind = 'email' THEN
      SELECT * INTO u FROM users WHERE lower(email) = identifier LIMIT 1;
    ELSE
      SELECT * INTO u FROM users WHERE phone = identifier LIMIT 1;
    END IF;
  END IF;
  IF u.id IS NULL OR u.deactivated_at IS NOT NULL OR u.email IS NULL
    OR NOT EXISTS (SELECT 1 FROM agencies g WHERE g.id = u.agency_id AND g.is_active) THEN
    RETURN 0;
  END IF;
  DELETE FROM password_resets WHERE user_id = u.id AND used_at IS NULL;
  INSERT INTO password_resets (token_hash, user_id, expires_at)
  VALUES (encode(sha256(convert_to(token, 'UTF8')), 'hex'), u.id, expires);
  INSERT INTO email_outbox (agency_id, user_id, to_address, template, data)
  VALUES (u.agency_id, u.id, u.email, 'password_reset', jsonb_build_object(
    'user_name', u.name,
    'link', '/redefinir-senha/' || token,
    'valid_minutes', ceil(extract(epoch FROM expires - now()) / 60)::integer));
  PERFORM pg_notify('milheiro_outbox', 'email');
  RETURN 0;
END $$;
--> statement-breakpoint
-- What a reset link is: 'valid', 'used', 'expired' or 'unknown' (also for a deactivated user's).
CREATE FUNCTION app_password_reset_state(token text)
  RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
  SELECT coalesce((
    SELECT CASE WHEN r.used_at IS NOT NULL THEN 'used' WHEN r.expires_at <= now() THEN 'expired' ELSE 'valid' END
    FROM password_resets r JOIN users u ON u.id = r.user_id
    WHERE r.token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex') AND u.deactivated_at IS NULL
  ), 'unknown')
$$;
--> statement-breakpoint
-- Uses a reset link, once: the new password (hashed by the caller), the link spent with the user's
-- other unused ones, and every session of the user ended. Answers the link's state before: only
-- 'valid' changed anything.
CREATE FUNCTION app_password_reset(token text, new_password_hash text)
  RETURNS text
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  r password_resets%ROWTYPE;
  state text;
BEGIN
  SELECT * INTO r FROM password_resets WHERE token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex') FOR UPDATE;
  state := app_password_reset_state(token);
  IF state <> 'valid' THEN
    RETURN state;
  END IF;
  UPDATE password_resets SET used_at = now() WHERE token_hash = r.token_hash;
  DELETE FROM password_resets WHERE user_id = r.user_id AND used_at IS NULL;
  UPDATE users SET password_hash = new_password_hash, password_changed_at = now(), updated_at = now() WHERE id = r.user_id;
  DELETE FROM sessions WHERE user_id = r.user_id;
  RETURN 'valid';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_prune_auth() RETURNS void
  LANGUAGE sql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
  DELETE FROM sessions WHERE expires_at < now();
  DELETE FROM login_attempts WHERE created_at < now() - interval '1 day';
  DELETE FROM password_resets WHERE expires_at < now() - interval '1 day';
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_attempt_open(text, text, text, integer, integer, integer),
  app_sign_in_finish(bigint, text, text, timestamptz, timestamptz, text, integer),
  app_mfa_begin(text, text, integer, integer, integer),
  app_mfa_finish(bigint, text, bigint, text, timestamptz, integer),
  app_password_forgot(text, text, text, text, timestamptz, integer, integer),
  app_password_reset_state(text), app_password_reset(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_sign_in_finish(bigint, text, text, timestamptz, timestamptz, text, integer),
  app_mfa_begin(text, text, integer, integer, integer),
  app_mfa_finish(bigint, text, bigint, text, timestamptz, integer),
  app_password_forgot(text, text, text, text, timestamptz, integer, integer),
  app_password_reset_state(text), app_password_reset(text, text) TO milheiro_app;
