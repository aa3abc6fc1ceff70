/**
 * A whole number from the environment (a limit, a ceiling): `fallback` when the variable is missing, empty, not a
 * whole number or below `min`, so a typo in a deployment never turns a limit off.
 */
export function envInteger(value: string | undefined, fallback: number, min: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isSafeInteger(n) && n >= min ? n : fallback;
}
