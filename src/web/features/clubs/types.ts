// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type { Club, ClubInput, ClubList } from '@domain/clubs/club.schema';
