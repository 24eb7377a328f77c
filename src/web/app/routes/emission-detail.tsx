import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function EmissionDetailRoute() {
  return (
    <PlaceholderPage
      {...PAGES.emissionDetail}
      description="Aqui ficarão os dados da emissão, a composição financeira, a linha do tempo e os relatórios em PDF."
    />
  );
}
