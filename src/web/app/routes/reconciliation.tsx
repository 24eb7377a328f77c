import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function ReconciliationRoute() {
  return (
    <PlaceholderPage
      {...PAGES.reconciliation}
      description="Aqui você poderá comparar receita, taxas, custo de milhas e RAV de cada emissão com os lançamentos financeiros e lançar o que falta."
    />
  );
}
