// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type {
  Receipt,
  Receivable,
  ReceivableList,
  Sale,
  SaleFormValues,
  SaleInput,
  SaleList,
  SaleReceivable,
} from '@domain/sales/sale.schema';
export type { AccountLots, AccountOption } from '@domain/accounts/account.schema';
