// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type {
  Conversion,
  ConversionInput,
  ConversionList,
  Credit,
  CreditList,
  CreditReceipt,
  Transfer,
  TransferInput,
  TransferList,
} from '@domain/transfers/transfer.schema';
export type { AccountList, AccountLots, AccountOption } from '@domain/accounts/account.schema';
