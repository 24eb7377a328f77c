import { Link, useParams } from 'react-router';
import { programName } from '@domain/programs';
import { DetailHeader, DetailPage, type DetailTexts } from '@/components/detail-page';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { ProgramDot } from '@/components/program-label';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountHistory } from '@/features/accounts/api/get-account-history';
import { AccountBeneficiariesCard } from '@/features/accounts/components/account-beneficiaries-card';
import { AccountBalanceCheck, AccountFigures } from '@/features/accounts/components/account-figures';
import { AccountHistoryCard } from '@/features/accounts/components/account-history-card';
import { readAccountHistoryParams, writeAccountHistoryParams } from '@/features/accounts/history-params';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { usePagedList } from '@/hooks/use-paged-list';

const TEXTS: DetailTexts = {
  back: { to: '/lotes', label: 'Voltar para lotes' },
  errorTitle: 'Erro ao carregar conta',
  notFound: {
    title: 'Conta não encontrada',
    description: 'Esta conta de fidelidade não existe ou não pertence à sua agência.',
    code: 'ACCOUNT_NOT_FOUND',
  },
};

/** One loyalty account (issue #23): its balances, its beneficiary slots and every movement of its miles. */
export default function AccountDetailRoute() {
  const { id = '' } = useParams();
  const [{ page }, update] = useListUrlState(readAccountHistoryParams, writeAccountHistoryParams);
  const history = useAccountHistory(id, page);
  // The page stays between 1 and the last one (an old link, a lot deleted since).
  const { rows, stale, onPageChange } = usePagedList(history, page, update);

  return (
    <DetailPage query={history} texts={TEXTS} skeleton={<AccountDetailSkeleton />}>
      {(list) => {
        const { account } = list;
        return (
          <>
            <DetailHeader back={TEXTS.back}>
              <h1 className="flex items-center gap-3 text-2xl font-semibold tracking-tight break-words sm:text-[1.75rem]">
                <ProgramDot program={account.program} className="size-3.5" data-testid="program-dot" />
                <span className="min-w-0">
                  {programName(account.program)} · Conta <span className="tabular-nums">{account.account_number}</span>
                </span>
              </h1>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
                {account.nickname && (
                  <>
                    <span>{account.nickname}</span>
                    <span aria-hidden="true">·</span>
                  </>
                )}
                {account.client_id ? (
                  <span>
                    Titular:{' '}
                    <Link
                      to={`/clientes/${account.client_id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {account.holder_name ?? 'Ver cliente'}
                    </Link>
                  </span>
                ) : (
                  <span>Conta da agência</span>
                )}
              </p>
            </DetailHeader>

            <div className="space-y-3">
              <AccountFigures history={list} />
              <AccountBalanceCheck history={list} />
            </div>

            <AccountBeneficiariesCard accountId={account.id} program={account.program} />

            <AccountHistoryCard list={list} rows={rows} stale={stale} onPageChange={onPageChange} />
          </>
        );
      }}
    </DetailPage>
  );
}

function AccountDetailSkeleton() {
  return (
    <DetailSkeleton
      label="Carregando conta"
      backWidth="w-36"
      header={
        <div className="space-y-2">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-5 w-48" />
        </div>
      }
      cardLines={[4, 4]}
    >
      <AccountFigures history={undefined} />
    </DetailSkeleton>
  );
}
