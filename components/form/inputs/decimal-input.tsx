"use client";

import type { ComponentProps, Ref } from "react";
import { formatDecimalText, parseDecimalText } from "@/lib/client/input-values";
import { NumericTextField } from "./numeric-text-field";
import { useTextValue } from "./use-text-value";

type NativeProps = Omit<ComponentProps<"input">, "value" | "onChange" | "onBlur" | "type" | "ref">;

export interface DecimalInputProps extends NativeProps {
  /** Decimal with a dot ("22.50"), "" when empty; other text is the user's rejected input. */
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  /** Decimals kept (default 2). */
  scale?: number;
  /** Shows a % sign after the number (the user may also type one). */
  percent?: boolean;
}

const isDotDecimal = (v: unknown): v is string => typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v);

/**
 * Decimal number with a comma decimal mark and an optional % suffix:
 * '22,5' / '22,5%' / '22.5' -> "22.50". Text that is not a number shows
 * 'Il campo deve essere numerico' and is passed on as typed, so the schema
 * refuses the save. Use with a Controller: <DecimalInput {...field} percent />.
 */
export function DecimalInput({ value, onChange, onBlur, scale = 2, percent = false, className, ...props }: DecimalInputProps) {
  const { inputProps, invalidMessage } = useTextValue<string>({
    value: typeof value === "number" ? String(value) : value,
    onChange: (v) => onChange(v ?? ""),
    onBlur,
    parse: (text) => parseDecimalText(text, scale),
    format: (v) => formatDecimalText(v, scale),
    emptyValue: "",
    isValue: isDotDecimal,
  });
  return (
    <NumericTextField {...props} inputProps={inputProps} invalidMessage={invalidMessage} inputMode="decimal" suffix={percent ? "%" : undefined} className={className} />
  );
}
