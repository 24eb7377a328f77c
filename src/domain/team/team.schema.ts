import { passwordSchema, personNameSchema, EMAIL_MAX_LENGTH } from '../auth/auth.schema';
import { ROLE_LABELS, USER_ROLES, type UserRole } from '../auth/roles';
import { optionalPhoneSchema } from '../documents.schema';
import { idSchema, timestampSchema } from '../response.schema';
import { textSchema } from '../text.schema';
import { z } from '../zod';

// The agency's team (issue #20, docs/decisions/0026-team-and-roles.md): its users, their roles,
// and the invitations that bring new ones in (a single-use link valid 72 h).

/** How long an invitation's link stays valid. */
export const INVITATION_TTL_HOURS = 72;

/** An invitation as the admin sees it: derived from when it was accepted, revoked or expires. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Pendente',
  accepted: 'Aceito',
  expired: 'Expirado',
  revoked: 'Revogado',
};

export const USER_STATUSES = ['active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: 'Ativo', deactivated: 'Desativado' };

/** The web app's path of an invitation's link (the accept page). */
export const INVITATION_PATH = '/convite';

export const TEAM_MESSAGES = {
  roleRequired: 'Informe o papel',
  roleInvalid: 'Papel inválido: use admin ou operador',
  emailRequired: 'Informe o e-mail',
  emailInvalid: 'E-mail inválido',
  emailTooLong: `O e-mail deve ter no máximo ${EMAIL_MAX_LENGTH} caracteres`,
  userNotFound: 'Usuário não encontrado.',
  invitationNotFound: 'Convite não encontrado.',
  alreadyMember: 'Este e-mail já pertence a um usuário da equipe.',
  alreadyRegistered: 'Este e-mail já está cadastrado no Milheiro.',
  alreadyInvited: 'Já existe um convite pendente para este e-mail. Reenvie-o ou revogue-o.',
  lastAdmin:
    'A agência precisa de pelo menos um administrador ativo. Promova outro usuário a administrador antes de fazer esta alteração.',
  invitationNotPending: 'Só é possível reenviar ou revogar um convite pendente ou expirado.',
  invitationRevokeNotPending: 'Só é possível revogar um convite pendente.',
  linkUnknown: 'Link de convite inválido. Confira o endereço ou peça um novo convite ao administrador.',
  linkExpired: 'Este convite expirou. Peça ao administrador da agência que o reenvie.',
  linkRevoked: 'Este convite foi revogado pelo administrador da agência.',
  linkUsed: 'Este convite já foi aceito. Entre com seu e-mail e senha.',
  phoneTaken: 'Este telefone já está cadastrado no Milheiro.',
  undoOthersImport: 'Somente administradores podem desfazer a importação de outro usuário.',
} as const;

/** A role in a body: anything but admin or operador is a 400 with a Portuguese message. */
export const roleSchema = z.enum(USER_ROLES, {
  error: (issue) => (issue.input === undefined ? TEAM_MESSAGES.roleRequired : TEAM_MESSAGES.roleInvalid),
});

const emailFormat = z.email();

/** A required e-mail, stored lower-case. */
export const inviteEmailSchema = textSchema({
  required: TEAM_MESSAGES.emailRequired,
  invalid: TEAM_MESSAGES.emailInvalid,
})
  .trim()
  .toLowerCase()
  .min(1, TEAM_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, { error: TEAM_MESSAGES.emailTooLong, abort: true })
  .refine((v) => emailFormat.safeParse(v).success, TEAM_MESSAGES.emailInvalid);

/** "Convidar": who, and with which role. */
export const invitationInputSchema = z.object({ email: inviteEmailSchema, role: roleSchema });
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** A user's new role. */
export const roleChangeSchema = z.object({ role: roleSchema });
export type RoleChange = z.infer<typeof roleChangeSchema>;

/** The accept page's form (spec part 1 §5 password rule). */
export const acceptInvitationSchema = z.object({
  name: personNameSchema,
  phone: optionalPhoneSchema,
  password: passwordSchema,
});
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const teamUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  last_sign_in_at: timestampSchema.nullable(),
  deactivated_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  /** The signed-in user's own row. */
  me: z.boolean(),
});
export type TeamUser = z.infer<typeof teamUserSchema>;

export const teamUserListSchema = z.object({ data: z.array(teamUserSchema) });
export type TeamUserList = z.infer<typeof teamUserListSchema>;

export const invitationSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(INVITATION_STATUSES),
  invited_by_name: z.string().nullable(),
  created_at: timestampSchema,
  expires_at: timestampSchema,
  accepted_at: timestampSchema.nullable(),
  revoked_at: timestampSchema.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({
  data: z.array(invitationSchema),
  /** False: no SMTP_URL, so e-mails wait in the outbox and the admin copies the link instead. */
  smtp_configured: z.boolean(),
});
export type InvitationList = z.infer<typeof invitationListSchema>;

/** A created or resent invitation; `link` only when no SMTP is configured (the admin sends it). */
export const invitationSentSchema = invitationSchema.extend({ link: z.string().nullable() });
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** What the accept page shows before the form. */
export const invitationPreviewSchema = z.object({
  agency_name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  expires_at: timestampSchema,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const roleLabel = (role: UserRole) => ROLE_LABELS[role];
