import type { z } from "zod";

/**
 * Errors that carry their HTTP status and an Italian message for the user.
 * The route wrapper turns them into the failure response of the API contract.
 */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly errors: string[] = [],
  ) {
    super(message);
  }
}

export class BadRequestError extends ApiError {
  constructor(message = "Richiesta non valida", errors: string[] = []) {
    super(400, message, errors);
  }
}

export class ValidationError extends ApiError {
  constructor(errors: string[]) {
    super(400, ["Errore nella compilazione dei campi", ...errors].join("\n"), errors);
  }
}

export class UnauthorizedError extends ApiError {
  constructor(message = "Sessione non valida o scaduta: effettua di nuovo il login") {
    super(401, message);
  }
}

export class ForbiddenError extends ApiError {
  constructor(message = "Non hai i permessi per questa operazione") {
    super(403, message);
  }
}

/** 402: the tenant's subscription ended more than the grace ago, so its data are read-only (lib/api/read-only.ts). */
export class PaymentRequiredError extends ApiError {
  constructor(message: string) {
    super(402, message);
  }
}

export class NotFoundError extends ApiError {
  constructor(message = "Elemento non trovato") {
    super(404, message);
  }
}

export class StaleVersionError extends ApiError {
  constructor(
    message = "Il record è stato modificato da un altro utente dopo che lo hai aperto: ricarica i dati prima di salvare",
  ) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(message = "File troppo grande") {
    super(413, message);
  }
}

export class TooManyRequestsError extends ApiError {
  constructor(message: string) {
    super(429, message);
  }
}

/** Italian messages of a zod failure, one per issue, without repeats. */
export function zodMessages(err: z.ZodError): string[] {
  return [...new Set(err.issues.map((i) => i.message))];
}

/** Parses `value` with `schema`, turning failures into the 'Errore nella compilazione dei campi' list (400). */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new ValidationError(zodMessages(r.error));
  return r.data;
}
