-- Issue #23's payables budget (/financeiro → "Contas a pagar": a year of due dates summed on every
-- read): the due-date index carries the amount and the payment day, so the sums read the index
-- alone (an index-only scan once the table is vacuumed) instead of every instalment's row.
-- drizzle cannot express INCLUDE: schema/index.ts declares the same key; keep the two in step by hand.
DROP INDEX "card_payables_due_idx";--> statement-breakpoint
CREATE INDEX "card_payables_due_idx" ON "card_payables" USING btree ("agency_id","due_date","id") INCLUDE ("amount_cents","paid_on");
