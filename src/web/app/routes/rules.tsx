import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function RulesRoute() {
  return (
    <PlaceholderPage
      {...PAGES.rules}
      description="Aqui você poderá definir, por programa, margem mínima, RAV padrão, teto de CPM e meta de SLA."
    />
  );
}
