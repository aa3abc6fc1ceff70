-- The SDI channel's settings per tenant (issue 31): Impostazioni › Fatturazione elettronica. Written by hand.
-- One row per tenant (UNIQUE tenant_id: the upsert's key), created on the first save. Secrets are sealed by lib/crypto/secret-box.ts
-- (AES-256-GCM under a key derived from AUTH_SECRET, 'v1.' prefix): smtp_password, imap_password and
-- certificate_password never hold the plain text and no API returns them (only whether they are set). The signing
-- certificate is the PKCS#12 file as uploaded (its password checked on upload); its subject and expiry are kept apart
-- to be shown without opening it. sdi_address: where the next file goes (the published sdi01 address first, then
-- the one SDI answered from: rememberSdiAddress).
CREATE TABLE "sdi_channel_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"pec_address" text DEFAULT '' NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 465 NOT NULL,
	"smtp_secure" boolean DEFAULT true NOT NULL,
	"smtp_user" text DEFAULT '' NOT NULL,
	"smtp_password" text,
	"imap_host" text DEFAULT '' NOT NULL,
	"imap_port" integer DEFAULT 993 NOT NULL,
	"imap_secure" boolean DEFAULT true NOT NULL,
	"imap_user" text DEFAULT '' NOT NULL,
	"imap_password" text,
	"sdi_address" text DEFAULT 'sdi01@pec.fatturapa.it' NOT NULL,
	"certificate" bytea,
	"certificate_password" text,
	"certificate_subject" text,
	"certificate_expires_at" timestamp with time zone,
	"certificate_uploaded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sdi_channel_settings_ports_check" CHECK ("smtp_port" between 1 and 65535 and "imap_port" between 1 and 65535),
	CONSTRAINT "sdi_channel_settings_certificate_check" CHECK (("certificate" is null) = ("certificate_password" is null))
);
--> statement-breakpoint
ALTER TABLE "sdi_channel_settings" ADD CONSTRAINT "sdi_channel_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_channel_settings_tenant_idx" ON "sdi_channel_settings" USING btree ("tenant_id");
