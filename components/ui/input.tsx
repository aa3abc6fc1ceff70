"use client";

import type { ComponentProps } from "react";
import { controlClasses, useFieldControlProps } from "./field";
import { cn } from "./cn";

export type InputProps = ComponentProps<"input">;

/**
 * Text input; works with react-hook-form's register() (ref is a plain prop in
 * React 19). Inside a <Field> it picks up id, aria-invalid and aria-describedby.
 */
export function Input({ className, ...props }: InputProps) {
  const fieldProps = useFieldControlProps(props);
  return <input {...props} {...fieldProps} className={controlClasses(cn("h-9", className))} />;
}
