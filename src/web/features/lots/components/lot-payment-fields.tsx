import { useWatch } from 'react-hook-form';
import { cardDueDates, splitInstalments } from '@domain/cards/card.rules';
import { CARD_BRAND_LABELS, INSTALMENTS_MAX } from '@domain/cards/card.schema';
import { formatCents, formatDate, isValidIsoDate } from '@domain/format';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useCards } from '@/features/cards/api/get-cards';
import { lotFormSummary, type LotFieldId, type LotForm } from '../lot-form';

export interface LotPaymentFieldsProps {
  form: LotForm;
  fieldId: LotFieldId;
  today: string;
}

const INSTALMENT_CHOICES = Array.from({ length: INSTALMENTS_MAX }, (_, i) => i + 1);

/**
 * 'Pagamento' of a new lot (issue #23): à vista (posted in /financeiro at once), or on one of the
 * agency's cards in 1–24 instalments, each a payable on the card's bill due date until paid. The
 * instalments' value and the first due date follow what is typed.
 */
export function LotPaymentFields({ form, fieldId, today }: LotPaymentFieldsProps) {
  const cards = useCards();
  const { errors } = form.formState;
  const [cardId, instalments, quantity, cost, purchase] = useWatch({
    control: form.control,
    name: ['card_id', 'instalments', 'original_quantity', 'cost_per_mile', 'purchase_date'],
  });
  const list = cards.data ?? [];
  const card = list.find((c) => c.id === cardId);
  const n = Number(instalments || '1');
  const total = lotFormSummary(
    { original_quantity: quantity, cost_per_mile: cost, expiry_date: '' },
    today,
  ).total_cost_cents;
  const day = purchase && isValidIsoDate(purchase) ? purchase : today;
  const first = card ? cardDueDates(card, day, 1)[0] : undefined;

  return (
    <>
      <FormField
        id={fieldId('card_id')}
        label="Pagamento"
        error={errors.card_id?.message}
        hint={
          card
            ? `Fecha dia ${card.closing_day}, vence dia ${card.due_day}. As parcelas ficam em Contas a pagar, no Financeiro.`
            : list.length === 0 && !cards.isPending
              ? 'Cadastre um cartão em Financeiro para comprar em parcelas.'
              : 'À vista: a compra é lançada no financeiro na data de compra.'
        }
        className="col-span-2 sm:col-span-1"
      >
        <Select disabled={cards.isPending} {...form.register('card_id')}>
          <option value="">{cards.isPending ? 'Carregando cartões...' : 'À vista'}</option>
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              Cartão {c.name} ({CARD_BRAND_LABELS[c.brand]})
            </option>
          ))}
        </Select>
      </FormField>

      {card && (
        <FormField
          id={fieldId('instalments')}
          label="Parcelas"
          error={errors.instalments?.message}
          hint={first ? `1ª parcela vence em ${formatDate(first)}.` : undefined}
          className="col-span-2 sm:col-span-1"
        >
          <Select {...form.register('instalments')}>
            {INSTALMENT_CHOICES.map((k) => (
              <option key={k} value={String(k)}>
                {total === null ? `${k}×` : `${k}× de ${formatCents(splitInstalments(total, k).at(-1)!)}`}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      {card && total !== null && n > 1 && total % n !== 0 && (
        <p className="col-span-2 -mt-2 text-xs text-muted-foreground">
          A 1ª parcela é de {formatCents(splitInstalments(total, n)[0]!)}, para fechar o total de {formatCents(total)}.
        </p>
      )}
    </>
  );
}
