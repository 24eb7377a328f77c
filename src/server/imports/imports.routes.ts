import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  IMPORT_MESSAGES,
  importCommitInputSchema,
  importDryRunSchema,
  importJobListSchema,
  importJobSchema,
  importKindSchema,
  importPresetInputSchema,
  importPresetListSchema,
  importPresetSchema,
  importRunInputSchema,
  importUploadSchema,
} from '../../domain/imports/import.schema';
import type { AppEnv } from '../http/context';
import { AppError } from '../http/errors';
import { apiDoc, csv, json, noContent, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import {
  createPreset,
  dryRunErrorsCsv,
  dryRunImport,
  getImport,
  importError,
  listImports,
  listPresets,
  removePreset,
  startImport,
  undoImport,
  uploadImportFile,
} from './imports.service';

const M = IMPORT_MESSAGES;
const anyJson = z.unknown();
const jobId = (c: Context) => uuidParam(c, 'id', () => importError('IMPORT_NOT_FOUND', M.jobNotFound, 404));

const uploadQuery = z.object({ kind: importKindSchema });
const presetQuery = z.object({ kind: importKindSchema.optional() });

const docs = {
  upload: apiDoc({
    tag: 'imports',
    operationId: 'uploadImportFile',
    summary: 'Upload a CSV or XLSX file (≤ 10 MB) to import: it is read and kept, and a mapping is suggested',
    description:
      'multipart/form-data with the file in `file`. CSV: encoding detected (UTF-8 with or without BOM, Windows-1252), delimiter among , ; tab |. XLSX: the first sheet. `previous_import` names an earlier completed import of the same bytes.',
    query: uploadQuery,
    response: json('The file read: headers, a 5-row preview, the suggested mapping', importUploadSchema, 201),
  }),
  dryRun: apiDoc({
    tag: 'imports',
    operationId: 'dryRunImport',
    summary: 'Check every row of an uploaded file with a mapping, writing nothing',
    description:
      'Mapping errors come back as errors of row 0. The first 10 errors are listed; `error_count` counts them all.',
    body: importRunInputSchema,
    response: json('Counts and the first errors', importDryRunSchema),
  }),
  dryRunErrors: apiDoc({
    tag: 'imports',
    operationId: 'dryRunImportErrors',
    summary: 'Every error of a dry run, as a CSV (; separated, UTF-8 with BOM, for Excel)',
    body: importRunInputSchema,
    response: csv('Linha, Campo, Valor, Mensagem'),
  }),
  start: apiDoc({
    tag: 'imports',
    operationId: 'startImport',
    summary: 'Import an uploaded file: checked, then queued and written in one transaction by a worker',
    description:
      'Any invalid row refuses the import (422 VALIDATION_FAILED) unless `only_valid`. The counts are those of a dry run of the same file, kind and mapping in the last 10 minutes, or the rows checked now; the worker checks every row again before writing. Poll GET /imports/{id} for its phase and progress.',
    body: importCommitInputSchema,
    response: json('The job, processing', importJobSchema, 201),
  }),
  list: apiDoc({
    tag: 'imports',
    operationId: 'listImports',
    summary: 'The last 20 imports, newest first',
    response: json('Import jobs', importJobListSchema),
  }),
  get: apiDoc({
    tag: 'imports',
    operationId: 'getImport',
    summary: 'An import job: status, phase, progress and counts',
    params: uuidIdParams,
    response: json('The job', importJobSchema),
  }),
  undo: apiDoc({
    tag: 'imports',
    operationId: 'undoImport',
    summary: '"Desfazer": the rows the import created are deleted (soft), the ones it updated put back',
    description:
      'Only a completed import, once. Refused (409 UNDO_REFUSED, `details.reasons`) when its records were used since; an operador may undo only their own imports (403 FORBIDDEN otherwise), an admin any.',
    params: uuidIdParams,
    response: json('The job, undone', importJobSchema),
    errors: [409],
  }),
  presets: apiDoc({
    tag: 'imports',
    operationId: 'listImportPresets',
    summary: "The signed-in user's saved mappings, by name",
    query: presetQuery,
    response: json('Presets', importPresetListSchema),
  }),
  createPreset: apiDoc({
    tag: 'imports',
    operationId: 'createImportPreset',
    summary: 'Save a mapping under a name (per user and type)',
    body: importPresetInputSchema,
    response: json('The preset', importPresetSchema, 201),
    errors: [409],
  }),
  deletePreset: apiDoc({
    tag: 'imports',
    operationId: 'deleteImportPreset',
    summary: 'Delete a saved mapping',
    params: uuidIdParams,
    response: noContent('Deleted'),
  }),
};

/** The `file` part of a multipart body, as bytes with its name. */
async function uploadedFile(c: Context<AppEnv>) {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError('VALIDATION_ERROR', M.fileMissing, { fields: { file: M.fileMissing } });
  }
  const file = form.file;
  if (!(file instanceof File))
    throw new AppError('VALIDATION_ERROR', M.fileMissing, { fields: { file: M.fileMissing } });
  return { name: (file.name || 'arquivo.csv').slice(0, 200), bytes: new Uint8Array(await file.arrayBuffer()) };
}

const actorOf = (c: Context<AppEnv>) => ({
  agencyId: c.var.session.agencyId,
  userId: c.var.session.userId,
  today: c.var.today,
});
const scopeOf = (c: Context<AppEnv>) => ({ agencyId: c.var.session.agencyId, today: c.var.today });
const presetActor = (c: Context<AppEnv>) => ({ agencyId: c.var.session.agencyId, userId: c.var.session.userId });

export const importsRoutes = new Hono<AppEnv>()
  .post('/files', docs.upload, async (c) => {
    const { kind } = parseOrThrow(uploadQuery, c.req.query());
    const file = await uploadedFile(c);
    return c.json(await uploadImportFile(c.var.db, actorOf(c), { kind, ...file }), 201);
  })
  .post('/dry-run', docs.dryRun, async (c) =>
    c.json(await dryRunImport(c.var.db, scopeOf(c), await readJson(c, anyJson))),
  )
  .post('/dry-run/errors', docs.dryRunErrors, async (c) => {
    const body = await dryRunErrorsCsv(c.var.db, scopeOf(c), await readJson(c, anyJson));
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="erros_importacao.csv"',
    });
  })
  .get('/', docs.list, async (c) => c.json(await listImports(c.var.db, c.var.session.agencyId)))
  .post('/', docs.start, async (c) => c.json(await startImport(c.var.db, actorOf(c), await readJson(c, anyJson)), 201))
  .get('/:id', docs.get, async (c) =>
    c.json(await getImport(c.var.db, { agencyId: c.var.session.agencyId, id: jobId(c) })),
  )
  .post('/:id/undo', docs.undo, async (c) =>
    c.json(await undoImport(c.var.db, { ...actorOf(c), role: c.var.session.role }, jobId(c))),
  );

/** Mounted at /import-presets. */
export const importPresetsRoutes = new Hono<AppEnv>()
  .get('/', docs.presets, async (c) => {
    const { kind } = parseOrThrow(presetQuery, c.req.query());
    return c.json(await listPresets(c.var.db, presetActor(c), kind));
  })
  .post('/', docs.createPreset, async (c) =>
    c.json(await createPreset(c.var.db, presetActor(c), await readJson(c, anyJson)), 201),
  )
  .delete('/:id', docs.deletePreset, async (c) => {
    const id = uuidParam(c, 'id', () => importError('PRESET_NOT_FOUND', M.presetNotFound, 404));
    await removePreset(c.var.db, presetActor(c), id);
    return c.body(null, 204);
  });
