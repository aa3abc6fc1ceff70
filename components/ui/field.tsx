"use client";

import { createContext, useContext, useId, type ComponentProps, type ReactNode } from "react";
import { Label as RadixLabel } from "radix-ui";
import { cn } from "./cn";

/**
 * Links a label, its control and the inline error without prop plumbing:
 * Input, Select, Textarea, PasswordInput and Checkbox read this context for
 * their default id, aria-invalid and aria-describedby.
 */
interface FieldContextValue {
  id: string;
  errorId: string;
  hintId: string;
  invalid: boolean;
  /** The message the Field shows under the control (a control does not repeat it). */
  error?: string;
  hasHint: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

export function useFieldControl() {
  return useContext(FieldContext);
}

/** Props a control spreads onto its element to join the surrounding Field. */
export function useFieldControlProps(props: {
  id?: string;
  "aria-invalid"?: ComponentProps<"input">["aria-invalid"];
  "aria-describedby"?: string;
  required?: boolean;
}) {
  const field = useFieldControl();
  if (!field) return {};
  const describedBy =
    [props["aria-describedby"], field.invalid ? field.errorId : null, field.hasHint ? field.hintId : null]
      .filter(Boolean)
      .join(" ") || undefined;
  return {
    id: props.id ?? field.id,
    "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
    "aria-describedby": describedBy,
    "aria-required": props.required ?? field.required ? true : undefined,
  };
}

export interface LabelProps extends ComponentProps<typeof RadixLabel.Root> {
  required?: boolean;
}

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <RadixLabel.Root className={cn("text-sm font-medium text-gray-700 select-none", className)} {...props}>
      {children}
      {required && (
        <span className="ml-0.5 text-danger-600" aria-hidden="true">
          *
        </span>
      )}
    </RadixLabel.Root>
  );
}

export interface FieldProps {
  label?: ReactNode;
  /** Inline error, e.g. form.formState.errors.name?.message ('Il campo è richiesto'). */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Explicit id for the control; one is generated otherwise. */
  id?: string;
  className?: string;
  children: ReactNode;
}

/** Label + control + inline error message, stacked. */
export function Field({ label, error, hint, required = false, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const value: FieldContextValue = {
    id: controlId,
    errorId: `${controlId}-error`,
    hintId: `${controlId}-hint`,
    invalid: Boolean(error),
    error,
    hasHint: Boolean(hint),
    required,
  };
  return (
    <FieldContext.Provider value={value}>
      <div className={cn("flex flex-col gap-1", className)}>
        {label !== undefined && (
          <Label htmlFor={controlId} required={required}>
            {label}
          </Label>
        )}
        {children}
        {hint && !error && (
          <p id={value.hintId} className="text-xs text-gray-500">
            {hint}
          </p>
        )}
        {error && (
          <p id={value.errorId} role="alert" className="text-xs font-medium text-danger-700">
            {error}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}

/** Shared look of text-like controls (input, select, textarea). */
export function controlClasses(className?: string) {
  return cn(
    "w-full rounded-md border border-border bg-white px-2.5 text-gray-900 shadow-xs",
    "placeholder:text-gray-400",
    "focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200",
    "disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500",
    "read-only:bg-gray-50",
    "aria-invalid:border-danger-600 aria-invalid:focus:ring-danger-200",
    className,
  );
}
