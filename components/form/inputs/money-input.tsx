"use client";

import type { ComponentProps, Ref } from "react";
import { formatMoneyEditText, formatMoneyText, parseMoneyText } from "@/lib/client/input-values";
import { NumericTextField } from "./numeric-text-field";
import { useTextValue } from "./use-text-value";

type NativeProps = Omit<ComponentProps<"input">, "value" | "onChange" | "onBlur" | "type" | "ref">;

export interface MoneyInputProps extends NativeProps {
  /** Integer cents, null when empty (a string is rejected text, see useTextValue). */
  value: number | string | null | undefined;
  onChange: (value: number | string | null) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  /** Shows a € sign before the amount; default true. */
  euro?: boolean;
}

const isCents = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Amount in euros: typing '1.234,56', '1234,56' or '12,5' gives 123456 / 1250
 * cents; shown as "1'234,56" when blurred, "1234,56" while editing.
 * Use with a react-hook-form Controller: <MoneyInput {...field} />.
 */
export function MoneyInput({ value, onChange, onBlur, euro = true, className, ...props }: MoneyInputProps) {
  const { inputProps, invalidMessage } = useTextValue<number>({
    value,
    onChange,
    onBlur,
    parse: parseMoneyText,
    format: formatMoneyText,
    formatEditing: formatMoneyEditText,
    emptyValue: null,
    isValue: isCents,
  });
  return (
    <NumericTextField {...props} inputProps={inputProps} invalidMessage={invalidMessage} inputMode="decimal" prefix={euro ? "€" : undefined} className={className} />
  );
}
