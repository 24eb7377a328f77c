import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function DashboardRoute() {
  return (
    <PlaceholderPage
      {...PAGES.dashboard}
      description="Aqui ficarão os indicadores da agência: saldo de milhas, lucro do mês, emissões ativas, clientes, custo médio por milha, lotes a vencer e alertas pendentes."
    />
  );
}
