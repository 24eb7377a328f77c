import {
  ArrowLeftRightIcon,
  BellIcon,
  CalculatorIcon,
  FileTextIcon,
  FileUpIcon,
  LayoutDashboardIcon,
  PackageIcon,
  PlaneTakeoffIcon,
  ScaleIcon,
  SettingsIcon,
  UsersIcon,
  WalletIcon,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/* Spec part 1 §2 "Sidebar", in its order; Regras (which the spec leaves out of the list) sits
   just before Configurações so every route is reachable from the menu, and Cotações (issue #19)
   follows the Simulador that saves them. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboardIcon },
  { label: 'Clientes', to: '/clientes', icon: UsersIcon },
  { label: 'Lotes de Milhas', to: '/lotes', icon: PackageIcon },
  { label: 'Simulador', to: '/simulador', icon: CalculatorIcon },
  { label: 'Cotações', to: '/cotacoes', icon: FileTextIcon },
  { label: 'Emissões', to: '/emissoes', icon: PlaneTakeoffIcon },
  { label: 'Conciliador', to: '/conciliador', icon: ArrowLeftRightIcon },
  { label: 'Importador', to: '/importador', icon: FileUpIcon },
  { label: 'Alertas', to: '/alertas', icon: BellIcon },
  { label: 'Financeiro', to: '/financeiro', icon: WalletIcon },
  { label: 'Regras', to: '/regras', icon: ScaleIcon },
  { label: 'Configurações', to: '/config', icon: SettingsIcon },
];

/** Page titles and subtitles, used by the page headers and document.title. */
export const PAGES = {
  dashboard: { title: 'Dashboard', subtitle: 'Visão geral das operações e métricas principais' },
  clients: { title: 'Clientes', subtitle: 'Gerencie sua base de clientes e contatos' },
  clientDetail: { title: 'Detalhe do Cliente', subtitle: undefined },
  lots: { title: 'Lotes de Milhas', subtitle: 'Estoque de milhas por programa, com custo e vencimento' },
  lotDetail: { title: 'Detalhe do Lote', subtitle: undefined },
  accountDetail: { title: 'Conta de fidelidade', subtitle: undefined },
  simulator: {
    title: 'Simulador de Preços',
    subtitle: 'Calcule o preço de venda a partir do custo das milhas, taxas, markup e RAV',
  },
  quotes: {
    title: 'Cotações',
    subtitle: 'Preços simulados e salvos para clientes: envio, aceite, validade e conversão em emissão',
  },
  quoteDetail: { title: 'Detalhe da Cotação', subtitle: undefined },
  emissions: { title: 'Emissões', subtitle: 'Emissões de passagens com milhas e suas margens' },
  emissionDetail: { title: 'Detalhe da Emissão', subtitle: undefined },
  reconciliation: {
    title: 'Conciliador Financeiro',
    subtitle: 'Confronte cada emissão com os lançamentos financeiros',
  },
  importer: {
    title: 'Importador CSV',
    subtitle: 'Importe clientes, lotes de milhas e emissões de planilhas CSV ou XLSX, com validação antes de gravar',
  },
  alerts: { title: 'Centro de Alertas', subtitle: 'Lotes a vencer, SLA de emissão estourado e margens críticas' },
  rules: { title: 'Regras & Políticas', subtitle: 'Margens mínimas, RAV padrão, teto de CPM e SLA por programa' },
  finance: { title: 'Financeiro', subtitle: 'Receitas, custos, margens e recebimentos da agência' },
  settings: {
    title: 'Configurações',
    subtitle: 'Dados da agência, preferências financeiras, notificações e segurança',
  },
  notFound: { title: 'Página não encontrada', subtitle: undefined },
  signIn: { title: 'Entrar', subtitle: undefined },
  invitation: { title: 'Convite para a equipe', subtitle: undefined },
} as const satisfies Record<string, { title: string; subtitle: string | undefined }>;

export interface RouteHandle {
  title: string;
  /** Parent crumb shown before the title in the header. */
  parent?: { title: string; to: string };
}
