import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function LotsRoute() {
  return (
    <PlaceholderPage
      {...PAGES.lots}
      description="Aqui você poderá registrar lotes de milhas com custo, vencimento e acompanhar sua utilização."
    />
  );
}
