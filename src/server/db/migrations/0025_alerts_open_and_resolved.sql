DROP INDEX "alerts_agency_unread_idx";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("agency_id","kind","created_at" DESC NULLS LAST) WHERE "alerts"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alerts_unread_idx" ON "alerts" USING btree ("agency_id","created_at" DESC NULLS LAST) WHERE "alerts"."resolved_at" IS NULL AND NOT "alerts"."is_read";