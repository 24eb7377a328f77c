CREATE TABLE "import_checks" (
	"agency_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"key" text NOT NULL,
	"result" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_checks_pkey" PRIMARY KEY("agency_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "import_checks" ADD CONSTRAINT "import_checks_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_checks" ADD CONSTRAINT "import_checks_agency_id_file_id_stored_files_agency_id_id_fk" FOREIGN KEY ("agency_id","file_id") REFERENCES "public"."stored_files"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON import_checks TO milheiro_app;--> statement-breakpoint
ALTER TABLE import_checks ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON import_checks USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));
