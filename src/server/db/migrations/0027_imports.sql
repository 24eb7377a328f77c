CREATE TABLE "stored_files" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "stored_files_purpose" CHECK ("stored_files"."purpose" IN ('import')),
	CONSTRAINT "stored_files_size" CHECK ("stored_files"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "on_duplicate" text DEFAULT 'skip' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "only_valid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "today" date;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "phase" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "previous" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_agency_created_idx" ON "stored_files" USING btree ("agency_id","created_at");--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_agency_id_file_id_stored_files_agency_id_id_fk" FOREIGN KEY ("agency_id","file_id") REFERENCES "public"."stored_files"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_queued_idx" ON "import_jobs" USING btree ("created_at") WHERE "import_jobs"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "import_jobs_file_idx" ON "import_jobs" USING btree ("agency_id","file_sha256");--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_phase" CHECK ("import_jobs"."phase" IN ('queued', 'parse', 'validate', 'write', 'done'));--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_on_duplicate" CHECK ("import_jobs"."on_duplicate" IN ('skip', 'update'));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON stored_files TO milheiro_app;--> statement-breakpoint
ALTER TABLE stored_files ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON stored_files USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));
