import { formatCostPerThousand, milesText } from '../emission-display';

/** What an emission drew from one lot: "10.000 milhas · R$ 15,51/mil", in the review and on the emission's page. */
export function AllocationMiles({ allocation }: { allocation: { miles: number; cost_per_thousand: string } }) {
  return (
    <span className="text-xs text-muted-foreground tabular-nums">
      <span className="whitespace-nowrap">{milesText(allocation.miles)}</span> ·{' '}
      <span className="whitespace-nowrap">{formatCostPerThousand(allocation.cost_per_thousand)}/mil</span>
    </span>
  );
}
