/**
 * The one browser client for our /api contract (spec §7, §8).
 *
 * Success body: { status: "ok", message?, dialogMessage?, ...entity }.
 * Failure body: { status: "error", message, errors? } with an HTTP error code.
 * Every helper resolves with the success body or throws:
 * - ApiError { status (HTTP code, 0 = network), message (Italian), errors } or
 * - an AbortError when the caller's AbortSignal fired: check isAbortError(e)
 *   and ignore it (a newer request replaced this one).
 */
import { alertDialog, INFO_DIALOG_TITLE } from "./dialogs";
import { isPublicPath } from "@/lib/navigation";
import { dismissNotify, notifyError, notifyProgress, notifySuccess, type ToastId } from "./notify";

export type ApiOk<T = Record<string, unknown>> = {
  status: "ok";
  message?: string;
  dialogMessage?: string;
} & T;

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    /** HTTP status code; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    /** Field-level messages (validation), for the form banner. */
    readonly errors: string[] = [],
    /** The parsed response body, when there was one. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const SERVER_ERROR_MESSAGE = "Errore del server";
export const GENERIC_ERROR_MESSAGE = "Errore";
export const FILE_TOO_LARGE_MESSAGE = "File troppo grande";
export const SESSION_EXPIRED_MESSAGE =
  "Attenzione: pagina protetta. Forse è scaduta la sessione, prova a ricaricare la pagina";
export const SESSION_EXPIRED_TOAST_MS = 4000;

/** Calls whose 401 is expected (not logged in yet) and must not raise the session notice. */
const SESSION_CALLS = new Set(["/api/login", "/api/logout", "/api/me"]);

export interface RequestOptions {
  signal?: AbortSignal;
}

export type QueryValue = string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>;

// ---------------------------------------------------------------------------
// Pure parts (unit-tested)
// ---------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v !== "") : [];
}

/** Message for a non-2xx response (spec §8). */
export function httpErrorMessage(httpStatus: number, serverMessage?: string | null, statusText = ""): string {
  if (httpStatus === 413 || serverMessage?.includes("413") || statusText.includes("413")) return FILE_TOO_LARGE_MESSAGE;
  return serverMessage || GENERIC_ERROR_MESSAGE;
}

/**
 * Turns an HTTP status plus parsed JSON body (null when not JSON) into the
 * success body, or throws ApiError:
 * - non-2xx: 'File troppo grande' for 413, else the server's message, else 'Errore';
 * - 2xx without status "ok": the server's message, else 'Errore del server'
 *   (a body with no status at all is also logged with console.warn).
 */
export function interpretResponse<T = Record<string, unknown>>(
  httpStatus: number,
  body: unknown,
  statusText = "",
  url = "",
): ApiOk<T> {
  const record = isRecord(body) ? body : null;
  const serverMessage = typeof record?.message === "string" ? record.message : null;
  const errors = stringList(record?.errors);
  if (httpStatus < 200 || httpStatus >= 300) {
    throw new ApiError(httpStatus, httpErrorMessage(httpStatus, serverMessage, statusText), errors, body);
  }
  if (record?.status === "ok") return record as ApiOk<T>;
  if (record === null || record.status === undefined) {
    console.warn(`[api] risposta senza status${url ? ` da ${url}` : ""}`, body);
  }
  throw new ApiError(httpStatus, serverMessage || SERVER_ERROR_MESSAGE, errors, body);
}

/** Path of a (possibly relative or absolute) URL, without query and trailing slash. */
function pathOf(url: string): string {
  let path: string;
  try {
    path = new URL(url, "http://localhost").pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? "";
  }
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * Whether a 401 from `url` should show the session-expired notice: not for
 * the login/logout/current-user calls and not while on a public page.
 */
export function shouldNotifySessionExpired(url: string, pathname: string): boolean {
  if (SESSION_CALLS.has(pathOf(url))) return false;
  return !isPublicPath(pathname);
}

/**
 * Query string from params: null/undefined are skipped; arrays of primitives
 * become comma lists (columns=a,b); objects and other arrays are sent as JSON
 * (sortModel, filterModel, addedParams). Appends to any existing query.
 */
export function buildUrl(url: string, params?: Record<string, QueryValue>): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      const primitive = value.every((v) => ["string", "number", "boolean"].includes(typeof v));
      search.append(key, primitive ? value.join(",") : JSON.stringify(value));
    } else if (typeof value === "object") {
      search.append(key, JSON.stringify(value));
    } else {
      search.append(key, String(value));
    }
  }
  const query = search.toString();
  if (!query) return url;
  const [base, hash] = url.split("#", 2) as [string, string | undefined];
  return `${base}${base.includes("?") ? "&" : "?"}${query}${hash !== undefined ? `#${hash}` : ""}`;
}

export type EntityFiles = Record<string, Blob | null | undefined | ReadonlyArray<Blob | null | undefined>>;

/**
 * Multipart body of a save: the entity as JSON in one field named
 * entityName, plus files. An array under key K is sent as K[0], K[1], ...
 * (empty slots are skipped but keep their index: filesContent[index]).
 */
export function buildEntityFormData(entityName: string, entity: unknown, files?: EntityFiles): FormData {
  const formData = new FormData();
  formData.append(entityName, JSON.stringify(entity ?? null));
  for (const [key, value] of Object.entries(files ?? {})) {
    if (value === null || value === undefined) continue;
    if (value instanceof Blob) {
      appendFile(formData, key, value);
    } else {
      value.forEach((file, index) => {
        if (file) appendFile(formData, `${key}[${index}]`, file);
      });
    }
  }
  return formData;
}

function appendFile(formData: FormData, key: string, file: Blob) {
  if (typeof File !== "undefined" && file instanceof File) formData.append(key, file, file.name);
  else formData.append(key, file);
}

// ---------------------------------------------------------------------------
// Aborts
// ---------------------------------------------------------------------------

/** True for the error thrown when a request's AbortSignal fired. */
export function isAbortError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

function abortError(): Error {
  return new DOMException("Richiesta annullata", "AbortError");
}

// ---------------------------------------------------------------------------
// Transport
// ---------------------------------------------------------------------------

function currentPathname(): string {
  return typeof window !== "undefined" && window.location ? window.location.pathname : "";
}

/** One session notice however many calls fail with it (a page's grid, its counts, a form load…). */
function handleUnauthorized(url: string) {
  if (shouldNotifySessionExpired(url, currentPathname())) notifyError(SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_TOAST_MS, "session-expired");
}

/** A 401: the session notice has already said it all. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const BASE_HEADERS = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" } as const;

async function request<T>(method: string, url: string, body: BodyInit | undefined, options: RequestOptions = {}) {
  const { signal } = options;
  if (signal?.aborted) throw abortError();
  let text: string;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      body,
      signal,
      headers: BASE_HEADERS,
      credentials: "same-origin",
      cache: "no-store",
    });
    text = await response.text();
  } catch (error) {
    // fetch rejects with signal.reason, which may be anything the caller passed to abort().
    if (signal?.aborted || isAbortError(error)) throw abortError();
    throw new ApiError(0, GENERIC_ERROR_MESSAGE, [], undefined);
  }
  if (response.status === 401) handleUnauthorized(url);
  return interpretResponse<T>(response.status, parseJson(text), response.statusText, url);
}

/**
 * POST whose success is a file (the zip of XML files): the bytes and the name of Content-Disposition; a refusal
 * is the API's JSON message, thrown like every other call's.
 */
export async function apiPostFile(url: string, formData: FormData, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body: formData, headers: { "X-Requested-With": "XMLHttpRequest" }, credentials: "same-origin", cache: "no-store" });
  } catch {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE, [], undefined);
  }
  if (response.status === 401) handleUnauthorized(url);
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || type.includes("application/json")) {
    interpretResponse(response.status, parseJson(await response.text()), response.statusText, url);
    throw new ApiError(response.status, SERVER_ERROR_MESSAGE, [], undefined);
  }
  const disposition = response.headers.get("content-disposition");
  const m = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return { blob: await response.blob(), filename: m ? decodeURIComponent(m[1]!) : fallbackName };
}

/** GET with X-Requested-With; params go in the query string (see buildUrl). */
export function apiGet<T = Record<string, unknown>>(
  url: string,
  params?: Record<string, QueryValue>,
  options?: RequestOptions,
): Promise<ApiOk<T>> {
  return request<T>("GET", buildUrl(url, params), undefined, options);
}

/** Save: multipart with the entity as JSON in the field entityName (+ optional files). */
export function apiPostEntity<T = Record<string, unknown>>(
  url: string,
  entityName: string,
  entity: unknown,
  files?: EntityFiles,
  options?: RequestOptions,
): Promise<ApiOk<T>> {
  return request<T>("POST", url, buildEntityFormData(entityName, entity, files), options);
}

/** POST with an optional multipart body (empty body for actions such as time-entry-start). */
export function apiPost<T = Record<string, unknown>>(
  url: string,
  formData?: FormData,
  options?: RequestOptions,
): Promise<ApiOk<T>> {
  return request<T>("POST", url, formData, options);
}

export function apiDelete<T = Record<string, unknown>>(url: string, options?: RequestOptions): Promise<ApiOk<T>> {
  return request<T>("DELETE", url, undefined, options);
}

export interface UploadOptions extends RequestOptions {
  /** Called with 0..100 as the body is sent. */
  onProgress?: (percent: number) => void;
  /** Show and update the toast 'Caricamento... N%' while uploading. */
  progressToast?: boolean;
}

/**
 * POST multipart through XMLHttpRequest so upload progress can be reported
 * (fetch cannot). Same response handling and errors as the other helpers.
 * Build the body with buildEntityFormData(...) for entity saves.
 */
export function uploadWithProgress<T = Record<string, unknown>>(
  url: string,
  formData: FormData,
  options: UploadOptions = {},
): Promise<ApiOk<T>> {
  const { signal, onProgress, progressToast = false } = options;
  let toastId: ToastId | undefined;
  const report = (percent: number) => {
    if (progressToast) toastId = notifyProgress(percent, toastId);
    onProgress?.(percent);
  };

  const promise = new Promise<ApiOk<T>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener("abort", onAbortSignal, { once: true });
    const cleanup = () => signal?.removeEventListener("abort", onAbortSignal);

    xhr.open("POST", url);
    for (const [name, value] of Object.entries(BASE_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) report(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      cleanup();
      if (xhr.status === 401) handleUnauthorized(url);
      try {
        resolve(interpretResponse<T>(xhr.status, parseJson(xhr.responseText), xhr.statusText, url));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      cleanup();
      reject(new ApiError(0, GENERIC_ERROR_MESSAGE));
    };
    xhr.onabort = () => {
      cleanup();
      reject(abortError());
    };
    report(0);
    xhr.send(formData);
  });

  return progressToast ? promise.finally(() => dismissNotify(toastId)) : promise;
}

// ---------------------------------------------------------------------------
// Showing outcomes
// ---------------------------------------------------------------------------

/** Success toast with the server's message, plus a dialog for dialogMessage. */
export function showSuccess(response: { message?: string | null; dialogMessage?: string | null }): Promise<void> {
  if (response.message) notifySuccess(response.message);
  return response.dialogMessage ? alertDialog(response.dialogMessage, { title: INFO_DIALOG_TITLE }) : Promise.resolve();
}

/** Text to show for any thrown value (ApiError, Error, other). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // Field messages not already spelled out in the main message are appended.
    const extra = error.errors.filter((e) => !error.message.includes(e));
    return [error.message, ...extra].join("\n");
  }
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/** Messages for the red form banner after a failed save. */
export function errorList(error: unknown): string[] {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors;
  return [errorMessage(error)];
}

/** Alert 'Attenzione' with the error's message; aborted requests are ignored. */
export function showError(error: unknown): Promise<void> {
  if (isAbortError(error) || isUnauthorized(error)) return Promise.resolve();
  return alertDialog(errorMessage(error));
}
