"use client";

import type { ComponentProps } from "react";
import { controlClasses, useFieldControlProps } from "./field";
import { cn } from "./cn";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentProps<"select"> {
  /** Options to render; children are rendered after them if both are given. */
  options?: readonly SelectOption[];
  /** Adds a first empty option (value "") with this text, e.g. "-" or "Seleziona...". */
  placeholder?: string;
}

/** Native select (accessible and keyboard-friendly for free); works with register(). */
export function Select({ className, options, placeholder, children, ...props }: SelectProps) {
  const fieldProps = useFieldControlProps(props);
  return (
    <select {...props} {...fieldProps} className={controlClasses(cn("h-9 pr-8", className))}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  );
}
