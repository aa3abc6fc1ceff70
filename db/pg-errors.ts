/** Reading PostgreSQL errors from either driver (postgres-js, PGlite), also when Drizzle wraps them. */
import "server-only";


type DriverError = { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };

/** The error and the errors it wraps (Drizzle puts the driver's in `cause`), at most five deep. */
function* chain(err: unknown): Generator<DriverError> {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as DriverError).cause, depth++) yield e as DriverError;
}

/** The PostgreSQL error code (23503, 23505, …) of a driver error, also when Drizzle wraps it. */
export function pgErrorCode(err: unknown): string | undefined {
  for (const e of chain(err)) if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** The violated constraint's name (postgres-js: constraint_name, PGlite: constraint), also when wrapped. */
export function pgConstraint(err: unknown): string | undefined {
  for (const e of chain(err)) {
    const name = e.constraint_name ?? e.constraint;
    if (typeof name === "string") return name;
  }
  return undefined;
}

/** 23503 foreign_key_violation, or 23001 restrict_violation (what PostgreSQL 18 — PGlite — raises for ON DELETE RESTRICT). */
export function isReferenceViolation(code: string | undefined): boolean {
  return code === "23503" || code === "23001";
}

/**
 * SQLSTATE class 22 (data exception: 22021 NUL in text, 22003 numeric out of range, 22008 date out
 * of range, 22P02 invalid text representation…): the input was bad, the server is fine. The edges
 * (zod primitives, the grid filter compiler) refuse such values first; this is the net under them.
 */
export function isDataException(err: unknown): boolean {
  return pgErrorCode(err)?.startsWith("22") ?? false;
}
