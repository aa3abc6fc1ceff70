"use client";

import type { ComponentProps, Ref } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";
import { useFieldControl } from "@/components/ui/field";
import { formatDecimalText, parseDecimalText } from "@/lib/client/input-values";
import { InlineError } from "./inline-error";
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
  const field = useFieldControl();
  const { inputProps, invalidMessage } = useTextValue<string>({
    value: typeof value === "number" ? String(value) : value,
    onChange: (v) => onChange(v ?? ""),
    onBlur,
    parse: (text) => parseDecimalText(text, scale),
    format: (v) => formatDecimalText(v, scale),
    emptyValue: "",
    isValue: isDotDecimal,
  });
  const errorId = field ? `${field.id}-format` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className="relative">
        <Input
          {...props}
          {...inputProps}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={invalidMessage ? true : undefined}
          aria-describedby={invalidMessage ? errorId : undefined}
          className={cn("text-right tabular-nums", percent && "pr-7", className)}
        />
        {percent && (
          <span aria-hidden className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-gray-500">
            %
          </span>
        )}
      </div>
      <InlineError id={errorId} message={invalidMessage} />
    </div>
  );
}
