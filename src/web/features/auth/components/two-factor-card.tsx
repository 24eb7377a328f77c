/** Segurança (#20): two-factor sign-in — being built. */
export function TwoFactorCard() {
  return null;
}
