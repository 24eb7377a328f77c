CREATE TABLE "card_payables" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"instalment" smallint NOT NULL,
	"instalments" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_date" date NOT NULL,
	"paid_on" date,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payables_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "card_payables_instalment" CHECK ("card_payables"."instalments" BETWEEN 1 AND 24 AND "card_payables"."instalment" BETWEEN 1 AND "card_payables"."instalments"),
	CONSTRAINT "card_payables_amount" CHECK ("card_payables"."amount_cents" >= 0),
	CONSTRAINT "card_payables_paid" CHECK (("card_payables"."paid_on" IS NULL) = ("card_payables"."entry_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"closing_day" smallint NOT NULL,
	"due_day" smallint NOT NULL,
	"limit_cents" bigint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "cards_brand" CHECK ("cards"."brand" IN ('visa', 'mastercard', 'elo', 'amex', 'hipercard', 'other')),
	CONSTRAINT "cards_days" CHECK ("cards"."closing_day" BETWEEN 1 AND 31 AND "cards"."due_day" BETWEEN 1 AND 31),
	CONSTRAINT "cards_limit" CHECK ("cards"."limit_cents" IS NULL OR "cards"."limit_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_payables" ADD CONSTRAINT "card_payables_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payables" ADD CONSTRAINT "card_payables_agency_id_card_id_cards_agency_id_id_fk" FOREIGN KEY ("agency_id","card_id") REFERENCES "public"."cards"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payables" ADD CONSTRAINT "card_payables_agency_id_lot_id_mile_lots_agency_id_id_fk" FOREIGN KEY ("agency_id","lot_id") REFERENCES "public"."mile_lots"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payables_lot_instalment_idx" ON "card_payables" USING btree ("agency_id","lot_id","instalment");--> statement-breakpoint
CREATE INDEX "card_payables_due_idx" ON "card_payables" USING btree ("agency_id","due_date","id");--> statement-breakpoint
CREATE INDEX "card_payables_card_idx" ON "card_payables" USING btree ("agency_id","card_id");--> statement-breakpoint
-- Issue #23 (docs/decisions/0029-transfers-and-credits.md, "Cards"): the tenant role works its own agency's cards and instalments only.
GRANT SELECT, INSERT, UPDATE, DELETE ON cards, card_payables TO milheiro_app;--> statement-breakpoint
ALTER TABLE cards ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON cards USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
ALTER TABLE card_payables ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON card_payables USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));
