import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function ClientsRoute() {
  return (
    <PlaceholderPage
      {...PAGES.clients}
      description="Aqui você poderá cadastrar, buscar, editar, importar e exportar clientes e suas contas de fidelidade."
    />
  );
}
