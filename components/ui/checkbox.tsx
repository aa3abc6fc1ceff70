"use client";

import { useId, type ComponentProps, type ReactNode } from "react";
import { Checkbox as RadixCheckbox } from "radix-ui";
import { Label, useFieldControlProps } from "./field";
import { cn } from "./cn";

export interface CheckboxProps
  extends Omit<ComponentProps<typeof RadixCheckbox.Root>, "checked" | "onCheckedChange" | "defaultChecked"> {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** Text shown to the right of the box (clickable). */
  label?: ReactNode;
}

/**
 * Radix checkbox with a boolean API (indeterminate is folded to false).
 * With react-hook-form use a Controller:
 *   <Controller name="finished" control={form.control} render={({ field }) =>
 *     <Checkbox checked={field.value} onCheckedChange={field.onChange} label="Concluso" />} />
 */
export function Checkbox({ checked, defaultChecked, onCheckedChange, label, className, id, ...props }: CheckboxProps) {
  const generated = useId();
  const fieldProps = useFieldControlProps({ id, ...props });
  const controlId = fieldProps.id ?? id ?? generated;
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <RadixCheckbox.Root
        {...props}
        {...fieldProps}
        id={controlId}
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={(value) => onCheckedChange?.(value === true)}
        className={cn(
          "flex h-4 w-4 shrink-0 items-center justify-center rounded border border-gray-400 bg-white shadow-xs",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500",
          "data-[state=checked]:border-primary-600 data-[state=checked]:bg-primary-600 data-[state=checked]:text-white",
          "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger-600",
        )}
      >
        <RadixCheckbox.Indicator>
          <svg viewBox="0 0 16 16" className="h-3 w-3" fill="none" aria-hidden="true">
            <path d="M3 8.5l3 3 7-7" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      {label !== undefined && (
        <Label htmlFor={controlId} className="font-normal text-gray-800">
          {label}
        </Label>
      )}
    </span>
  );
}
