import { idSchema, timestampSchema } from '../response.schema';
import { textSchema } from '../text.schema';
import { z } from '../zod';

// The CSV importer (issue #17; spec part 2 §2 /importador, §3 import field sets, §4 import job
// status and wizard, §5 import dry run, §9 limits). The server reads the file, checks every row
// with the schemas the forms use and writes the accepted rows in one transaction; the web walks
// the four steps over these answers.

export const IMPORT_KINDS = ['clients', 'lots', 'emissions'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  clients: 'Clientes',
  lots: 'Lotes de Milhas',
  emissions: 'Emissões',
};

export const IMPORT_STATUSES = ['processing', 'completed', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Spec part 2 §4 "Import job status". */
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  processing: 'Processando',
  completed: 'Concluído',
  failed: 'Erro',
  undone: 'Desfeito',
};

/** While a job runs: reading the file, checking the rows, writing them. */
export const IMPORT_PHASES = ['queued', 'parse', 'validate', 'write', 'done'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];
export const IMPORT_PHASE_LABELS: Record<ImportPhase, string> = {
  queued: 'Na fila',
  parse: 'Lendo o arquivo',
  validate: 'Validando as linhas',
  write: 'Gravando',
  done: 'Concluído',
};

/** Spec part 1 §9: 10 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Spec part 2 §9. */
export const IMPORT_PREVIEW_ROWS = 5;
export const IMPORT_ERRORS_SHOWN = 10;
export const IMPORT_HISTORY_LIMIT = 20;
/** Rows in one file (the reader stops counting past it). */
export const IMPORT_MAX_ROWS = 200_000;
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_PRESET_NAME_MAX = 80;
export const IMPORT_PRESETS_MAX = 50;

export const IMPORT_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFileFormat = (typeof IMPORT_FILE_FORMATS)[number];
export const IMPORT_ENCODINGS = ['UTF-8', 'UTF-8 (BOM)', 'Windows-1252'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
export const IMPORT_DELIMITERS = [',', ';', '\t', '|'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

export const DELIMITER_LABELS: Record<ImportDelimiter, string> = {
  ',': 'vírgula (,)',
  ';': 'ponto e vírgula (;)',
  '\t': 'tabulação',
  '|': 'barra vertical (|)',
};

/** What to do with a row whose CPF/CNPJ (clients) already belongs to a client of the agency. */
export const IMPORT_DUPLICATE_ACTIONS = ['skip', 'update'] as const;
export type ImportDuplicateAction = (typeof IMPORT_DUPLICATE_ACTIONS)[number];

export interface ImportField {
  /** What the mapping's keys are. */
  key: string;
  label: string;
  required: boolean;
  /** Header names people use for it (normalised when compared: spec part 2 §3 "aliases"). */
  aliases: readonly string[];
  /** A line under the field in the mapping step. */
  hint?: string;
}

/** Spec part 2 §3 "Import field sets", with what a real spreadsheet holds (issue #17). */
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  clients: [
    {
      key: 'name',
      label: 'Nome',
      required: true,
      aliases: ['nome', 'name', 'cliente', 'nome completo', 'razao social'],
    },
    { key: 'email', label: 'E-mail', required: false, aliases: ['email', 'e-mail', 'mail', 'correio eletronico'] },
    {
      key: 'document',
      label: 'CPF/CNPJ',
      required: false,
      aliases: ['cpf', 'cnpj', 'doc', 'documento', 'cpf/cnpj', 'cpf cnpj'],
    },
    { key: 'phone', label: 'Telefone', required: false, aliases: ['telefone', 'fone', 'celular', 'whatsapp', 'phone'] },
    {
      key: 'birth_date',
      label: 'Nascimento',
      required: false,
      aliases: ['nascimento', 'data de nascimento', 'data nascimento', 'dt nascimento', 'birth date'],
      hint: 'dd/mm/aaaa ou aaaa-mm-dd',
    },
    {
      key: 'tags',
      label: 'Etiquetas',
      required: false,
      aliases: ['tags', 'etiquetas', 'grupos'],
      hint: 'Separadas por vírgula',
    },
    {
      key: 'status',
      label: 'Status',
      required: false,
      aliases: ['status', 'situacao'],
      hint: 'Ativo, Inativo ou Bloqueado (vazio: Ativo)',
    },
    { key: 'notes', label: 'Observações', required: false, aliases: ['observacoes', 'obs', 'notas', 'notes'] },
  ],
  lots: [
    {
      key: 'program',
      label: 'Programa',
      required: true,
      aliases: ['programa', 'program', 'cia', 'companhia', 'cia aerea'],
      hint: 'Nome ou código: LATAM Pass, Smiles, TudoAzul…',
    },
    {
      key: 'account_number',
      label: 'Número da conta',
      required: true,
      aliases: ['conta', 'numero da conta', 'conta id', 'account', 'numero conta', 'n conta'],
    },
    {
      key: 'holder_document',
      label: 'CPF do titular',
      required: false,
      aliases: ['cpf do titular', 'cpf titular', 'titular cpf', 'cpf'],
      hint: 'Uma conta que ainda não existe é criada para o cliente com este CPF (vazio: conta da agência)',
    },
    {
      key: 'quantity',
      label: 'Milhas',
      required: true,
      aliases: ['milhas', 'quantidade', 'milhas total', 'milhas disponiveis', 'saldo'],
      hint: 'As milhas disponíveis do lote',
    },
    {
      key: 'total_cost',
      label: 'Custo total (R$)',
      required: false,
      aliases: ['custo', 'custo total', 'custo brl', 'valor', 'valor pago', 'valor total'],
      hint: 'Informe o custo total ou o custo por milheiro',
    },
    {
      key: 'cost_per_thousand',
      label: 'Custo por milheiro (R$)',
      required: false,
      aliases: ['cpm', 'milheiro', 'custo milheiro', 'custo por milheiro', 'valor do milheiro'],
    },
    {
      key: 'purchase_date',
      label: 'Data da compra',
      required: true,
      aliases: ['data compra', 'data da compra', 'compra', 'data'],
      hint: 'dd/mm/aaaa ou aaaa-mm-dd',
    },
    {
      key: 'expiry_date',
      label: 'Validade',
      required: false,
      aliases: ['validade', 'data expiracao', 'vencimento', 'expira em', 'data de validade'],
    },
    { key: 'supplier', label: 'Fornecedor', required: false, aliases: ['fornecedor', 'origem', 'supplier'] },
    { key: 'notes', label: 'Observações', required: false, aliases: ['observacoes', 'obs', 'notas', 'notes'] },
  ],
  emissions: [
    {
      key: 'client',
      label: 'Cliente (CPF ou e-mail)',
      required: true,
      aliases: ['cpf', 'cliente', 'cpf cliente', 'email', 'client id'],
    },
    { key: 'program', label: 'Programa', required: true, aliases: ['programa', 'program', 'cia', 'companhia'] },
    {
      key: 'account_number',
      label: 'Número da conta',
      required: true,
      aliases: ['conta', 'numero da conta', 'conta id', 'account'],
    },
    { key: 'route', label: 'Rota', required: true, aliases: ['rota', 'trecho', 'route', 'origem destino'] },
    { key: 'pnr', label: 'Localizador', required: false, aliases: ['localizador', 'pnr', 'codigo reserva'] },
    { key: 'miles', label: 'Milhas usadas', required: true, aliases: ['milhas', 'milhas usadas', 'miles'] },
    { key: 'fees', label: 'Taxas (R$)', required: true, aliases: ['taxas', 'taxas brl', 'taxa embarque'] },
    {
      key: 'revenue',
      label: 'Receita (R$)',
      required: true,
      aliases: ['receita', 'receita brl', 'valor venda', 'venda'],
    },
    { key: 'rav', label: 'RAV (R$)', required: true, aliases: ['rav', 'rav brl', 'du'] },
    {
      key: 'issued_on',
      label: 'Data da emissão',
      required: false,
      aliases: ['data', 'data emissao', 'emitida em', 'data da emissao'],
      hint: 'dd/mm/aaaa (vazio: hoje)',
    },
    {
      key: 'status',
      label: 'Status',
      required: false,
      aliases: ['status', 'situacao'],
      hint: 'Pendente, Processando, Emitida, Falhou ou Cancelada (vazio: Emitida)',
    },
    {
      key: 'takes_miles',
      label: 'Baixa milhas',
      required: false,
      aliases: ['baixa milhas', 'debitar milhas', 'baixar milhas'],
      hint: 'Sim (vazio): as milhas saem dos lotes da conta. Não: emissão histórica, não tira milhas',
    },
    {
      key: 'miles_cost',
      label: 'Custo das milhas (R$)',
      required: false,
      aliases: ['custo das milhas', 'custo milhas', 'custo'],
      hint: 'Só para emissões históricas (Baixa milhas: Não); as outras custam o que os lotes custaram',
    },
  ],
};

export function importFieldLabel(kind: ImportKind, key: string): string {
  return IMPORT_FIELDS[kind].find((f) => f.key === key)?.label ?? key;
}

export const IMPORT_MESSAGES = {
  kindInvalid: 'Tipo de importação inválido',
  fileMissing: 'Escolha um arquivo CSV ou XLSX.',
  fileEmpty: 'O arquivo está vazio.',
  fileTooLarge: 'O arquivo excede o limite de 10 MB.',
  fileHeaderOnly: 'O arquivo só tem o cabeçalho: nenhuma linha para importar.',
  fileNotText:
    'O arquivo não parece ser uma planilha CSV ou XLSX (conteúdo binário). Exporte a planilha como CSV ou XLSX e tente de novo.',
  fileXlsxUnreadable: 'Não foi possível ler a planilha XLSX: o arquivo está corrompido ou não é um XLSX.',
  fileXlsxEmpty: 'A primeira aba da planilha está vazia.',
  fileXlsxTooBig:
    'A planilha XLSX é grande demais para ler de uma vez: salve-a como CSV (separado por ponto e vírgula) e importe o CSV.',
  fileTooManyRows: (max: string) => `O arquivo tem mais de ${max} linhas: divida-o em partes menores.`,
  fileTooManyColumns: (max: number) => `O arquivo tem mais de ${max} colunas.`,
  fileNotFound: 'Arquivo não encontrado: envie-o de novo.',
  unterminatedQuote: (row: number) => `Aspas sem fechamento a partir da linha ${row}.`,
  csvMalformed: (row: number, detail: string) => `Não foi possível ler o CSV na linha ${row}: ${detail}`,
  columnCount: (found: number, expected: number) => `A linha tem ${found} coluna(s), mas o cabeçalho tem ${expected}`,
  mappingRequired: (label: string) => `Campo obrigatório "${label}" não está mapeado`,
  mappingUnknownField: (key: string) => `Campo desconhecido: ${key}`,
  mappingUnknownColumn: (column: string) => `A coluna "${column}" não existe no arquivo`,
  mappingColumnTwice: (column: string) => `A coluna "${column}" foi mapeada para mais de um campo`,
  numberInvalid: 'Deve ser um número ≥ 0',
  dateInvalid: 'Data inválida',
  emailInvalid: 'Email inválido',
  statusInvalid: 'Status inválido: use Ativo, Inativo ou Bloqueado',
  programUnknown: 'Programa desconhecido',
  costRequired: 'Informe o custo total ou o custo por milheiro',
  costBoth: 'Informe só um: custo total ou custo por milheiro',
  holderNotFound: 'Nenhum cliente com este CPF/CNPJ',
  accountOtherHolder: 'Esta conta pertence a outro titular',
  clientNotFound: 'Cliente não encontrado (CPF ou e-mail)',
  clientAmbiguous: 'Mais de um cliente com este e-mail: identifique o cliente pelo CPF/CNPJ',
  accountNotFound: 'Conta não encontrada para este programa',
  duplicateInFile: (row: number) => `CPF/CNPJ repetido no arquivo (linha ${row})`,
  duplicateExisting: 'CPF/CNPJ já cadastrado',
  validationFailed: (n: number) =>
    `${n} linha(s) com erro. Corrija o arquivo ou escolha importar só as linhas válidas.`,
  nothingToImport: 'Nenhuma linha válida para importar.',
  changedSinceCheck: (n: number, row: number, message: string) =>
    `Os registros mudaram desde a validação: ${n} linha(s) agora com erro (linha ${row}: ${message}). Valide e importe de novo.`,
  moreErrors: (n: number) => `E mais ${n} erro(s)...`,
  presetNameRequired: 'Informe um nome para o preset',
  presetNameTooLong: `O nome deve ter no máximo ${IMPORT_PRESET_NAME_MAX} caracteres`,
  presetNameTaken: 'Já existe um preset com este nome',
  presetNotFound: 'Preset não encontrado.',
  presetsTooMany: `Limite de ${IMPORT_PRESETS_MAX} presets por tipo atingido`,
  jobNotFound: 'Importação não encontrada.',
  undoNotCompleted: 'Só uma importação concluída pode ser desfeita.',
  undoAlready: 'Esta importação já foi desfeita.',
  undoRefused: 'Não é possível desfazer: registros desta importação já foram usados depois dela.',
  previousImport: (date: string) => `Este mesmo arquivo já foi importado em ${date}.`,
} as const;

const M = IMPORT_MESSAGES;

/** Field key → column header of the file (as the upload answer names them). */
export const importMappingSchema = z
  .record(z.string(), z.string(), { error: 'Mapeamento inválido' })
  .refine((m) => Object.keys(m).length <= 50, 'Mapeamento inválido');
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importKindSchema = z.enum(IMPORT_KINDS, { error: M.kindInvalid });

/** POST /api/v1/imports/dry-run and POST /api/v1/imports. */
export const importRunInputSchema = z.object({
  file_id: z.uuid({ error: M.fileNotFound }),
  kind: importKindSchema,
  mapping: importMappingSchema,
  on_duplicate: z.enum(IMPORT_DUPLICATE_ACTIONS, { error: 'Escolha: pular ou atualizar' }).default('skip'),
});
export type ImportRunInput = z.infer<typeof importRunInputSchema>;

export const importCommitInputSchema = importRunInputSchema.extend({
  /** Import the valid rows and leave the others out (otherwise any error refuses: "Validação falhou"). */
  only_valid: z.boolean({ error: 'Informe se importa só as linhas válidas' }).default(false),
});
export type ImportCommitInput = z.infer<typeof importCommitInputSchema>;

export const importPresetInputSchema = z.object({
  kind: importKindSchema,
  name: textSchema({ required: M.presetNameRequired, invalid: M.presetNameRequired })
    .trim()
    .min(1, M.presetNameRequired)
    .max(IMPORT_PRESET_NAME_MAX, M.presetNameTooLong),
  mapping: importMappingSchema,
});
export type ImportPresetInput = z.infer<typeof importPresetInputSchema>;

// ---- Answers ----

export const importFileSchema = z.object({
  id: idSchema,
  name: z.string(),
  size: z.number().int(),
  format: z.enum(IMPORT_FILE_FORMATS),
  encoding: z.enum(IMPORT_ENCODINGS).nullable(),
  delimiter: z.enum(IMPORT_DELIMITERS).nullable(),
  /** Data rows (the header not counted). */
  rows: z.number().int(),
  headers: z.array(z.string()),
  preview: z.array(z.array(z.string())),
});
export type ImportFile = z.infer<typeof importFileSchema>;

export const previousImportSchema = z.object({ id: idSchema, created_at: timestampSchema, file_name: z.string() });

/** POST /api/v1/imports/files: the file read, the mapping suggested for `kind`. */
export const importUploadSchema = z.object({
  file: importFileSchema,
  mapping: importMappingSchema,
  /** The same bytes were imported before (and not undone): warn before importing twice. */
  previous_import: previousImportSchema.nullable(),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

export const importRowErrorSchema = z.object({
  /** The spreadsheet's line number (the header is line 1); 0 for a mapping error. */
  row: z.number().int(),
  field: z.string(),
  label: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importDryRunSchema = z.object({
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  /** Valid rows whose CPF/CNPJ is already a client's: skipped or updated by `on_duplicate`. */
  existing_rows: z.number().int(),
  error_count: z.number().int(),
  /** The first IMPORT_ERRORS_SHOWN. */
  errors: z.array(importRowErrorSchema),
});
export type ImportDryRun = z.infer<typeof importDryRunSchema>;

export const importJobSchema = z.object({
  id: idSchema,
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  file_size: z.number().int(),
  total_rows: z.number().int(),
  ok_rows: z.number().int(),
  error_rows: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  phase: z.enum(IMPORT_PHASES),
  /** Rows handled in the current phase. */
  progress: z.number().int(),
  /** Why it failed, or why an undo was refused. */
  message: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: timestampSchema,
  completed_at: timestampSchema.nullable(),
  undone_at: timestampSchema.nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobListSchema = z.object({ data: z.array(importJobSchema) });
export type ImportJobList = z.infer<typeof importJobListSchema>;

export const importUndoRefusalSchema = z.object({
  /** Up to 10 lines, each a record of the job and what uses it. */
  reasons: z.array(z.string()),
});

export const importPresetSchema = z.object({
  id: idSchema,
  kind: z.enum(IMPORT_KINDS),
  name: z.string(),
  mapping: importMappingSchema,
  created_at: timestampSchema,
});
export type ImportPreset = z.infer<typeof importPresetSchema>;
export const importPresetListSchema = z.object({ data: z.array(importPresetSchema) });
export type ImportPresetList = z.infer<typeof importPresetListSchema>;
