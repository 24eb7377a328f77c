import { formatCents } from '@domain/format';

/** Centavos exactly; on a phone without "R$" (the column heads say it with MoneyUnit), so that narrow tables fit. */
export function CompactMoney({ cents }: { cents: number }) {
  const [, sign = '', digits = ''] = /^(-?)R\$\s(.*)$/u.exec(formatCents(cents)) ?? [];
  return (
    <>
      {sign}
      <span className="max-sm:hidden">R$&nbsp;</span>
      {digits}
    </>
  );
}

/** " (R$)" after a column head on a phone, where CompactMoney leaves the currency out. */
export const MoneyUnit = () => <span className="sm:hidden"> (R$)</span>;
