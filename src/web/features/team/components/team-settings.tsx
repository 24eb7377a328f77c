/** Equipe (#20): users, invitations, roles — being built. */
export function TeamSettings() {
  return null;
}
