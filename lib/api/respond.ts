import { NextResponse } from "next/server";
import { ZodError } from "zod";
import { ApiError, ValidationError } from "./errors";

/**
 * Every response of the /api contract is built here.
 * Success: { status: "ok", message?, dialogMessage?, ...payload }.
 * Failure: { status: "error", message, errors? } with the HTTP status of the error.
 */
export function ok(payload: Record<string, unknown> = {}, init?: ResponseInit): NextResponse {
  return NextResponse.json({ status: "ok", ...payload }, init);
}

export function fail(httpStatus: number, message: string, errors: string[] = []): NextResponse {
  return NextResponse.json({ status: "error", message, ...(errors.length ? { errors } : {}) }, { status: httpStatus });
}

/** Italian messages of a zod failure, one per issue, without repeats. */
export function zodMessages(err: ZodError): string[] {
  return [...new Set(err.issues.map((i) => i.message))];
}

export function errorResponse(err: unknown): NextResponse {
  if (err instanceof ZodError) err = new ValidationError(zodMessages(err));
  if (err instanceof ApiError) return fail(err.httpStatus, err.message, err.errors);
  console.error("[api] errore non gestito", err);
  return fail(500, "Errore del server");
}
