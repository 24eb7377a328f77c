import { Badge } from '@/components/ui/badge';
import { quoteStatusLabel, quoteStatusVariant } from '../quote-display';

export interface QuoteStatusBadgeProps {
  status: string;
  className?: string;
  'data-testid'?: string;
}

/** rascunho, enviada, aceita, recusada, expirada; an unknown status shows as it is stored. */
export function QuoteStatusBadge({ status, ...props }: QuoteStatusBadgeProps) {
  return (
    <Badge variant={quoteStatusVariant(status)} {...props}>
      {quoteStatusLabel(status)}
    </Badge>
  );
}
