/**
 * Impostazioni › Fatturazione elettronica (issue 31): the tenant's PEC mailbox, the SDI address and the signing
 * certificate, in sdi_channel_settings (one row per tenant, created by the first save).
 *
 * Decisions (the issue is silent):
 * - Its own section and endpoints (GET/POST /api/sdi-channel/settings, POST/DELETE /api/sdi-channel/certificate,
 *   POST /api/sdi-channel/test-connection) rather than fields of the general settings form: passwords that are never
 *   sent back and a certificate checked on upload do not fit a form that loads and saves every field. ROLE_ADMIN,
 *   like the other settings; refused in the public demo.
 * - Secrets (SMTP/IMAP passwords, the certificate's password) are sealed with lib/crypto/secret-box.ts; the API
 *   answers only `hasPassword` and the certificate's subject and expiry. An empty password on save keeps the saved
 *   one (as Fatture in Cloud and Aruba do: the field shows '••••' placeholder, typing replaces); a changed user or
 *   host does not clear it (the user may be fixing a typo).
 * - The certificate: PKCS#12 up to 64 KB, opened with its password on upload (a wrong password: 400 'Password del
 *   certificato errata', nothing stored); an expired one is refused on upload (it could not sign); the file and the
 *   sealed password are stored together (CHECK both or neither), removable.
 * - A change of these settings goes to the audit log ('Impostazioni modificate', naming the section and the fields,
 *   never values).
 * loadSdiChannelSettings() (server-only, decrypted) and rememberSdiAddress() are the SDI channel's (lib/sdi, jobs).
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { sdiChannelSettings, type SdiChannelSettingsRow } from "@/db/schema";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { readPkcs12 } from "@/lib/fiscal/sign";
import type { MailServerSettings } from "@/lib/sdi/mail-clients";
import {
  DEFAULT_SDI_ADDRESS,
  MAX_CERTIFICATE_BYTES,
  SDI_CHANNEL_MESSAGES,
  type SdiChannelSettingsInput,
  type SdiChannelSettingsJson,
} from "@/lib/schemas/sdi-channel";
import { recordAuditEvent } from "./audit-events";

/** What the SDI channel needs, decrypted. Server-only: never put it in an answer. */
export interface SdiChannelSettings {
  pec: string;
  smtp: MailServerSettings;
  imap: MailServerSettings;
  sdiAddress: string;
  certificate: { p12: Uint8Array; password: string } | null;
}

async function readRow(scope: TenantScope): Promise<SdiChannelSettingsRow | undefined> {
  const [row] = await scope.list(sdiChannelSettings, { limit: 1 });
  return row;
}

function toJson(row: SdiChannelSettingsRow | undefined, now = new Date()): SdiChannelSettingsJson {
  return {
    pec: row?.pecAddress ?? "",
    smtp: { host: row?.smtpHost ?? "", port: row?.smtpPort ?? 465, secure: row?.smtpSecure ?? true, user: row?.smtpUser ?? "", hasPassword: !!row?.smtpPassword },
    imap: { host: row?.imapHost ?? "", port: row?.imapPort ?? 993, secure: row?.imapSecure ?? true, user: row?.imapUser ?? "", hasPassword: !!row?.imapPassword },
    sdiAddress: row?.sdiAddress ?? DEFAULT_SDI_ADDRESS,
    certificate:
      row?.certificate && row.certificateExpiresAt
        ? {
            subject: row.certificateSubject ?? "",
            expiresAt: row.certificateExpiresAt.toISOString(),
            uploadedAt: row.certificateUploadedAt?.toISOString() ?? null,
            expired: row.certificateExpiresAt.getTime() < now.getTime(),
          }
        : null,
  };
}

/** Whether 'Invia allo SDI' signs the file first (a certificate that has not expired): the button reads 'Firma e invia'. */
export async function hasSigningCertificate(scope: TenantScope, now = new Date()): Promise<boolean> {
  const certificate = toJson(await readRow(scope), now).certificate;
  return certificate !== null && !certificate.expired;
}

/** The settings as the API answers them (no password, no certificate bytes). */
export async function getSdiChannelSettings(scope: TenantScope): Promise<SdiChannelSettingsJson> {
  return toJson(await readRow(scope));
}

const FIELD_LABELS: [string, (r: SdiChannelSettingsRow | undefined) => unknown, (i: SdiChannelSettingsInput) => unknown][] = [
  ["Indirizzo PEC", (r) => r?.pecAddress ?? "", (i) => i.pec],
  ["Server SMTP", (r) => `${r?.smtpHost ?? ""}:${r?.smtpPort ?? 465}:${r?.smtpSecure ?? true}`, (i) => `${i.smtp.host}:${i.smtp.port}:${i.smtp.secure}`],
  ["Utente SMTP", (r) => r?.smtpUser ?? "", (i) => i.smtp.user],
  ["Password SMTP", () => "", (i) => (i.smtp.password ? "changed" : "")],
  ["Server IMAP", (r) => `${r?.imapHost ?? ""}:${r?.imapPort ?? 993}:${r?.imapSecure ?? true}`, (i) => `${i.imap.host}:${i.imap.port}:${i.imap.secure}`],
  ["Utente IMAP", (r) => r?.imapUser ?? "", (i) => i.imap.user],
  ["Password IMAP", () => "", (i) => (i.imap.password ? "changed" : "")],
  ["Indirizzo PEC dello SDI", (r) => r?.sdiAddress ?? DEFAULT_SDI_ADDRESS, (i) => i.sdiAddress],
];

/** Saves the PEC settings; an empty password keeps the saved one. Returns the settings as the API answers them. */
export async function saveSdiChannelSettings(scope: TenantScope, input: SdiChannelSettingsInput): Promise<SdiChannelSettingsJson> {
  return scope.transaction(async (tx) => {
    const before = await tx.lockRow(sdiChannelSettings, sql`true`);
    const values = {
      pecAddress: input.pec,
      smtpHost: input.smtp.host,
      smtpPort: input.smtp.port,
      smtpSecure: input.smtp.secure,
      smtpUser: input.smtp.user,
      imapHost: input.imap.host,
      imapPort: input.imap.port,
      imapSecure: input.imap.secure,
      imapUser: input.imap.user,
      sdiAddress: input.sdiAddress,
      updatedAt: new Date(),
      ...(input.smtp.password ? { smtpPassword: sealSecret(input.smtp.password) } : {}),
      ...(input.imap.password ? { imapPassword: sealSecret(input.imap.password) } : {}),
    };
    const row = await tx.upsert(sdiChannelSettings, [], values, values);
    const changed = FIELD_LABELS.filter(([, was, now]) => was(before) !== now(input)).map(([label]) => label);
    if (changed.length > 0) await recordAuditEvent(tx, { event: "settings_changed", detail: `Fatturazione elettronica: ${changed.join(", ")}` });
    return toJson(row);
  });
}

/**
 * Stores the signing certificate after opening it with its password (400 in Italian: wrong password, not a PKCS#12,
 * expired, too large). Returns the settings as the API answers them.
 */
export async function saveSigningCertificate(scope: TenantScope, p12: Uint8Array, password: string, now = new Date()): Promise<SdiChannelSettingsJson> {
  if (p12.length === 0) throw new BadRequestError(SDI_CHANNEL_MESSAGES.certificateMissing);
  if (p12.length > MAX_CERTIFICATE_BYTES) throw new PayloadTooLargeError(SDI_CHANNEL_MESSAGES.certificateTooLarge);
  if (!password) throw new BadRequestError(SDI_CHANNEL_MESSAGES.certificatePasswordMissing);
  const opened = await readPkcs12(p12, password);
  if (opened.notAfter.getTime() < now.getTime()) {
    throw new BadRequestError(`Il certificato è scaduto il ${opened.notAfter.toLocaleDateString("it-IT", { timeZone: "Europe/Rome" })}: non può firmare le fatture`);
  }
  return scope.transaction(async (tx) => {
    const values = {
      certificate: Buffer.from(p12),
      certificatePassword: sealSecret(password),
      certificateSubject: opened.subject.slice(0, 500),
      certificateExpiresAt: opened.notAfter,
      certificateUploadedAt: now,
      updatedAt: now,
    };
    const row = await tx.upsert(sdiChannelSettings, [], values, values);
    await recordAuditEvent(tx, { event: "settings_changed", detail: `Fatturazione elettronica: certificato di firma caricato (${opened.subject.slice(0, 200)})` });
    return toJson(row, now);
  });
}

/** Removes the signing certificate and its password. */
export async function deleteSigningCertificate(scope: TenantScope): Promise<SdiChannelSettingsJson> {
  return scope.transaction(async (tx) => {
    const values = { certificate: null, certificatePassword: null, certificateSubject: null, certificateExpiresAt: null, certificateUploadedAt: null, updatedAt: new Date() };
    const row = await tx.upsert(sdiChannelSettings, [], values, values);
    await recordAuditEvent(tx, { event: "settings_changed", detail: "Fatturazione elettronica: certificato di firma rimosso" });
    return toJson(row);
  });
}

const open = (sealed: string | null | undefined): string => (sealed ? openSecret(sealed) : "");

/**
 * The SDI channel's settings, decrypted (server-only: for lib/sdi and the jobs, never for an answer); null when the
 * tenant never saved any. Throws SecretBoxError (Italian) when AUTH_SECRET changed since they were saved.
 */
export async function loadSdiChannelSettings(scope: TenantScope): Promise<SdiChannelSettings | null> {
  const row = await readRow(scope);
  if (!row) return null;
  return {
    pec: row.pecAddress,
    smtp: { host: row.smtpHost, port: row.smtpPort, secure: row.smtpSecure, user: row.smtpUser, password: open(row.smtpPassword) },
    imap: { host: row.imapHost, port: row.imapPort, secure: row.imapSecure, user: row.imapUser, password: open(row.imapPassword) },
    sdiAddress: row.sdiAddress,
    certificate: row.certificate && row.certificatePassword ? { p12: new Uint8Array(row.certificate), password: openSecret(row.certificatePassword) } : null,
  };
}

/** SDI answered from `address`: the next file goes there (SDI's rule: reply to the address that wrote to you). */
export async function rememberSdiAddress(scope: TenantScope, address: string): Promise<void> {
  const clean = address.trim().toLowerCase();
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(clean) || clean.length > 254) return;
  await scope.upsert(sdiChannelSettings, [], { sdiAddress: clean, updatedAt: new Date() }, { sdiAddress: clean, updatedAt: new Date() });
}

/** The saved passwords, for 'Prova connessione' with typed values whose password field was left empty. */
export async function savedMailPasswords(scope: TenantScope): Promise<{ smtp: string; imap: string }> {
  const row = await readRow(scope);
  return { smtp: open(row?.smtpPassword), imap: open(row?.imapPassword) };
}
