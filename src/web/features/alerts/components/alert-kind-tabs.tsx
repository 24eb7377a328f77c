import type * as React from 'react';
import { ALERT_KIND_LABELS, ALERT_KINDS } from '@domain/alerts/alert.schema';
import { formatNumber } from '@domain/format';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AlertKind, AlertList } from '../types';

export interface AlertKindTabsProps {
  kind: AlertKind;
  onKindChange: (kind: AlertKind) => void;
  /** Per tab, under the page's filters; undefined until the first page arrives. */
  counts: AlertList['counts'] | undefined;
  /** Beside the tabs: open or resolved, 'Marcar todos como lidos'. */
  actions?: React.ReactNode;
  /** The open tab's content. */
  children: React.ReactNode;
}

const isKind = (value: string): value is AlertKind => (ALERT_KINDS as readonly string[]).includes(value);

/** The three tabs of spec part 2 §2 "/alertas", each with its count and how many are unread. */
export function AlertKindTabs({ kind, onKindChange, counts, actions, children }: AlertKindTabsProps) {
  return (
    <Tabs value={kind} onValueChange={(value) => isKind(value) && onKindChange(value)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TabsList
          aria-label="Tipos de alerta"
          className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-fit"
        >
          {ALERT_KINDS.map((value) => {
            const count = counts?.[value];
            return (
              <TabsTrigger
                key={value}
                value={value}
                data-testid={`alert-tab-${value}`}
                className="h-auto flex-col gap-1 px-2 py-1.5 whitespace-normal sm:h-full sm:flex-row sm:gap-1.5 sm:px-3 sm:py-0 sm:whitespace-nowrap"
              >
                <span className="leading-tight">{ALERT_KIND_LABELS[value]}</span>
                {count && (
                  <span className="flex items-center gap-1">
                    <span
                      data-testid="alert-tab-count"
                      className="rounded-full bg-foreground/10 px-1.5 text-xs leading-5 font-semibold text-foreground tabular-nums"
                    >
                      {formatNumber(count.total)}
                    </span>
                    <span className="sr-only">{count.total === 1 ? 'alerta' : 'alertas'}</span>
                    {count.unread > 0 && (
                      <span
                        data-testid="alert-tab-unread"
                        title={`${formatNumber(count.unread)} ${count.unread === 1 ? 'não lido' : 'não lidos'}`}
                        className="rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground tabular-nums"
                      >
                        {formatNumber(count.unread)}
                        <span className="sr-only"> {count.unread === 1 ? 'não lido' : 'não lidos'}</span>
                      </span>
                    )}
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <div className="grid gap-2 sm:flex sm:items-center">{actions}</div>
      </div>
      {ALERT_KINDS.map((value) => (
        <TabsContent key={value} value={value}>
          {value === kind && children}
        </TabsContent>
      ))}
    </Tabs>
  );
}
