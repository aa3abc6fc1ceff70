import { z } from "zod";
import { optionalText } from "./fields";

/** The address SDI publishes for the first PEC (later: the one it answered from, remembered per tenant). */
export const DEFAULT_SDI_ADDRESS = "sdi01@pec.fatturapa.it";

export const SDI_CHANNEL_MESSAGES = {
  port: "La porta deve essere un numero intero tra 1 e 65535",
  host: "Nome del server non valido",
  sdiAddress: 'Il campo "Indirizzo PEC dello SDI" deve essere un indirizzo email corretto',
  pec: 'Il campo "Indirizzo PEC" deve essere un indirizzo email corretto',
  passwordTooLong: "Password troppo lunga (massimo 500 caratteri)",
  certificateMissing: 'Scegli il file del certificato (.p12 o .pfx) nel campo "certificate"',
  certificatePasswordMissing: "Inserisci la password del certificato",
  certificateTooLarge: "Il file del certificato non può superare i 64 KB",
} as const;

export const MAX_CERTIFICATE_BYTES = 64 * 1024;

const HOST = /^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*$|^\[?[0-9a-fA-F:.]+\]?$/;

const optionalEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .refine((v) => v === "" || z.email().safeParse(v).success, message)
    .optional()
    .default("");

/** One mail server as the form sends it; an empty password keeps the saved one. */
export const mailServerInput = (defaultPort: number) =>
  z.object({
    host: optionalText(253).refine((v) => v === "" || HOST.test(v), SDI_CHANNEL_MESSAGES.host),
    port: z
      .union([z.number(), z.string()], { error: SDI_CHANNEL_MESSAGES.port })
      .transform((v) => (typeof v === "string" ? (v.trim() === "" ? defaultPort : Number(v)) : v))
      .refine((v) => Number.isInteger(v) && v >= 1 && v <= 65535, SDI_CHANNEL_MESSAGES.port)
      .optional()
      .default(defaultPort),
    secure: z.boolean({ error: "Il campo SSL/TLS non è valido" }).optional().default(true),
    user: optionalText(320),
    password: z.string({ error: "Password non valida" }).max(500, SDI_CHANNEL_MESSAGES.passwordTooLong).optional().default(""),
  });

/**
 * Impostazioni › Fatturazione elettronica (POST /api/sdi-channel/settings, field "settings"; the same shape is what
 * 'Prova connessione' may send to try typed values before saving them).
 */
export const sdiChannelSettingsSchema = z.object({
  pec: optionalEmail(SDI_CHANNEL_MESSAGES.pec),
  smtp: mailServerInput(465),
  imap: mailServerInput(993),
  sdiAddress: optionalEmail(SDI_CHANNEL_MESSAGES.sdiAddress).transform((v) => (v === "" ? DEFAULT_SDI_ADDRESS : v.toLowerCase())),
});

export type SdiChannelSettingsInput = z.output<typeof sdiChannelSettingsSchema>;

/** A mail server as the API answers it: never the password, only whether one is saved. */
export interface MailServerJson {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  hasPassword: boolean;
}

/** The settings as GET /api/sdi-channel/settings answers them (no secret, no certificate bytes). */
export interface SdiChannelSettingsJson {
  pec: string;
  smtp: MailServerJson;
  imap: MailServerJson;
  sdiAddress: string;
  /** The signing certificate: who it names and until when (ISO instants); null when none is uploaded. */
  certificate: { subject: string; expiresAt: string; uploadedAt: string | null; expired: boolean } | null;
}

/** One server's answer to 'Prova connessione'. */
export interface ConnectionCheckJson {
  server: "SMTP" | "IMAP";
  ok: boolean;
  /** 'SMTP: connessione riuscita', 'IMAP: autenticazione non riuscita (…)'. */
  message: string;
}

