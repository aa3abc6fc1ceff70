"use client";

import type { ComponentProps, Ref } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";
import { useFieldControl } from "@/components/ui/field";
import { formatIntegerText, parseIntegerText } from "@/lib/client/input-values";
import { InlineError } from "./inline-error";
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
  const field = useFieldControl();
  const { inputProps, invalidMessage } = useTextValue<number>({
    value,
    onChange,
    onBlur,
    parse: parseIntegerText,
    format: formatIntegerText,
    emptyValue: null,
    isValue: isInteger,
  });
  const errorId = field ? `${field.id}-format` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <Input
        {...props}
        {...inputProps}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={invalidMessage ? true : undefined}
        aria-describedby={invalidMessage ? errorId : undefined}
        className={cn("text-right tabular-nums", className)}
      />
      <InlineError id={errorId} message={invalidMessage} />
    </div>
  );
}
