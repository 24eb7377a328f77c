import { Link } from 'react-router';
import { programName } from '@domain/programs';
import { ProgramDot } from '@/components/program-label';
import { DetailCard } from '@/components/detail-card';
import type { LoyaltyAccount } from '../types';

export function ClientLoyaltyAccountsCard({ accounts }: { accounts: LoyaltyAccount[] }) {
  return (
    <DetailCard title="Programas de Fidelidade">
      {accounts.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum programa de fidelidade cadastrado.</p>
      ) : (
        <ul aria-label="Contas de fidelidade" className="divide-y rounded-md border">
          {accounts.map((account) => (
            <li key={account.id}>
              <Link
                to={`/contas/${account.id}`}
                className="flex items-center gap-3 px-3 py-2.5 outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <ProgramDot program={account.program} className="size-3" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-primary">{programName(account.program)}</p>
                  {account.nickname && <p className="truncate text-xs text-muted-foreground">{account.nickname}</p>}
                </div>
                <span className="font-mono text-sm text-muted-foreground">{account.account_number}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}
