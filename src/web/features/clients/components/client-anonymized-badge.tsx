import { ShieldOffIcon } from 'lucide-react';
import { formatDate } from '@domain/format';
import { Badge } from '@/components/ui/badge';

/** An anonymised client (LGPD): its personal data were erased on request. */
export function ClientAnonymizedBadge({ anonymizedAt }: { anonymizedAt: string | null }) {
  if (!anonymizedAt) return null;
  return (
    <Badge variant="warning" title={`Dados pessoais apagados em ${formatDate(anonymizedAt)} (LGPD)`}>
      <ShieldOffIcon aria-hidden="true" />
      Anonimizado
    </Badge>
  );
}
