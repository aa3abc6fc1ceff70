"use client";

import type { ComponentProps, Ref } from "react";
import { formatIntegerText, parseIntegerText } from "@/lib/client/input-values";
import { NumericTextField } from "./numeric-text-field";
import { useTextValue } from "./use-text-value";

type NativeProps = Omit<ComponentProps<"input">, "value" | "onChange" | "onBlur" | "type" | "ref">;

export interface IntegerInputProps extends NativeProps {
  /** Whole number, null when empty (a string is rejected text). */
  value: number | string | null | undefined;
  onChange: (value: number | string | null) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
}

const isInteger = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v);

/** Whole number; other text shows 'Il campo deve essere un numero intero'. Use with a Controller. */
export function IntegerInput({ value, onChange, onBlur, className, ...props }: IntegerInputProps) {
  const { inputProps, invalidMessage } = useTextValue<number>({
    value,
    onChange,
    onBlur,
    parse: parseIntegerText,
    format: formatIntegerText,
    emptyValue: null,
    isValue: isInteger,
  });
  return (
    <NumericTextField {...props} inputProps={inputProps} invalidMessage={invalidMessage} inputMode="numeric" className={className} />
  );
}
