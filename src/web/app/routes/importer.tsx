import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ImportKind } from '@domain/imports/import.schema';
import { PageHeader } from '@/components/layouts/page-header';
import { PAGES } from '@/config/navigation';
import { ImportHistoryCard } from '@/features/imports/components/import-history-card';
import { ImportWizard } from '@/features/imports/components/import-wizard';
import { IMPORT_KIND_PARAMS, readImportKind } from '@/features/imports/import-model';

/** /importador (spec part 2 §2, issue #17): the import wizard over the history. `?tipo=clientes|lotes|emissoes` picks the kind. */
export default function ImporterRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = readImportKind(searchParams);
  // A file loaded before the kind changed goes to the new kind's wizard, which reads it again as
  // it mounts (the address changes a moment after the choice, so the kind is compared, not cleared).
  const [carried, setCarried] = useState<{ kind: ImportKind; file: File } | null>(null);

  const chooseKind = (next: ImportKind, file: File | null) => {
    setCarried(file ? { kind: next, file } : null);
    setSearchParams(
      (params) => {
        const nextParams = new URLSearchParams(params);
        nextParams.set('tipo', IMPORT_KIND_PARAMS[next]);
        return nextParams;
      },
      { replace: true },
    );
  };

  return (
    <div className="space-y-6">
      <PageHeader {...PAGES.importer} />
      <ImportWizard
        key={kind}
        kind={kind}
        initialFile={carried?.kind === kind ? carried.file : null}
        onKindChange={chooseKind}
      />
      <ImportHistoryCard />
    </div>
  );
}
