"use client";

import type { Ref } from "react";
import { Select } from "@/components/ui/select";
import type { Option } from "@/lib/schemas/entity";

export interface OptionSelectProps {
  /** The chosen record ({ id, toString }) or null. */
  value: Option | null | undefined;
  onChange: (value: Option | null) => void;
  /** The records to choose from (a form's formData list). */
  options: readonly Option[];
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLSelectElement>;
  /** A first empty choice with this text (e.g. "-"). */
  placeholder?: string;
  className?: string;
}

/**
 * A record chosen from a short list that the form already has (VAT rates, the tenant's users): a native select
 * whose value is the { id, toString } of the record. The current value stays selectable when the list no longer
 * has it (a rate deactivated or a user disabled since), shown first. Use with a Controller (FormField).
 */
export function OptionSelect({ value, onChange, options, onBlur, name, ref, placeholder, className }: OptionSelectProps) {
  const all = value && value.id && !options.some((o) => o.id === value.id) ? [value, ...options] : options;
  return (
    <Select
      name={name}
      ref={ref}
      onBlur={onBlur}
      value={value ? String(value.id) : ""}
      onChange={(e) => onChange(all.find((o) => String(o.id) === e.target.value) ?? null)}
      placeholder={placeholder}
      options={all.map((o) => ({ value: String(o.id), label: o.toString }))}
      className={className}
    />
  );
}
