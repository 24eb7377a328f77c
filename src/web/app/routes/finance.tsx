import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function FinanceRoute() {
  return (
    <PlaceholderPage
      {...PAGES.finance}
      description="Aqui ficarão receitas, custos, margens e recebimentos calculados a partir dos lançamentos financeiros."
    />
  );
}
