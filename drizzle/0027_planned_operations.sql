CREATE TABLE "planned_operation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"occurrence" date NOT NULL,
	"document_id" integer,
	"state" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planned_operation_runs_state_check" CHECK ("planned_operation_runs"."state" in ('Eseguita', 'Errore'))
);
--> statement-breakpoint
CREATE TABLE "planned_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"template_document_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"every_months" integer NOT NULL,
	"next_date" date NOT NULL,
	"end_date" date,
	"max_count" integer,
	"done_count" integer DEFAULT 0 NOT NULL,
	"action" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_result" text,
	"created_by_id" integer,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planned_operations_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "planned_operations_frequency_check" CHECK ("planned_operations"."frequency" in ('Mensile', 'Ogni N mesi', 'Annuale')),
	CONSTRAINT "planned_operations_action_check" CHECK ("planned_operations"."action" in ('Crea bozza', 'Crea ed emetti', 'Crea, emetti e invia email', 'Crea proforma')),
	CONSTRAINT "planned_operations_every_months_check" CHECK ("planned_operations"."every_months" between 1 and 120),
	CONSTRAINT "planned_operations_max_count_check" CHECK ("planned_operations"."max_count" is null or "planned_operations"."max_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "planned_operation_runs" ADD CONSTRAINT "planned_operation_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_operation_runs" ADD CONSTRAINT "planned_operation_runs_operation_fk" FOREIGN KEY ("tenant_id","operation_id") REFERENCES "public"."planned_operations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_operation_runs" ADD CONSTRAINT "planned_operation_runs_document_fk" FOREIGN KEY ("tenant_id","document_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE set null ("document_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_operations" ADD CONSTRAINT "planned_operations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_operations" ADD CONSTRAINT "planned_operations_template_fk" FOREIGN KEY ("tenant_id","template_document_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_operations" ADD CONSTRAINT "planned_operations_created_by_fk" FOREIGN KEY ("tenant_id","created_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null ("created_by_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planned_operation_runs_occurrence_key" ON "planned_operation_runs" USING btree ("tenant_id","operation_id","occurrence");--> statement-breakpoint
CREATE INDEX "planned_operations_tenant_next_idx" ON "planned_operations" USING btree ("tenant_id","next_date");--> statement-breakpoint
CREATE INDEX "planned_operations_due_idx" ON "planned_operations" USING btree ("next_date") WHERE "planned_operations"."active";