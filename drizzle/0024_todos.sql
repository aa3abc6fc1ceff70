CREATE TABLE "todo_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"todo_id" integer NOT NULL,
	"alert_on" date NOT NULL,
	"user_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"contact_id" integer,
	"activity_id" integer,
	"assignee_id" integer,
	"created_by_id" integer,
	"due_date" date,
	"done" boolean DEFAULT false NOT NULL,
	"done_date" date,
	"alert_type" text,
	"alert_days" integer,
	"alert_date" date,
	"alert_on" date GENERATED ALWAYS AS (case when "alert_type" = 'Data fissa' then "alert_date" when "alert_type" = 'Giorni prima della scadenza' then "due_date" - "alert_days" end) STORED,
	"priority" text DEFAULT 'Normale' NOT NULL,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todos_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "todos_alert_type_check" CHECK ("todos"."alert_type" is null or "todos"."alert_type" in ('Giorni prima della scadenza', 'Data fissa')),
	CONSTRAINT "todos_priority_check" CHECK ("todos"."priority" in ('Bassa', 'Normale', 'Alta')),
	CONSTRAINT "todos_alert_days_check" CHECK ("todos"."alert_days" is null or "todos"."alert_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"todo_id" integer,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "todo_reminders" ADD CONSTRAINT "todo_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_reminders" ADD CONSTRAINT "todo_reminders_todo_fk" FOREIGN KEY ("tenant_id","todo_id") REFERENCES "public"."todos"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_reminders" ADD CONSTRAINT "todo_reminders_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE SET NULL ("contact_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_activity_fk" FOREIGN KEY ("tenant_id","activity_id") REFERENCES "public"."activities"("tenant_id","id") ON DELETE SET NULL ("activity_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_assignee_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_created_by_fk" FOREIGN KEY ("tenant_id","created_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_todo_fk" FOREIGN KEY ("tenant_id","todo_id") REFERENCES "public"."todos"("tenant_id","id") ON DELETE SET NULL ("todo_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "todo_reminders_todo_alert_key" ON "todo_reminders" USING btree ("tenant_id","todo_id","alert_on");--> statement-breakpoint
CREATE INDEX "todos_tenant_done_due_idx" ON "todos" USING btree ("tenant_id","done","due_date");--> statement-breakpoint
CREATE INDEX "todos_tenant_due_idx" ON "todos" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE INDEX "todos_alert_on_idx" ON "todos" USING btree ("alert_on") WHERE "todos"."done" = false and "todos"."alert_on" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("tenant_id","user_id","created_at");