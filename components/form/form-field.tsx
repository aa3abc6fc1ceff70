"use client";

import type { ReactElement, ReactNode } from "react";
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from "react-hook-form";
import { Field } from "@/components/ui/field";

export interface FormFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-hook-form's own default for the form's context type: the field never reads the context, so it accepts a form of any
  control: Control<TFieldValues, any, TTransformed>;
  name: TName;
  label?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  render: (field: ControllerRenderProps<TFieldValues, TName>, fieldState: ControllerFieldState) => ReactElement;
}

/**
 * Label + controlled input + the schema's inline message, in one line:
 *   <FormField control={form.control} name="hourlyPrice" label="Prezzo orario"
 *     render={(field) => <MoneyInput {...field} />} />
 */
export function FormField<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>, TTransformed = TFieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  render,
}: FormFieldProps<TFieldValues, TName, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} hint={hint} required={required} error={fieldState.error?.message} className={className}>
          {render(field, fieldState)}
        </Field>
      )}
    />
  );
}
