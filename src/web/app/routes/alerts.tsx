import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function AlertsRoute() {
  return (
    <PlaceholderPage
      {...PAGES.alerts}
      description="Aqui ficarão os alertas de lotes a vencer, de SLA de emissão estourado e de margem crítica."
    />
  );
}
