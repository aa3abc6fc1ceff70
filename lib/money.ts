/**
 * Money: the one helper for arithmetic on integer cents.
 *
 * Conventions
 * - An amount of money is a `Cents` value: a JavaScript number that is always a safe integer
 *   (euro cents). Every function here asserts it and never produces a fraction of a cent.
 * - Quantities, unit prices and percentages are *scaled integers* (BigInt) with an explicit scale:
 *   `parseDecimal("12,5", 8)` → `1250000000n` (12.5 × 10^8). Percentages use `PERCENT_SCALE` (4
 *   decimals): 22% → `220000n`.
 * - Rounding is half-up, away from zero for negatives ("arrotondamento commerciale"):
 *   29.925 → 29.93, −29.925 → −29.93.
 * - Machine formatting for XML (dot decimal mark, no thousands separator) lives here
 *   (`formatScaled`, `centsToDecimal`); Italian display formatting lives in lib/format.ts.
 */

export type Cents = number;

/** Percentages are scaled integers with 4 decimals: 22% = 220000n, 33.33% = 333300n. */
export const PERCENT_SCALE = 4;
const PERCENT_ONE_HUNDRED = 100n * 10n ** BigInt(PERCENT_SCALE);

export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MoneyError";
  }
}

/** Throws unless `value` is a safe integer number of cents. */
export function assertCents(value: number, what = "importo"): asserts value is Cents {
  if (!Number.isSafeInteger(value)) {
    throw new MoneyError(`${what}: ${value} non è un numero intero di centesimi`);
  }
}

/** Converts a BigInt number of cents to `Cents`, refusing values outside the safe range. */
export function toCents(value: bigint): Cents {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new MoneyError(`Importo fuori limite: ${value}`);
  return n;
}

export function pow10(scale: number): bigint {
  return 10n ** BigInt(scale);
}

/** numerator / denominator rounded half-up (away from zero). Denominator must be non-zero. */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new MoneyError("Divisione per zero");
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const q = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -q : q;
}

/** Changes the scale of a scaled integer, rounding half-up when decimals are dropped. */
export function rescale(value: bigint, fromScale: number, toScale: number): bigint {
  if (toScale >= fromScale) return value * pow10(toScale - fromScale);
  return roundDiv(value, pow10(fromScale - toScale));
}

const DECIMAL_SHAPE = /^[+-]?(\d+([.,']\d+)*)?([.,]\d*)?$/;

/**
 * Parses a decimal written by a person or a machine into a scaled integer.
 * Accepts "1234,56", "1.234,56", "1'234,56", "1234.56", "22", "4%", "-0,5", " 12 ".
 * When both "." and "," appear, the last one is the decimal mark and the other groups thousands;
 * a single "," is a decimal mark; a single "." is a decimal mark too ("22.5"; "1.234" is 1.234,
 * as machine formats such as XML write it); several "." with no "," are thousands groups
 * ("1.234.567"), as are several ",".
 * Digits beyond `scale` are rounded half-up. Throws MoneyError on anything else.
 */
export function parseDecimal(input: string | number | bigint, scale: number): bigint {
  if (typeof input === "bigint") return input * pow10(scale);
  if (typeof input === "number") {
    if (!Number.isFinite(input)) throw new MoneyError(`Numero non valido: ${input}`);
    // Numbers are accepted for convenience; they go through their shortest decimal representation.
    input = numberToPlainString(input);
  }
  let s = input.trim().replace(/\s+/g, "");
  if (s.endsWith("%")) s = s.slice(0, -1);
  if (s === "" || !DECIMAL_SHAPE.test(s) || !/\d/.test(s)) {
    throw new MoneyError(`"${input}" non è un numero decimale corretto`);
  }
  let sign = 1n;
  if (s[0] === "-" || s[0] === "+") {
    if (s[0] === "-") sign = -1n;
    s = s.slice(1);
  }
  s = s.replace(/'/g, "");
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  let intPart: string;
  let fracPart = "";
  if (lastComma >= 0 && lastDot >= 0) {
    const decimalMark = lastComma > lastDot ? "," : ".";
    const thousands = decimalMark === "," ? "." : ",";
    const idx = s.lastIndexOf(decimalMark);
    if (s.indexOf(decimalMark) !== idx) throw new MoneyError(`"${input}" non è un numero decimale corretto`);
    intPart = s.slice(0, idx).split(thousands).join("");
    fracPart = s.slice(idx + 1);
  } else if (lastComma >= 0) {
    const parts = s.split(",");
    if (parts.length > 2) {
      intPart = parts.join("");
    } else {
      intPart = parts[0];
      fracPart = parts[1];
    }
  } else if (lastDot >= 0) {
    const parts = s.split(".");
    if (parts.length > 2) {
      if (parts.slice(1).some((p) => p.length !== 3)) {
        throw new MoneyError(`"${input}" non è un numero decimale corretto`);
      }
      intPart = parts.join("");
    } else {
      intPart = parts[0];
      fracPart = parts[1];
    }
  } else {
    intPart = s;
  }
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(fracPart) || intPart + fracPart === "") {
    throw new MoneyError(`"${input}" non è un numero decimale corretto`);
  }
  const digits = BigInt((intPart || "0") + fracPart);
  return sign * rescale(digits, fracPart.length, scale);
}

function numberToPlainString(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // Rare: exponent notation. toFixed(20) is exact enough for the magnitudes money uses.
  return n.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
}

/** Parses an amount of money ("1234,56", "1.234,56 ", "-3") into integer cents (half-up beyond 2 decimals). */
export function parseCents(input: string | number): Cents {
  return toCents(parseDecimal(input, 2));
}

/** Parses a percentage ("22", "4%", "33,33", 20) into a scaled integer with PERCENT_SCALE decimals. */
export function parsePercent(input: string | number | bigint): bigint {
  return typeof input === "bigint" ? input : parseDecimal(input, PERCENT_SCALE);
}

/** A percentage argument: a decimal string/number ("22", "4%") or an already scaled BigInt (PERCENT_SCALE). */
export type PercentInput = string | number | bigint;

/** round2(amount × percent / 100), half-up. `percentOf(100000, "4")` → 4000. */
export function percentOf(amount: Cents, percent: PercentInput): Cents {
  assertCents(amount);
  return toCents(roundDiv(BigInt(amount) * parsePercent(percent), PERCENT_ONE_HUNDRED));
}

/** Multiplies two scaled integers and returns the product at `outScale`, rounded half-up. */
export function multiplyScaled(a: bigint, aScale: number, b: bigint, bScale: number, outScale: number): bigint {
  return rescale(a * b, aScale + bScale, outScale);
}

/** Sum of cents, asserting each one is an integer. */
export function sumCents(values: readonly Cents[]): Cents {
  let total = 0;
  for (const v of values) {
    assertCents(v);
    total += v;
  }
  assertCents(total, "somma");
  return total;
}

/**
 * Splits `total` over `percents`: each part = round2(total × p / 100) half-up, the last part takes
 * the remainder so that the parts sum exactly to `total`. Percentages must sum to 100.
 * `allocate(100000, ["33.33","33.33","33.34"])` → [33330, 33330, 33340]; `allocate(10001, [50, 50])` → [5001, 5000].
 */
export function allocate(total: Cents, percents: readonly PercentInput[]): Cents[] {
  assertCents(total);
  if (percents.length === 0) throw new MoneyError("Nessuna percentuale da ripartire");
  const scaled = percents.map(parsePercent);
  const sum = scaled.reduce((a, b) => a + b, 0n);
  if (sum !== PERCENT_ONE_HUNDRED) {
    throw new MoneyError(`La somma delle percentuali deve essere 100 (è ${formatScaled(sum, PERCENT_SCALE, 0)})`);
  }
  const parts: Cents[] = [];
  let allocated = 0;
  for (let i = 0; i < scaled.length - 1; i++) {
    const part = toCents(roundDiv(BigInt(total) * scaled[i], PERCENT_ONE_HUNDRED));
    parts.push(part);
    allocated += part;
  }
  parts.push(total - allocated);
  return parts;
}

/**
 * Machine format of a scaled integer: dot decimal mark, no thousands separator, between
 * `minDecimals` and `scale` decimals (trailing zeros beyond minDecimals are dropped).
 * `formatScaled(1250000000n, 8, 2)` → "12.50"; `formatScaled(123456789n, 8, 2)` → "1.23456789".
 */
export function formatScaled(value: bigint, scale: number, minDecimals = scale): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = pow10(scale);
  const intPart = (abs / base).toString();
  let frac = scale > 0 ? (abs % base).toString().padStart(scale, "0") : "";
  let keep = frac.length;
  while (keep > minDecimals && frac[keep - 1] === "0") keep--;
  frac = frac.slice(0, keep);
  return (negative ? "-" : "") + intPart + (frac ? "." + frac : "");
}

/** Cents as a machine decimal with exactly 2 decimals: 123456 → "1234.56", -5 → "-0.05". */
export function centsToDecimal(amount: Cents): string {
  assertCents(amount);
  return formatScaled(BigInt(amount), 2, 2);
}
