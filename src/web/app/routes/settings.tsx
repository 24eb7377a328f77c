import { BellIcon, Building2Icon, ShieldIcon, WalletIcon, WebhookIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PAGES } from '@/config/navigation';
import { AgencyForm } from '@/features/agency/components/agency-form';
import { FinancialSettingsForm } from '@/features/agency/components/financial-settings-form';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { EmailOutboxCard } from '@/features/notifications/components/email-outbox-card';
import { NotificationPreferencesForm } from '@/features/notifications/components/notification-preferences-form';
import { WebhooksSettings } from '@/features/webhooks/components/webhooks-settings';
import { authKeys } from '@/lib/query-keys';
import type { Agency, Session } from '@/types/api';

/* Spec part 2 §2 "/config": its four tabs and Webhooks (issue #16); the open one lives in ?tab= so it survives reloads and links. */
const TABS = [
  { value: 'agencia', label: 'Agência', icon: Building2Icon },
  { value: 'financeiro', label: 'Financeiro', icon: WalletIcon },
  { value: 'notificacoes', label: 'Notificações', icon: BellIcon },
  { value: 'webhooks', label: 'Webhooks', icon: WebhookIcon },
  { value: 'seguranca', label: 'Segurança', icon: ShieldIcon },
] as const;

type TabValue = (typeof TABS)[number]['value'];
const DEFAULT_TAB: TabValue = 'agencia';

function isTab(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

export default function SettingsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const requested = searchParams.get('tab');
  const tab = isTab(requested) ? requested : DEFAULT_TAB;

  const selectTab = (value: string) => {
    if (!isTab(value)) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === DEFAULT_TAB) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  // The sidebar shows the trade name from the session; keep it in step with the saved record.
  const onAgencyUpdated = (agency: Agency) =>
    queryClient.setQueryData<Session | null>(authKeys.me(), (session) => (session ? { ...session, agency } : session));

  return (
    <div className="space-y-6">
      <PageHeader {...PAGES.settings} />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList
          aria-label="Seções das configurações"
          className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-fit"
        >
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value} className="h-8 sm:h-full">
              <item.icon aria-hidden="true" className="hidden sm:block" />
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="agencia">
          <AgencyForm onUpdated={onAgencyUpdated} />
        </TabsContent>
        <TabsContent value="financeiro">
          <FinancialSettingsForm />
        </TabsContent>
        <TabsContent value="notificacoes" className="space-y-6">
          <NotificationPreferencesForm />
          <EmailOutboxCard />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhooksSettings />
        </TabsContent>
        <TabsContent value="seguranca" className="space-y-6">
          <ChangePasswordForm />
          <SessionsCard />
        </TabsContent>
      </Tabs>
    </div>
  );
}
