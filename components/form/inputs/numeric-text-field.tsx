"use client";

import type { ComponentProps, Ref } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";
import { useFieldControl } from "@/components/ui/field";
import { InlineError } from "./inline-error";

type NativeProps = Omit<ComponentProps<"input">, "value" | "onChange" | "onBlur" | "type" | "ref">;

/**
 * The frame shared by the money, decimal and integer inputs: a right-aligned text input fed by
 * useTextValue, an optional sign before (€) or after (%) the number, and the inline format error.
 */
export function NumericTextField({
  inputProps,
  invalidMessage,
  inputMode,
  prefix,
  suffix,
  className,
  ...props
}: NativeProps & {
  inputProps: ComponentProps<"input">;
  invalidMessage: string | null;
  inputMode: "decimal" | "numeric";
  /** Sign shown before the number (e.g. "€"). */
  prefix?: string;
  /** Sign shown after the number (e.g. "%"). */
  suffix?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const field = useFieldControl();
  const errorId = field ? `${field.id}-format` : undefined;
  // the schema often says the same as the format check ('Il campo deve essere un numero intero'): once is enough
  const formatMessage = invalidMessage && invalidMessage !== field?.error ? invalidMessage : null;
  const affix = (content: string, side: "left" | "right") => (
    <span aria-hidden className={cn("pointer-events-none absolute inset-y-0 flex items-center text-gray-500", side === "left" ? "left-2.5" : "right-2.5")}>
      {content}
    </span>
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="relative">
        {prefix && affix(prefix, "left")}
        <Input
          {...props}
          {...inputProps}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          aria-invalid={invalidMessage ? true : undefined}
          aria-describedby={formatMessage ? errorId : undefined}
          className={cn("text-right tabular-nums", prefix && "pl-7", suffix && "pr-7", className)}
        />
        {suffix && affix(suffix, "right")}
      </div>
      <InlineError id={errorId} message={formatMessage} />
    </div>
  );
}
