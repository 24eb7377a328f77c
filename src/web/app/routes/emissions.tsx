import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function EmissionsRoute() {
  return (
    <PlaceholderPage
      {...PAGES.emissions}
      description="Aqui você poderá registrar emissões, escolher os lotes de origem e acompanhar margens e status."
    />
  );
}
