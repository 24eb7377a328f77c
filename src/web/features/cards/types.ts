// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type { Card, CardInput, CardList, Payable, PayableList } from '@domain/cards/card.schema';
