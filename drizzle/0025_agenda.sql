CREATE TABLE "agenda_event_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"long_event" boolean GENERATED ALWAYS AS ("ends_at" - "starts_at" > interval '7 days') STORED NOT NULL,
	"contact_id" integer,
	"activity_id" integer,
	"place" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"row_color" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_events_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "agenda_events_end_after_start" CHECK ("agenda_events"."ends_at" > "agenda_events"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "agenda_event_participants" ADD CONSTRAINT "agenda_event_participants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_event_participants" ADD CONSTRAINT "agenda_event_participants_event_fk" FOREIGN KEY ("tenant_id","event_id") REFERENCES "public"."agenda_events"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_event_participants" ADD CONSTRAINT "agenda_event_participants_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_events" ADD CONSTRAINT "agenda_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_events" ADD CONSTRAINT "agenda_events_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE set null ("contact_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_events" ADD CONSTRAINT "agenda_events_activity_fk" FOREIGN KEY ("tenant_id","activity_id") REFERENCES "public"."activities"("tenant_id","id") ON DELETE set null ("activity_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_events" ADD CONSTRAINT "agenda_events_created_by_fk" FOREIGN KEY ("tenant_id","created_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null ("created_by_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_event_participants_key" ON "agenda_event_participants" USING btree ("tenant_id","event_id","user_id");--> statement-breakpoint
CREATE INDEX "agenda_event_participants_user_idx" ON "agenda_event_participants" USING btree ("tenant_id","user_id","event_id");--> statement-breakpoint
CREATE INDEX "agenda_events_tenant_starts_idx" ON "agenda_events" USING btree ("tenant_id","starts_at");--> statement-breakpoint
CREATE INDEX "agenda_events_tenant_long_idx" ON "agenda_events" USING btree ("tenant_id","ends_at") WHERE "agenda_events"."long_event";--> statement-breakpoint
CREATE INDEX "agenda_events_tenant_contact_idx" ON "agenda_events" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "agenda_events_tenant_activity_idx" ON "agenda_events" USING btree ("tenant_id","activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_key" ON "users" USING btree ("calendar_token");