"use client";

import type { ComponentProps } from "react";
import { controlClasses, useFieldControlProps } from "./field";
import { cn } from "./cn";

export type TextareaProps = ComponentProps<"textarea">;

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  const fieldProps = useFieldControlProps(props);
  return <textarea rows={rows} {...props} {...fieldProps} className={controlClasses(cn("py-1.5 resize-y", className))} />;
}
