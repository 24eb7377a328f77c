import { useMemo, useRef, useState } from 'react';
import { CalculatorIcon, CheckCircle2Icon, SaveIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { Settings } from '@domain/agency/agency.schema';
import type { ClientOption } from '@domain/clients/client.schema';
import { todayIso } from '@domain/format';
import { centsToInput } from '@domain/money';
import type { ProgramKey } from '@domain/programs';
import { QUOTE_TEXTS, type Quote } from '@domain/quotes/quote.schema';
import type { Rule } from '@domain/rules/rule.schema';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { SubmitButton } from '@/components/ui/submit-button';
import { isApiError } from '@/lib/api-client';
import { toast, toastError } from '@/lib/toast';
import { useSimulatorAccounts } from '../api/get-accounts';
import { useAccountLots } from '../api/get-account-lots';
import { useCreateQuote } from '../api/create-quote';
import {
  defaultProgram,
  defaultRavCents,
  eligibleLots,
  quoteBody,
  quoteErrors,
  runSimulation,
  simulationErrors,
  simulatorDefaults,
  type ProgramStock,
  type SimulatorValues,
} from '../simulator-model';
import { ClientPicker } from './client-picker';
import { QuoteFields } from './quote-fields';
import { SimulationFields } from './simulation-fields';
import { FormulaCard, SimulationResult, SimulationWarnings } from './simulation-result';

export interface SimulatorProps {
  stock: ReadonlyMap<ProgramKey, ProgramStock>;
  rules: readonly Rule[];
  settings: Settings | undefined;
  /** What the page offers for the quote just saved ("Enviar Proposta"). */
  savedActions?: (quote: Quote) => React.ReactNode;
}

/** Field messages from the server, kept while the values they answered stay as they were. */
interface ServerErrors {
  values: string;
  fields: Record<string, string>;
}

/**
 * /simulador (spec part 2 §2 and §9; issue #19): the price from the programme's stock, a lot or
 * the fallback cost, computed in the browser as typed with the domain's simulate(); "Salvar
 * Cotação" sends the same inputs with the trip, and the server computes them again.
 */
export function Simulator({ stock, rules, settings, savedActions }: SimulatorProps) {
  const navigate = useNavigate();
  const [today] = useState(todayIso);
  const form = useForm<SimulatorValues>({
    defaultValues: simulatorDefaults(defaultProgram(stock), settings, rules),
  });
  const values = useWatch({ control: form.control }) as SimulatorValues;
  const [client, setClient] = useState<ClientOption | null>(null);
  const [calcAttempted, setCalcAttempted] = useState(false);
  const [calculated, setCalculated] = useState(false);
  const [saveAttempted, setSaveAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors | null>(null);
  const [saved, setSaved] = useState<Quote | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const create = useCreateQuote();

  const accounts = useSimulatorAccounts(values.program, client?.id ?? null);
  const lots = useAccountLots(values.account_id);
  const lotsToday = lots.data?.today ?? today;
  const lotOptions = useMemo(() => eligibleLots(lots.data?.data, lotsToday), [lots.data, lotsToday]);
  const rule = rules.find((r) => r.program === values.program) ?? null;

  const simulation = useMemo(
    () =>
      runSimulation(
        values,
        { program: stock.get(values.program), lots: values.account_id ? lots.data?.data : undefined, today: lotsToday },
        rule,
      ),
    [values, stock, lots.data, lotsToday, rule],
  );
  const basis = simulation?.basis ?? {
    cost_source: stock.get(values.program)?.average_cost_per_thousand ? 'average' : 'fallback',
    cost_per_thousand: stock.get(values.program)?.average_cost_per_thousand ?? '15.0000',
    available_miles: null,
    stock_scope: 'program',
    lot: null,
  };

  const snapshot = JSON.stringify({ values, client: client?.id ?? null });
  const errors: Record<string, string> = {
    ...(calcAttempted ? simulationErrors(values) : {}),
    ...(saveAttempted ? quoteErrors(values, client?.id ?? null, today) : {}),
    ...(serverErrors && serverErrors.values === snapshot ? serverErrors.fields : {}),
  };

  const resetAccount = () => {
    form.setValue('account_id', '');
    form.setValue('lot_id', '');
  };
  const onProgramChange = (program: ProgramKey) => {
    form.setValue('program', program);
    resetAccount();
    // The new programme's default RAV, unless the RAV was typed.
    if (!form.getFieldState('rav_cents').isDirty) {
      form.setValue('rav_cents', centsToInput(defaultRavCents(rules.find((r) => r.program === program))));
    }
  };
  const onClientChange = (next: ClientOption | null) => {
    setClient(next);
    resetAccount();
  };
  const onAccountChange = (accountId: string) => {
    form.setValue('account_id', accountId);
    form.setValue('lot_id', '');
  };

  const calculate = (event: React.FormEvent) => {
    event.preventDefault();
    setCalcAttempted(true);
    if (Object.keys(simulationErrors(values)).length > 0) return;
    setCalculated(true);
    // On a phone the result is below the fields: bring it into view.
    if (window.matchMedia('(max-width: 1023px)').matches) {
      requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setCalcAttempted(true);
    setSaveAttempted(true);
    setSaved(null);
    if (Object.keys(quoteErrors(values, client?.id ?? null, today)).length > 0) return;
    setCalculated(true);
    const sentSnapshot = snapshot;
    create.mutate(quoteBody(values, client?.id ?? null), {
      onSuccess: (quote) => {
        setSaved(quote);
        toast.success(QUOTE_TEXTS.saved.title, {
          description: QUOTE_TEXTS.saved.description.replace('{h}', String(quote.validity_hours)),
          action: { label: 'Ver cotação', onClick: () => void navigate(`/cotacoes/${quote.id}`) },
        });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) setServerErrors({ values: sentSnapshot, fields: error.fields });
        toastError(QUOTE_TEXTS.saveError, error);
      },
    });
  };

  const markupText = (values.markup_percent || '0').replace('.', ',');
  const parsedMiles = /^\d+$/.test(values.miles) ? Number(values.miles) : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form
        noValidate
        aria-label="Dados da simulação"
        onSubmit={calculate}
        className="min-w-0 lg:col-start-1 lg:row-start-1"
      >
        <Card>
          <CardHeader>
            <CardTitle>Dados da simulação</CardTitle>
            <CardDescription>
              O custo vem do lote escolhido ou, sem lote, do custo médio do estoque do programa.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ClientPicker client={client} onClientChange={onClientChange} error={errors.client_id} />
            <SimulationFields
              form={form}
              errors={errors}
              stock={stock}
              accounts={accounts}
              lots={{ data: lotOptions, isPending: values.account_id !== '' && lots.isPending }}
              onProgramChange={onProgramChange}
              onAccountChange={onAccountChange}
            />
          </CardContent>
          <CardFooter>
            <Button type="submit" className="w-full sm:w-auto">
              <CalculatorIcon aria-hidden="true" />
              Calcular Preço
            </Button>
          </CardFooter>
        </Card>
      </form>

      <div
        ref={resultRef}
        className="grid min-w-0 scroll-mt-20 content-start gap-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
      >
        <SimulationResult
          simulation={calculated ? simulation : null}
          costSource={basis.cost_source}
          calculated={calculated}
          miles={parsedMiles}
          ravMode={values.rav_mode}
          markupText={markupText}
        />
        {calculated && simulation && <SimulationWarnings warnings={simulation.warnings} />}
        <div className="hidden lg:block">
          <FormulaCard ravMode={values.rav_mode} />
        </div>
      </div>

      <form noValidate aria-label="Cotação" onSubmit={save} className="min-w-0 lg:col-start-1 lg:row-start-2">
        <Card>
          <CardHeader>
            <CardTitle>Cotação</CardTitle>
            <CardDescription>
              Salve a simulação com a rota e as datas para enviar ao cliente, acompanhar e converter em emissão.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <QuoteFields form={form} errors={errors} />
          </CardContent>
          <CardFooter className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
            <SubmitButton pending={create.isPending} icon={SaveIcon} variant="outline" className="w-full sm:w-auto">
              Salvar Cotação
            </SubmitButton>
            {saved && (
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground" role="status">
                <CheckCircle2Icon aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
                Cotação salva.{' '}
                <Link
                  to={`/cotacoes/${saved.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Ver cotação
                </Link>
              </p>
            )}
            {saved && savedActions?.(saved)}
          </CardFooter>
        </Card>
      </form>

      <div className="lg:hidden">
        <FormulaCard ravMode={values.rav_mode} />
      </div>
    </div>
  );
}
