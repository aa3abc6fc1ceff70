"use client";

import type { ComponentProps, Ref } from "react";
import { cn } from "@/components/ui/cn";
import { useFieldControl } from "@/components/ui/field";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { formatDateText, parseDateText, stepDate } from "@/lib/client/input-values";
import { InlineError } from "./inline-error";
import { StepButton } from "./step-button";
import { useTextValue } from "./use-text-value";

type NativeProps = Omit<ComponentProps<"input">, "value" | "onChange" | "onBlur" | "type" | "ref">;

export interface DateInputProps extends NativeProps {
  /** 'yyyy-MM-dd', null when empty (another string is the user's rejected text). */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
}

const isIsoDate = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * Date typed as dd/MM/yyyy (no picker, spec §5) with buttons one day back and
 * forward; an empty date steps from today. Use with a Controller.
 */
export function DateInput({ value, onChange, onBlur, className, disabled, readOnly, ...props }: DateInputProps) {
  const field = useFieldControl();
  const { inputProps, invalidMessage, setValue } = useTextValue<string>({
    value,
    onChange,
    onBlur,
    parse: parseDateText,
    format: formatDateText,
    emptyValue: null,
    isValue: isIsoDate,
  });
  const errorId = field ? `${field.id}-format` : undefined;
  const step = (days: number) => setValue(stepDate(isIsoDate(value) ? value : null, days));
  const locked = disabled || readOnly;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <StepButton label="Giorno precedente" onClick={() => step(-1)} disabled={locked}>
          <ChevronLeftIcon />
        </StepButton>
        <Input
          {...props}
          {...inputProps}
          disabled={disabled}
          readOnly={readOnly}
          type="text"
          inputMode="numeric"
          placeholder={props.placeholder ?? "gg/mm/aaaa"}
          autoComplete="off"
          maxLength={10}
          aria-invalid={invalidMessage ? true : undefined}
          aria-describedby={invalidMessage ? errorId : undefined}
          className={cn("w-32 text-center tabular-nums", className)}
        />
        <StepButton label="Giorno successivo" onClick={() => step(1)} disabled={locked}>
          <ChevronRightIcon />
        </StepButton>
      </div>
      <InlineError id={errorId} message={invalidMessage} />
    </div>
  );
}
