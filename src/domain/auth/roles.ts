/**
 * The roles of an agency's staff (docs/decisions/0026-team-and-roles.md): `admin` does everything;
 * `operador` does the day-to-day work (clients, lots, emissions, postings, imports, quotes,
 * reports) but not the agency's data, its financial settings, its users, webhooks, rules, e-mail
 * outbox or audit log. The server decides; the web only mirrors it.
 */
export const USER_ROLES = ['admin', 'operador'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ROLE_LABELS: Record<UserRole, string> = { admin: 'Administrador', operador: 'Operador' };

/** What a route needs: any signed-in member of the agency, or an admin. */
export type RouteAccess = 'member' | 'admin';

export const canAccess = (role: UserRole, access: RouteAccess) => access === 'member' || role === 'admin';

export const isAdmin = (role: UserRole | null | undefined) => role === 'admin';

/** The 403 of a route the role may not use (spec part 1 §8 tone). */
export const FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação. Peça a um administrador.';

/** What the web says beside what only an admin may change (the agency form, the financial settings). */
export const ADMIN_ONLY_NOTE = 'Somente administradores podem alterar.';

/** The 403 while the agency requires a second factor the user has not enrolled. */
export const MFA_SETUP_REQUIRED_MESSAGE =
  'A agência exige verificação em duas etapas: ative-a em Configurações → Segurança para continuar.';
