/** The team's query keys (/config → Equipe): invalidating `teamKeys.all` refreshes users and invitations. */
export const teamKeys = {
  all: ['team'] as const,
  users: () => [...teamKeys.all, 'users'] as const,
  invitations: () => [...teamKeys.all, 'invitations'] as const,
  /** The accept page's invitation, by its link's token. */
  invitation: (token: string) => ['invitation', token] as const,
};
