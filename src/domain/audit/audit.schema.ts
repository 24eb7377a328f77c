import { z } from '../zod';
import {
  emptyToUndefined,
  limitParamSchema,
  optionalIsoDateParam,
  optionalUuidParam,
  pageParamSchema,
} from '../query.schema';
import { idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { textSchema } from '../text.schema';

// The audit log (issue #20, docs/decisions/0026-team-and-roles.md): the `activity` table read by
// the agency's admins, with who, when, what (before/after of the changed fields) and from where.

// ---------------------------------------------------------------------------------------------
// Areas: a kind's area is its first word (client_updated → client → Clientes)

export const AUDIT_AREAS = [
  'clients',
  'lots',
  'emissions',
  'finance',
  'rules',
  'team',
  'settings',
  'imports',
  'quotes',
  'webhooks',
  'lgpd',
  'backups',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_AREA_LABELS: Record<AuditArea, string> = {
  clients: 'Clientes',
  lots: 'Lotes',
  emissions: 'Emissões',
  finance: 'Financeiro',
  rules: 'Regras',
  team: 'Equipe',
  settings: 'Configurações',
  imports: 'Importações',
  quotes: 'Cotações',
  webhooks: 'Webhooks',
  lgpd: 'LGPD',
  backups: 'Backups',
};

/** The first words of the kinds of each area (`split_part(kind, '_', 1)` in SQL). */
export const AUDIT_AREA_KIND_PREFIXES: Record<AuditArea, readonly string[]> = {
  clients: ['client', 'clients'],
  lots: ['lot', 'lots', 'transfer', 'credit', 'credits', 'club', 'sale', 'supplier'],
  emissions: ['emission', 'emissions'],
  finance: ['entry', 'entries', 'card'],
  rules: ['rule', 'rules'],
  team: ['user', 'users', 'invitation', 'invitations'],
  settings: ['agency', 'settings'],
  imports: ['import', 'imports'],
  quotes: ['quote', 'quotes'],
  webhooks: ['webhook', 'webhooks'],
  lgpd: ['lgpd'],
  backups: ['backup'],
};

const AREA_OF_PREFIX = new Map<string, AuditArea>(
  AUDIT_AREAS.flatMap((area) => AUDIT_AREA_KIND_PREFIXES[area].map((prefix) => [prefix, area] as const)),
);

/** The area a kind belongs to; null for a kind of no area (still listed, without a badge). */
export function auditAreaOf(kind: string): AuditArea | null {
  return AREA_OF_PREFIX.get(kind.split('_', 1)[0] ?? '') ?? null;
}

/** Who a line names when no person did it (a job, the import worker, the expiry scan). */
export const AUDIT_SYSTEM_USER = 'Sistema';

// ---------------------------------------------------------------------------------------------
// Query

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_MAX_PAGE_SIZE = 100;
/**
 * The list counts its lines up to this many (then `total_capped`): an agency writes about 200k a
 * year, and nobody pages that far; the period and area filters narrow it.
 */
export const AUDIT_COUNT_CAP = 10_000;
export const AUDIT_REF_TYPES = [
  'client',
  'lot',
  'emission',
  'entry',
  'rule',
  'quote',
  'import',
  'user',
  'invitation',
  'webhook',
  'agency',
] as const;

export const AUDIT_MESSAGES = {
  areaInvalid: `Área inválida: use ${AUDIT_AREAS.join(', ')}`,
  userInvalid: 'Usuário inválido',
  dateInvalid: 'Data inválida: use aaaa-mm-dd',
  periodInvalid: 'A data final deve ser igual ou posterior à inicial',
  refTypeInvalid: `Tipo de registro inválido: use ${AUDIT_REF_TYPES.join(', ')}`,
  refIdInvalid: 'Registro inválido',
} as const;
const M = AUDIT_MESSAGES;

const auditFilterFields = {
  /** A user's lines; `system` for the lines no person wrote. */
  user_id: z.preprocess(
    emptyToUndefined,
    z
      .union([z.literal('system'), z.uuid({ error: M.userInvalid }).transform((v) => v.toLowerCase())], {
        error: M.userInvalid,
      })
      .optional(),
  ),
  area: z.preprocess(emptyToUndefined, z.enum(AUDIT_AREAS, { error: M.areaInvalid }).optional()),
  /** First day, inclusive, in the agency's calendar (yyyy-MM-dd). */
  from: optionalIsoDateParam(M.dateInvalid),
  /** Last day, inclusive. */
  to: optionalIsoDateParam(M.dateInvalid),
  ref_type: z.preprocess(emptyToUndefined, z.enum(AUDIT_REF_TYPES, { error: M.refTypeInvalid }).optional()),
  ref_id: optionalUuidParam(M.refIdInvalid),
};

/** An inverted period is refused on `to` (periodRefinement's rule; the audit log's period is from/to). */
function auditPeriod(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', message: M.periodInvalid, path: ['to'] });
}

export const auditExportQuerySchema = z.object(auditFilterFields).superRefine(auditPeriod);
export type AuditFilters = z.infer<typeof auditExportQuerySchema>;

export const auditListQuerySchema = z
  .object({
    page: pageParamSchema,
    limit: limitParamSchema(AUDIT_PAGE_SIZE, AUDIT_MAX_PAGE_SIZE),
    ...auditFilterFields,
  })
  .superRefine(auditPeriod);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** { field: [before, after] } of the fields a change moved. */
export const auditChangesSchema = z
  .record(z.string(), z.tuple([z.unknown(), z.unknown()]))
  .meta({ description: 'The changed fields: `{ field: [before, after] }`' });
export type AuditChanges = Record<string, [unknown, unknown]>;

export const auditEntrySchema = z.object({
  id: idSchema,
  created_at: timestampSchema,
  kind: z.string().meta({ description: 'e.g. client_updated, lots_deleted, lgpd_anonymize' }),
  area: z.enum(AUDIT_AREAS).nullable(),
  user_id: idSchema.nullable(),
  /** The user's name; "Sistema" for a line no person wrote. */
  user_name: z.string(),
  description: z.string(),
  ref_type: z.string().nullable(),
  ref_id: idSchema.nullable(),
  changes: auditChangesSchema.nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = pagedSchema(auditEntrySchema);
export type AuditList = z.infer<typeof auditListSchema>;

/** The filter's people: the agency's users, deactivated ones included (their lines stay). */
export const auditUserListSchema = z.object({
  data: z.array(z.object({ id: idSchema, name: z.string(), active: z.boolean() })),
});
export type AuditUserList = z.infer<typeof auditUserListSchema>;

// ---------------------------------------------------------------------------------------------
// LGPD requests (LGPD art. 18: access, anonymisation)

export const LGPD_MESSAGES = {
  confirmRequired: 'Digite o nome do cliente para confirmar',
  confirmMismatch: 'O nome digitado não confere com o do cliente',
  alreadyAnonymized: 'Este cliente já foi anonimizado.',
} as const;

/** The client's name typed again: an irreversible request is not one click (compared trimmed, case- and accent-blind). */
export const lgpdAnonymizeInputSchema = z.object({
  confirm: textSchema({ required: LGPD_MESSAGES.confirmRequired, invalid: LGPD_MESSAGES.confirmRequired })
    .trim()
    .min(1, LGPD_MESSAGES.confirmRequired)
    .max(200, LGPD_MESSAGES.confirmMismatch),
});
export type LgpdAnonymizeInput = z.infer<typeof lgpdAnonymizeInputSchema>;

export const lgpdAnonymizeResultSchema = z.object({
  id: idSchema,
  name: z.string(),
  anonymized_at: timestampSchema,
  /** Passenger rows (any emission of the agency) whose name and CPF were replaced. */
  passengers_anonymized: z.number().int(),
  /** Audit lines about the client whose personal values were redacted. */
  activity_redacted: z.number().int(),
});
export type LgpdAnonymizeResult = z.infer<typeof lgpdAnonymizeResultSchema>;

/** Names compare as people read them: trimmed, spaces collapsed, case and accents ignored. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
  return norm(a) === norm(b);
}

/** "Cliente anonimizado 3f2a9c1b": the name an anonymised client keeps (the id's first 8 hex digits). */
export const anonymizedClientName = (id: string) => `Cliente anonimizado ${id.replace(/-/g, '').slice(0, 8)}`;

/** "lgpd-cliente-jose-da-silva-2026-11-27.json" */
export function lgpdExportFileName(name: string, day: string): string {
  const slug =
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'cliente';
  return `lgpd-cliente-${slug}-${day}.json`;
}
