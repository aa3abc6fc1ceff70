CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"activity_number" integer NOT NULL,
	"activity_state" text DEFAULT 'Attivo' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payment_type" text NOT NULL,
	"activity_amount" bigint,
	"activity_expiration_date" date,
	"finished" boolean DEFAULT false NOT NULL,
	"invoiced" boolean DEFAULT false NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "activities_state_check" CHECK ("activities"."activity_state" in ('Attivo', 'Sospeso', 'Concluso')),
	CONSTRAINT "activities_payment_type_check" CHECK ("activities"."payment_type" in ('Lavoro pagato a corpo', 'Lavoro pagato a ore'))
);
--> statement-breakpoint
CREATE TABLE "activity_state_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"state_before" text,
	"state_after" text NOT NULL,
	"user_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"minutes" integer,
	"description" text DEFAULT '' NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"invoiced" boolean DEFAULT false NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "time_entries_end_after_start" CHECK ("time_entries"."end_at" is null or "time_entries"."end_at" > "time_entries"."start_at"),
	CONSTRAINT "time_entries_at_most_a_day" CHECK ("time_entries"."end_at" is null or "time_entries"."end_at" <= "time_entries"."start_at" + interval '24 hours')
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_state_logs" ADD CONSTRAINT "activity_state_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_state_logs" ADD CONSTRAINT "activity_state_logs_activity_fk" FOREIGN KEY ("tenant_id","activity_id") REFERENCES "public"."activities"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_state_logs" ADD CONSTRAINT "activity_state_logs_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_activity_fk" FOREIGN KEY ("tenant_id","activity_id") REFERENCES "public"."activities"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_tenant_number_key" ON "activities" USING btree ("tenant_id","activity_number");--> statement-breakpoint
CREATE INDEX "activities_tenant_contact_idx" ON "activities" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "activities_tenant_finished_number_idx" ON "activities" USING btree ("tenant_id","finished","activity_number");--> statement-breakpoint
CREATE INDEX "activity_state_logs_tenant_activity_idx" ON "activity_state_logs" USING btree ("tenant_id","activity_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_one_running_key" ON "time_entries" USING btree ("tenant_id","user_id") WHERE "time_entries"."end_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_tenant_user_start_idx" ON "time_entries" USING btree ("tenant_id","user_id","start_at");--> statement-breakpoint
CREATE INDEX "time_entries_tenant_date_idx" ON "time_entries" USING btree ("tenant_id","work_date","id");--> statement-breakpoint
CREATE INDEX "time_entries_tenant_activity_idx" ON "time_entries" USING btree ("tenant_id","activity_id");