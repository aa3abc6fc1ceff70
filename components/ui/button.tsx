"use client";

import type { ComponentProps } from "react";
import { Slot } from "radix-ui";
import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "link";
export type ButtonSize = "sm" | "md" | "icon";

const variantClasses: Record<ButtonVariant, string> = {
  primary: "bg-primary-600 text-white hover:bg-primary-700 active:bg-primary-800 shadow-sm",
  secondary: "border border-border bg-white text-gray-800 hover:bg-primary-50 active:bg-primary-100 shadow-sm",
  danger: "bg-danger-600 text-white hover:bg-danger-700 active:bg-danger-800 shadow-sm",
  ghost: "text-gray-700 hover:bg-primary-50 active:bg-primary-100",
  link: "text-primary-700 underline-offset-2 hover:underline px-0",
};

const sizeClasses: Record<ButtonSize, string> = {
  sm: "h-7 px-2.5 text-sm gap-1",
  md: "h-9 px-4 gap-1.5",
  icon: "h-8 w-8 justify-center",
};

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button (e.g. while saving). */
  loading?: boolean;
  /** Render the child element (e.g. a Next <Link>) with button styling. */
  asChild?: boolean;
}

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cn(
    "inline-flex items-center justify-center whitespace-nowrap rounded-md font-medium transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500",
    "disabled:pointer-events-none disabled:opacity-50",
    variantClasses[variant],
    variant === "link" ? "h-auto" : sizeClasses[size],
    className,
  );
}

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  asChild = false,
  disabled,
  className,
  type,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      // Default to "button" so a toolbar button inside a <form> never submits by accident.
      type={type ?? "button"}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg className={cn("h-4 w-4 animate-spin", className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
