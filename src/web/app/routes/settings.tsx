import { BellIcon, Building2Icon, ScrollTextIcon, ShieldIcon, UsersIcon, WalletIcon, WebhookIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PAGES } from '@/config/navigation';
import { AgencyForm } from '@/features/agency/components/agency-form';
import { FinancialSettingsForm } from '@/features/agency/components/financial-settings-form';
import { RequireMfaSetting } from '@/features/agency/components/require-mfa-setting';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { AuditLogSettings } from '@/features/audit/components/audit-log-settings';
import { BackupsCard } from '@/features/backups/components/backups-card';
import { TeamSettings } from '@/features/team/components/team-settings';
import { TransferRatiosCard } from '@/features/transfers/components/transfer-ratios-card';
import { useRole } from '@/hooks/use-role';
import { EmailOutboxCard } from '@/features/notifications/components/email-outbox-card';
import { NotificationPreferencesForm } from '@/features/notifications/components/notification-preferences-form';
import { WebhooksSettings } from '@/features/webhooks/components/webhooks-settings';
import { authKeys } from '@/lib/query-keys';
import type { Agency, Session } from '@/types/api';

/*
 * Spec part 2 §2 "/config": its four tabs, Webhooks (issue #16), Equipe and Auditoria (#20); the
 * open one lives in ?tab= so it survives reloads and links. An operador sees only the tabs of
 * their own account (docs/decisions/0026-team-and-roles.md); the server refuses the rest anyway.
 */
const TABS = [
  { value: 'agencia', label: 'Agência', icon: Building2Icon, adminOnly: false },
  { value: 'financeiro', label: 'Financeiro', icon: WalletIcon, adminOnly: false },
  { value: 'notificacoes', label: 'Notificações', icon: BellIcon, adminOnly: false },
  { value: 'equipe', label: 'Equipe', icon: UsersIcon, adminOnly: true },
  { value: 'webhooks', label: 'Webhooks', icon: WebhookIcon, adminOnly: true },
  { value: 'auditoria', label: 'Auditoria', icon: ScrollTextIcon, adminOnly: true },
  { value: 'seguranca', label: 'Segurança', icon: ShieldIcon, adminOnly: false },
] as const;

type TabValue = (typeof TABS)[number]['value'];
const DEFAULT_TAB: TabValue = 'agencia';

function isTab(value: string | null, tabs: readonly { value: TabValue }[]): value is TabValue {
  return tabs.some((tab) => tab.value === value);
}

export default function SettingsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { isAdmin } = useRole();
  const tabs = TABS.filter((item) => isAdmin || !item.adminOnly);
  const requested = searchParams.get('tab');
  const tab = isTab(requested, tabs) ? requested : DEFAULT_TAB;

  const selectTab = (value: string) => {
    if (!isTab(value, tabs)) return;
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
          {tabs.map((item) => (
            <TabsTrigger key={item.value} value={item.value} className="h-8 sm:h-full">
              <item.icon aria-hidden="true" className="hidden sm:block" />
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="agencia">
          <AgencyForm onUpdated={onAgencyUpdated} />
        </TabsContent>
        <TabsContent value="financeiro" className="space-y-6">
          <FinancialSettingsForm />
          <TransferRatiosCard />
        </TabsContent>
        <TabsContent value="notificacoes" className="space-y-6">
          <NotificationPreferencesForm />
          {/* The outbox is the agency's, read by its admins (docs/decisions/0026-team-and-roles.md). */}
          {isAdmin ? <EmailOutboxCard /> : null}
        </TabsContent>
        {isAdmin ? (
          <>
            <TabsContent value="equipe">
              <TeamSettings />
            </TabsContent>
            <TabsContent value="webhooks">
              <WebhooksSettings />
            </TabsContent>
            <TabsContent value="auditoria">
              <AuditLogSettings />
            </TabsContent>
          </>
        ) : null}
        <TabsContent value="seguranca" className="space-y-6">
          <ChangePasswordForm />
          <TwoFactorCard teamSetting={isAdmin ? <RequireMfaSetting /> : null} />
          <SessionsCard />
          {/* The database's backups are the admins' (docs/decisions/0028-backups.md). */}
          {isAdmin ? <BackupsCard /> : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
