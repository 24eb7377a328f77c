DROP INDEX "mile_credits_agency_status_idx";--> statement-breakpoint
DROP INDEX "mile_credits_account_idx";--> statement-breakpoint
DROP INDEX "mile_credits_transfer_idx";--> statement-breakpoint
CREATE INDEX "mile_credits_pending_idx" ON "mile_credits" USING btree ("agency_id","credit_date","id") WHERE "mile_credits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mile_credits_account_idx" ON "mile_credits" USING btree ("agency_id","account_id") WHERE "mile_credits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mile_credits_transfer_idx" ON "mile_credits" USING btree ("agency_id","transfer_id") WHERE "mile_credits"."transfer_id" IS NOT NULL;