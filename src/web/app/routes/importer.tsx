import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function ImporterRoute() {
  return (
    <PlaceholderPage
      {...PAGES.importer}
      description="Aqui você poderá importar clientes, lotes e emissões de arquivos CSV, com mapeamento de colunas, validação prévia e opção de desfazer."
    />
  );
}
