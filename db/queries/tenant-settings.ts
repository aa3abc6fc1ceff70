/**
 * Impostazioni: the tenant's own settings (GET /api/tenants/get-actual, POST /api/tenants/post-actual)
 * and its logo. Only the session's tenant is ever read or written (TenantScope.getTenant/updateTenant).
 */
import "server-only";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { TenantScope } from "@/db/scope";
import { tenants, type Tenant } from "@/db/schema";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { TAX_REGIMES, type TenantSettingsInput } from "@/lib/schemas/tenant";
import { expiresInDays } from "@/lib/subscription";
import { requireVersion } from "@/db/entity";
import { recordAuditEvent } from "./audit-events";
import { PAYMENT_MODALITY_UNKNOWN, paymentModalityEntity } from "./payment-modalities";

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The settings' fields as the modal names them, for the audit log's 'Impostazioni modificate'. */
const SETTINGS_LABELS: Record<string, string> = {
  denomination: "Ragione sociale",
  logo: "Logo",
  fiscalCode: "Codice fiscale",
  vat: "Partita IVA",
  address: "Indirizzo",
  city: "Città",
  postalCode: "CAP",
  province: "Provincia",
  phone: "Telefono",
  email: "Email",
  twoFactorRequired: "Autenticazione a due fattori obbligatoria",
  bankAutoMatch: "Abbinamento automatico dei movimenti bancari",
  hourlyPrice: "Prezzo orario",
  contactWithCode: "Codice obbligatorio per i contatti",
  footer: "Piè di pagina",
  invoiceProformaDetails: "Dettagli delle fatture proforma",
  invoiceDetails: "Dettagli delle fatture",
  taxRegime: "Regime fiscale",
  paymentModalityId: "Modalità di pagamento abituale",
  inpsRevengeName: "Nome rivalsa INPS",
  inpsRevenge: "% Rivalsa INPS",
  professionistFundName: "Nome cassa professionisti",
  professionistFund: "% Cassa professionisti",
  withholdingTaxApply: "Ritenuta d'acconto",
  withholdingTaxPercentage: "% Ritenuta d'acconto",
  stampApply: "Marca da bollo a proprio carico",
  stampAmount: "Valore marca da bollo virtuale",
  invoiceCheckNumerationDates: "Controllo date e numerazione",
  invoiceEmailSubject: "Oggetto dell'email di invio fattura",
  invoiceEmailBody: "Testo dell'email di invio fattura",
  officeTimeStart: "Inizio attività",
  officeTimeEnd: "Fine attività",
  marginCalendarStart: "Margine prima dell'apertura",
  marginCalendarEnd: "Margine dopo la chiusura",
  hideSaturday: "Nascondi sabato",
  hideSunday: "Nascondi domenica",
};

export const MAX_LOGO_BYTES = 30 * 1024 * 1024;
export const LOGO_MAX_SIDE = 1600;
export const LOGO_THUMB = { width: 200, height: 70 } as const;
export const LOGO_MESSAGES = {
  tooLarge: "Attenzione: l'immagine caricata non può superare i 30 MB",
  notImage: "Il file caricato non è un'immagine valida (JPEG, PNG, WebP o GIF)",
  ratio: "Le proporzioni del logo devono essere comprese tra 1:5 e 5:1",
  tooManyPixels: "L'immagine caricata ha troppi pixel (massimo 25 milioni)",
} as const;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "tiff", "avif", "heif"]);
/** 25 megapixels: a phone photo fits, a decompression bomb does not (the browser sends a ≤1600 px crop anyway). */
const MAX_INPUT_PIXELS = 25_000_000;

// libvips keeps no cache of decoded images and uses one thread: a logo is small work, and memory
// must go back after each one (four 6300×6300 uploads at once once held 1 GB).
sharp.cache(false);
sharp.concurrency(1);

/** One image at a time per process: uploads queue here instead of decoding in parallel. */
let imageQueue: Promise<unknown> = Promise.resolve();
function oneAtATime<R>(work: () => Promise<R>): Promise<R> {
  const run = imageQueue.then(work, work);
  imageQueue = run.catch(() => undefined);
  return run;
}

/** The settings as the modal reads them: every field, no logo bytes. */
export async function toTenantSettingsJson(scope: TenantScope, t: Tenant) {
  const { logo: _logo, logoThumb, logoContentType: _type, paymentModalityId, createdAt: _c, ...fields } = t;
  return {
    ...fields,
    paymentModality: await paymentModalityEntity.optionOf(scope, paymentModalityId),
    hasLogo: logoThumb !== null,
    expiresInDays: expiresInDays(t.expireDate),
    toString: t.denomination,
  };
}

export async function getActualTenant(scope: TenantScope) {
  const t = await scope.getTenant();
  return {
    tenant: await toTenantSettingsJson(scope, t),
    formData: {
      paymentModalities: await paymentModalityEntity.options(scope, { limit: 1000 }),
      taxRegimes: TAX_REGIMES,
    },
  };
}

export interface ProcessedLogo {
  logo: Buffer;
  logoThumb: Buffer;
  logoContentType: "image/jpeg";
}

/**
 * Checks and re-encodes an uploaded logo: an image (not SVG), aspect ratio between 1:5 and 5:1,
 * stored as JPEG with the longest side ≤ 1600 px plus a JPEG thumbnail within 200x70.
 */
export function processLogo(bytes: Uint8Array): Promise<ProcessedLogo> {
  if (bytes.byteLength > MAX_LOGO_BYTES) return Promise.reject(new PayloadTooLargeError("File troppo grande"));
  return oneAtATime(() => decodeLogo(bytes));
}

async function decodeLogo(bytes: Uint8Array): Promise<ProcessedLogo> {
  const input = Buffer.from(bytes);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // the header only (nothing decoded yet): the pixel count is checked below, with its own message
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new BadRequestError(LOGO_MESSAGES.notImage, [LOGO_MESSAGES.notImage]);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new BadRequestError(LOGO_MESSAGES.notImage, [LOGO_MESSAGES.notImage]);
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new BadRequestError(LOGO_MESSAGES.tooManyPixels, [LOGO_MESSAGES.tooManyPixels]);
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  if (width * 5 < height || height * 5 < width) throw new BadRequestError(LOGO_MESSAGES.ratio, [LOGO_MESSAGES.ratio]);
  try {
    const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate().flatten({ background: "#ffffff" });
    const logo = await base().resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: "inside", withoutEnlargement: true }).jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    const logoThumb = await base().resize({ width: LOGO_THUMB.width, height: LOGO_THUMB.height, fit: "inside", withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
    return { logo, logoThumb, logoContentType: "image/jpeg" };
  } catch {
    throw new BadRequestError(LOGO_MESSAGES.notImage, [LOGO_MESSAGES.notImage]);
  }
}

/**
 * Saves the settings (fields left out stay as they are) and, when given, the new logo, in one
 * versioned update: a stale version changes nothing (409).
 */
export async function saveActualTenant(scope: TenantScope, input: TenantSettingsInput, logo: ProcessedLogo | null) {
  const version = requireVersion(input.version);
  const { version: _v, paymentModality, ...fields } = input;
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) values[k] = v;
  if (paymentModality !== undefined) values.paymentModalityId = await paymentModalityEntity.refIdOf(scope, paymentModality, PAYMENT_MODALITY_UNKNOWN);
  if (logo) Object.assign(values, logo);
  return scope.transaction(async (tx) => {
    const before = await tx.getTenant();
    const saved = await tx.updateTenant(version, values);
    // the audit log names the fields that changed (the logo as 'logo')
    const changed = Object.keys(values).filter((k) => k === "logo" || (k !== "logoThumb" && k !== "logoContentType" && !sameValue(before[k as keyof Tenant], saved[k as keyof Tenant])));
    if (changed.length) await recordAuditEvent(tx, { event: "settings_changed", detail: changed.map((k) => SETTINGS_LABELS[k] ?? k).join(", ") });
    return toTenantSettingsJson(tx, saved);
  });
}

/** GET /api/tenants/get-logo: the stored logo (JPEG) as base64, or nulls. */
export async function getLogo(scope: TenantScope): Promise<{ base64: string | null; contentType: string | null }> {
  const t = await scope.getTenant();
  return t.logo ? { base64: t.logo.toString("base64"), contentType: t.logoContentType ?? "image/jpeg" } : { base64: null, contentType: null };
}

/**
 * DELETE /api/tenants/delete-logo: removes logo and thumbnail at once (the image field's
 * irreversible delete). The version is left alone so the open settings form can still be saved.
 */
export async function deleteLogo(scope: TenantScope): Promise<void> {
  await scope.platform.update(tenants).set({ logo: null, logoThumb: null, logoContentType: null }).where(eq(tenants.id, scope.tenantId));
}
