/**
 * After 5 wrong passwords for one account (by user, however the identifier was typed), or 20 from
 * one address, within 15 minutes: wait. Counted and checked atomically by app_sign_in_begin
 * (migration session_bound_tenant), a try counting from the moment it starts.
 */
export const THROTTLE = {
  windowMinutes: 15,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;
