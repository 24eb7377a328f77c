import { ArrowRightIcon } from 'lucide-react';
import { auditChangeLines } from '@domain/audit/audit.rules';
import type { AuditEntry } from '../types';

/** A line's changed fields, each as "Campo: antes → depois" (R$ for money, dd/mm/aaaa for days). */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'kind' | 'changes'> }) {
  const lines = auditChangeLines(entry.kind, entry.changes);
  if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-1" data-testid="audit-changes">
      {lines.map((line) => (
        <li key={line.field} className="text-sm leading-snug break-words">
          <span className="font-medium">{line.label}:</span>{' '}
          <span className="text-muted-foreground line-through decoration-muted-foreground/50">{line.before}</span>
          <ArrowRightIcon aria-hidden="true" className="mx-1 inline size-3.5 align-[-2px] text-muted-foreground" />
          <span className="sr-only">para </span>
          <span>{line.after}</span>
        </li>
      ))}
    </ul>
  );
}
