// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type { AccountHistory, Movement, MovementKind } from '@domain/accounts/account-history.schema';
export type { AccountBeneficiaries } from '@domain/accounts/account.schema';
