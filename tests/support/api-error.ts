import { expect } from "vitest";
import { ApiError } from "@/lib/errors";

/** The promise is refused with an ApiError of this HTTP status (and this Italian message, when given). */
export async function expectApiError(p: Promise<unknown>, status: number, message?: string) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  expect((e as ApiError).httpStatus).toBe(status);
  if (message) expect((e as ApiError).message).toBe(message);
}
