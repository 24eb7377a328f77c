import { sql } from 'drizzle-orm';
import { formatCpf } from '../../domain/documents';
import type { Database } from '../db/client';
import { withTenant } from '../db/tenant';
import { runDueImports, startImport, undoImport, uploadImportFile } from '../imports/imports.service';
import { cpfAt, createRng, DDDS, EMAIL_DOMAINS, personName } from './people';

/**
 * The demo agency's imports (issue #17), made through the importer itself: the spreadsheet of
 * clients it arrived with (Excel's Windows-1252 `;` CSV, a few rows refused and left out), the
 * supplier's sheet of lots, and a file imported twice by mistake and undone. Dated back into its year.
 */
export async function seedDemoImports(
  db: Database,
  { agencyId, userId, firstDocument, seed }: { agencyId: string; userId: string; firstDocument: number; seed: number },
) {
  const rng = createRng(seed + 17);
  const actor = { agencyId, userId, today: new Date().toISOString().slice(0, 10) };
  const slug = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');

  // The clients' spreadsheet: 60 people, three rows with the errors real sheets carry.
  const lines = ['Nome do Cliente;E-mail;CPF;Celular;Data de Nascimento;Situação;Observação'];
  for (let i = 0; i < 60; i++) {
    const name = personName(rng);
    const [first, ...rest] = name.split(' ');
    const email = `${slug(first!)}.${slug(rest[rest.length - 1] ?? 'cliente')}@${rng.weighted(EMAIL_DOMAINS)}`;
    const phone = `(${rng.pick(DDDS)}) 9${rng.int(1000, 9999)}-${rng.int(1000, 9999)}`;
    const birth = `${String(rng.int(1, 28)).padStart(2, '0')}/${String(rng.int(1, 12)).padStart(2, '0')}/${rng.int(1950, 2004)}`;
    lines.push(
      `${name};${email};${formatCpf(cpfAt(firstDocument + i))};${phone};${birth};Ativo;${rng.chance(0.2) ? 'Veio da planilha antiga' : ''}`,
    );
  }
  lines.push('Cliente Sem CPF Válido;sem.cpf@gmail.com;111.111.111-11;;;Ativo;');
  lines.push('Fulano de Tal;fulano@;;;31/02/1980;Ativo;');
  lines.push('X;;;;;Talvez;');
  const clientsJob = await importFile(db, actor, {
    kind: 'clients',
    name: 'clientes_planilha_antiga.csv',
    bytes: Buffer.from(lines.join('\r\n'), 'latin1'),
    onlyValid: true,
  });

  // The supplier's sheet of lots, into the agency's own accounts.
  const lots = ['Programa;Conta;Milhas;Valor (R$);Data da Compra;Validade;Fornecedor'];
  const programs = [
    ['LATAM Pass', 'AG-LATAM-01', 18.5],
    ['Smiles', 'AG-SMILES-01', 16.2],
    ['TudoAzul', 'AG-AZUL-01', 14.9],
  ] as const;
  const today = new Date();
  for (let i = 0; i < 12; i++) {
    const [program, account, cpm] = programs[i % programs.length]!;
    const miles = rng.int(2, 12) * 10_000;
    const cost = Math.round(miles * cpm * (0.95 + rng.int(0, 10) / 100)) / 1000;
    const bought = new Date(today.getTime() - rng.int(60, 120) * 86_400_000);
    const expires = new Date(bought.getTime() + rng.int(300, 700) * 86_400_000);
    const br = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'UTC' });
    lots.push(
      `${program};${account};${miles.toLocaleString('pt-BR')};${cost.toLocaleString('pt-BR', { minimumFractionDigits: 2 })};${br(bought)};${br(expires)};${rng.pick(['Balcão Natal', 'Balcão Recife', 'Fornecedor Maria'])}`,
    );
  }
  const lotsJob = await importFile(db, actor, {
    kind: 'lots',
    name: 'lotes_fornecedor.csv',
    bytes: Buffer.from(lots.join('\r\n'), 'latin1'),
    onlyValid: false,
  });

  // The same kind of sheet imported by mistake, then undone.
  const twice = ['nome;cpf;email'];
  for (let i = 0; i < 8; i++) twice.push(`${personName(rng)};${cpfAt(firstDocument + 100 + i)};`);
  const undone = await importFile(db, actor, {
    kind: 'clients',
    name: 'clientes_teste.csv',
    bytes: Buffer.from(twice.join('\n'), 'utf8'),
    onlyValid: false,
  });
  await withTenant(db, agencyId, (tx) => undoImport(tx, { ...actor, role: 'admin' }, undone));

  // Dated back: the agency arrived with its clients ten months ago; the rest is recent.
  for (const [id, days] of [
    [clientsJob, 300],
    [lotsJob, 45],
    [undone, 20],
  ] as const) {
    await db.execute(sql`
      UPDATE import_jobs SET created_at = created_at - make_interval(days => ${days}),
        completed_at = completed_at - make_interval(days => ${days}),
        undone_at = undone_at - make_interval(days => ${days - 1})
      WHERE agency_id = ${agencyId} AND id = ${id}`);
    // Their lines in the activity feed on the same days.
    await db.execute(sql`
      UPDATE activity SET created_at = created_at - make_interval(days => CASE kind WHEN 'import_undone' THEN ${days - 1}::int ELSE ${days}::int END)
      WHERE agency_id = ${agencyId} AND ref_type = 'import' AND ref_id = ${id}`);
  }
  await db.execute(sql`
    UPDATE clients SET created_at = created_at - interval '300 days', updated_at = updated_at - interval '300 days'
    WHERE agency_id = ${agencyId} AND import_job_id = ${clientsJob}`);
}

async function importFile(
  db: Database,
  actor: { agencyId: string; userId: string; today: string },
  file: { kind: 'clients' | 'lots'; name: string; bytes: Uint8Array; onlyValid: boolean },
): Promise<string> {
  const job = await withTenant(db, actor.agencyId, async (tx) => {
    const upload = await uploadImportFile(tx, actor, { kind: file.kind, name: file.name, bytes: file.bytes });
    return startImport(tx, actor, {
      file_id: upload.file.id,
      kind: file.kind,
      mapping: upload.mapping,
      only_valid: file.onlyValid,
    });
  });
  while ((await runDueImports(db)) > 0);
  return job.id;
}
