"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** Small square button beside an input (date and time steps). Never submits. */
export function StepButton({
  label,
  onClick,
  disabled,
  children,
  className,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        "inline-flex h-9 min-w-9 shrink-0 items-center justify-center rounded-md border border-border bg-white px-1.5 text-sm text-gray-700 shadow-xs",
        "hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
    >
      {children}
    </button>
  );
}
