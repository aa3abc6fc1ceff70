import "server-only";
import { ZodError } from "zod";
import { isDataException, pgErrorCode } from "@/db/pg-errors";
import { ApiError, ValidationError, zodMessages } from "@/lib/errors";

export const INVALID_DATA = "Dati non validi: controlla i valori inseriti";

/**
 * Every response of the /api contract is built here (plain web Responses: importable from scripts and tests too).
 * Success: { status: "ok", message?, dialogMessage?, ...payload }.
 * Failure: { status: "error", message, errors? } with the HTTP status of the error.
 */
export function ok(payload: Record<string, unknown> = {}, init?: ResponseInit): Response {
  return Response.json({ status: "ok", ...payload }, init);
}

/** `extra`: a failure's own fields beside the message (the login's twoFactorRequired). */
export function fail(httpStatus: number, message: string, errors: string[] = [], extra: Record<string, unknown> = {}): Response {
  return Response.json({ status: "error", message, ...(errors.length ? { errors } : {}), ...extra }, { status: httpStatus });
}


export function errorResponse(err: unknown): Response {
  if (err instanceof ZodError) err = new ValidationError(zodMessages(err));
  if (err instanceof ApiError) {
    const response = fail(err.httpStatus, err.message, err.errors);
    // a refused upload may not have been read to its end: the client must not reuse this connection
    if (err.httpStatus === 413) response.headers.set("connection", "close");
    return response;
  }
  if (isDataException(err)) {
    console.warn("[api] dato non valido arrivato al database", pgErrorCode(err), (err as Error).message);
    return fail(400, INVALID_DATA);
  }
  console.error("[api] errore non gestito", err);
  return fail(500, "Errore del server");
}
