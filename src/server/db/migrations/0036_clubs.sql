CREATE TABLE "mile_clubs" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"miles_per_month" integer NOT NULL,
	"monthly_price_cents" bigint NOT NULL,
	"billing_day" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"payment_method" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mile_clubs_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "mile_clubs_miles" CHECK ("mile_clubs"."miles_per_month" > 0),
	CONSTRAINT "mile_clubs_price" CHECK ("mile_clubs"."monthly_price_cents" > 0),
	CONSTRAINT "mile_clubs_billing_day" CHECK ("mile_clubs"."billing_day" BETWEEN 1 AND 31),
	CONSTRAINT "mile_clubs_dates" CHECK ("mile_clubs"."end_date" IS NULL OR "mile_clubs"."end_date" >= "mile_clubs"."start_date"),
	CONSTRAINT "mile_clubs_payment" CHECK ("mile_clubs"."payment_method" IN ('card', 'pix'))
);
--> statement-breakpoint
ALTER TABLE "mile_credits" DROP CONSTRAINT "mile_credits_kind";--> statement-breakpoint
ALTER TABLE "mile_credits" ADD COLUMN "club_id" uuid;--> statement-breakpoint
ALTER TABLE "mile_credits" ADD COLUMN "club_month" date;--> statement-breakpoint
ALTER TABLE "mile_clubs" ADD CONSTRAINT "mile_clubs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_clubs" ADD CONSTRAINT "mile_clubs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mile_clubs" ADD CONSTRAINT "mile_clubs_agency_id_account_id_loyalty_accounts_agency_id_id_fk" FOREIGN KEY ("agency_id","account_id") REFERENCES "public"."loyalty_accounts"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mile_clubs_agency_idx" ON "mile_clubs" USING btree ("agency_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "mile_clubs_account_idx" ON "mile_clubs" USING btree ("agency_id","account_id");--> statement-breakpoint
ALTER TABLE "mile_credits" ADD CONSTRAINT "mile_credits_agency_id_club_id_mile_clubs_agency_id_id_fk" FOREIGN KEY ("agency_id","club_id") REFERENCES "public"."mile_clubs"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mile_credits_club_month_idx" ON "mile_credits" USING btree ("agency_id","club_id","club_month") WHERE "mile_credits"."club_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "mile_credits" ADD CONSTRAINT "mile_credits_source" CHECK (("mile_credits"."kind" = 'club') = ("mile_credits"."club_id" IS NOT NULL AND "mile_credits"."club_month" IS NOT NULL AND "mile_credits"."transfer_id" IS NULL));--> statement-breakpoint
ALTER TABLE "mile_credits" ADD CONSTRAINT "mile_credits_kind" CHECK ("mile_credits"."kind" IN ('transfer_base', 'transfer_bonus', 'club'));--> statement-breakpoint
-- Issue #23 (docs/decisions/0029-transfers-and-credits.md, "Clubs"): the tenant role works its own agency's subscriptions only.
GRANT SELECT, INSERT, UPDATE, DELETE ON mile_clubs TO milheiro_app;--> statement-breakpoint
ALTER TABLE mile_clubs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON mile_clubs USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));
