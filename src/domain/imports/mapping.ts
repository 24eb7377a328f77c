import {
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  type ImportKind,
  type ImportMapping,
  type ImportRowError,
} from './import.schema';

const M = IMPORT_MESSAGES;

/**
 * What keeps a mapping from being used (spec part 2 §4: reported at row 0): a required field not
 * mapped, a field or column that does not exist, one column given to two fields. Empty values
 * ("Não importar") are left out.
 */
export function mappingErrors(kind: ImportKind, mapping: ImportMapping, headers: readonly string[]): ImportRowError[] {
  const fields = IMPORT_FIELDS[kind];
  const errors: ImportRowError[] = [];
  const error = (field: string, label: string, value: string, message: string) =>
    errors.push({ row: 0, field, label, value, message });
  const used = new Map<string, string>();
  for (const [key, column] of Object.entries(mapping)) {
    if (!column) continue;
    const field = fields.find((f) => f.key === key);
    if (!field) {
      error(key, key, column, M.mappingUnknownField(key));
      continue;
    }
    if (!headers.includes(column)) error(key, field.label, column, M.mappingUnknownColumn(column));
    else if (used.has(column)) error(key, field.label, column, M.mappingColumnTwice(column));
    used.set(column, key);
  }
  for (const field of fields) {
    if (field.required && !mapping[field.key]) error(field.key, field.label, '', M.mappingRequired(field.label));
  }
  return errors;
}

/** The mapping without empty entries, keys of `kind` only. */
export function cleanMapping(kind: ImportKind, mapping: ImportMapping): ImportMapping {
  const keys = new Set(IMPORT_FIELDS[kind].map((f) => f.key));
  return Object.fromEntries(Object.entries(mapping).filter(([k, v]) => keys.has(k) && v));
}
