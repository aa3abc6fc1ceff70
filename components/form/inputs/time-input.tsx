"use client";

import { useMemo, type Ref } from "react";
import { Select } from "@/components/ui/select";
import { cn } from "@/components/ui/cn";
import { DEFAULT_TIME_END, DEFAULT_TIME_START, DEFAULT_TIME_STEP, stepTime, timeOptions } from "@/lib/client/input-values";
import { StepButton } from "./step-button";

export interface TimeInputProps {
  /** 'HH:mm', "" / null when empty. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  ref?: Ref<HTMLSelectElement>;
  disabled?: boolean;
  /** Range and step of the list (defaults 06:00, 22:00, 30 minutes). */
  start?: string;
  end?: string;
  stepMinutes?: number;
  /** Adds an empty first choice. */
  allowEmpty?: boolean;
  className?: string;
  "aria-label"?: string;
}

/**
 * Time chooser (spec §5, §9): a list from 06:00 to 22:00 every 30 minutes,
 * plus buttons −60, −5, +5, +60 minutes. A stepped time outside the list is
 * kept and shown as an extra choice. Use with a Controller.
 */
export function TimeInput({
  value,
  onChange,
  onBlur,
  name,
  id,
  ref,
  disabled,
  start = DEFAULT_TIME_START,
  end = DEFAULT_TIME_END,
  stepMinutes = DEFAULT_TIME_STEP,
  allowEmpty = false,
  className,
  "aria-label": ariaLabel,
}: TimeInputProps) {
  const current = value ?? "";
  const options = useMemo(() => {
    const list = timeOptions(start, end, stepMinutes);
    if (current && !list.includes(current)) list.push(current);
    return list.sort().map((t) => ({ value: t, label: t }));
  }, [start, end, stepMinutes, current]);
  const step = (delta: number) => {
    onChange(stepTime(current, delta, start));
    onBlur?.();
  };
  return (
    <div className={cn("flex items-center gap-1", className)} role="group" data-testid="time-input">
      <StepButton label="Indietro di 60 minuti" onClick={() => step(-60)} disabled={disabled}>
        −1h
      </StepButton>
      <StepButton label="Indietro di 5 minuti" onClick={() => step(-5)} disabled={disabled}>
        −5
      </StepButton>
      <Select
        id={id}
        name={name}
        ref={ref}
        aria-label={ariaLabel}
        value={current}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        placeholder={allowEmpty || !current ? "" : undefined}
        options={options}
        className="w-24 tabular-nums"
      />
      <StepButton label="Avanti di 5 minuti" onClick={() => step(5)} disabled={disabled}>
        +5
      </StepButton>
      <StepButton label="Avanti di 60 minuti" onClick={() => step(60)} disabled={disabled}>
        +1h
      </StepButton>
    </div>
  );
}
