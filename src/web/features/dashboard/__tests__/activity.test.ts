import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPE_LABELS, activityHref, activityType } from '../activity';

const ID = '0b9a3e4c-7c1d-4a59-9f0e-3a2b1c0d9e8f';

describe('recent activity lines', () => {
  it('name their record by the kind, and lead to it', () => {
    const cases = [
      [{ kind: 'emission_created', ref_type: 'emission', ref_id: ID }, 'Emissão', `/emissoes/${ID}`],
      [{ kind: 'client_updated', ref_type: 'client', ref_id: ID }, 'Cliente', `/clientes/${ID}`],
      [{ kind: 'quote_sent', ref_type: 'quote', ref_id: ID }, 'Cotação', `/cotacoes/${ID}`],
      [{ kind: 'lots_expired', ref_type: null, ref_id: null }, 'Lote', '/lotes?status=expired'],
      [{ kind: 'entries_posted', ref_type: null, ref_id: null }, 'Financeiro', '/conciliador'],
      [{ kind: 'import_completed', ref_type: 'import', ref_id: ID }, 'Importação', '/importador'],
      [{ kind: 'client_deleted', ref_type: 'client', ref_id: ID }, 'Cliente', null],
      [{ kind: 'something_new', ref_type: null, ref_id: null }, 'Atividade', null],
    ] as const;
    for (const [line, label, href] of cases) {
      expect(ACTIVITY_TYPE_LABELS[activityType(line)], line.kind).toBe(label);
      expect(activityHref(line), line.kind).toBe(href);
    }
  });
});
