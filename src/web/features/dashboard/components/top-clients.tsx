import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { formatCents, formatNumber } from '@domain/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { dashboardLinks } from '../links';

/** 'Top Clientes' (spec part 1 §2): rank, name, emissions and revenue without centavos (§9). */
export function TopClients({ clients }: { clients: Dashboard['top_clients'] | undefined }) {
  return (
    <Card className="gap-3" aria-labelledby="dashboard-top-clients-title">
      <CardHeader className="px-4 sm:px-5">
        <h2 id="dashboard-top-clients-title" className="text-base leading-tight font-semibold">
          Top Clientes
        </h2>
        <CardDescription>Por receita das emissões ativas, desde o início</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 px-4 sm:px-5">
        {clients === undefined ? (
          <div className="space-y-3 py-1">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : clients.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Nenhum cliente encontrado</p>
        ) : (
          <ol className="divide-y" aria-label="Top Clientes">
            {clients.map((client, index) => (
              <li key={client.id} data-testid="top-client" className="flex items-center gap-3 py-2.5">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary tabular-nums"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <Link
                    to={dashboardLinks.client(client.id)}
                    className="block truncate text-sm font-medium underline-offset-4 hover:text-primary hover:underline"
                  >
                    {client.name}
                  </Link>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {formatNumber(client.emissions)} {client.emissions === 1 ? 'emissão' : 'emissões'}
                  </p>
                </div>
                <p className="shrink-0 text-sm font-semibold whitespace-nowrap tabular-nums">
                  {formatCents(client.revenue_cents, 0)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <CardFooter className="px-4 sm:px-5">
        <Button asChild variant="outline" size="sm" className="w-full">
          <Link to="/clientes">
            Ver Todos os Clientes
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
