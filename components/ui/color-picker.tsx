"use client";

import { RadioGroup } from "radix-ui";
import { cn } from "./cn";

export interface PaletteColor {
  value: string;
  name: string;
}

/** White (the default row colour) plus 16 soft tones readable under dark text. */
export const COLOR_PALETTE: readonly PaletteColor[] = [
  { value: "#ffffff", name: "Bianco" },
  { value: "#fde2e4", name: "Rosa" },
  { value: "#fbc4c4", name: "Rosso chiaro" },
  { value: "#fed7aa", name: "Arancio" },
  { value: "#ffe8b3", name: "Albicocca" },
  { value: "#fef3a0", name: "Giallo" },
  { value: "#e6f4a8", name: "Lime" },
  { value: "#c8efc4", name: "Verde" },
  { value: "#b8e6d4", name: "Menta" },
  { value: "#b5e8ee", name: "Acqua" },
  { value: "#c3dcf7", name: "Azzurro" },
  { value: "#c7cff7", name: "Pervinca" },
  { value: "#dccdfa", name: "Lavanda" },
  { value: "#f0cbf2", name: "Lilla" },
  { value: "#e7dccf", name: "Sabbia" },
  { value: "#e2e5ea", name: "Grigio chiaro" },
  { value: "#c9ced6", name: "Grigio" },
];

export const DEFAULT_COLOR = "#ffffff";

/** Lower-cases and validates '#rrggbb'; anything else -> null. */
export function normalizeColor(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  return /^#[0-9a-f]{6}$/.test(v) ? v : null;
}

export interface ColorPickerProps {
  /** '#rrggbb'; empty/invalid selects white. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  colors?: readonly PaletteColor[];
  disabled?: boolean;
  id?: string;
  "aria-label"?: string;
  className?: string;
}

/** Palette of swatches as an accessible radio group (arrow keys move). */
export function ColorPicker({
  value,
  onChange,
  colors = COLOR_PALETTE,
  disabled,
  id,
  "aria-label": ariaLabel = "Colore",
  className,
}: ColorPickerProps) {
  const selected = normalizeColor(value) ?? DEFAULT_COLOR;
  return (
    <RadioGroup.Root
      id={id}
      value={selected}
      onValueChange={onChange}
      disabled={disabled}
      aria-label={ariaLabel}
      orientation="horizontal"
      loop
      className={cn("grid w-fit grid-cols-9 gap-1.5", className)}
    >
      {colors.map((color) => (
        <RadioGroup.Item
          key={color.value}
          value={color.value}
          aria-label={color.name}
          title={color.name}
          style={{ backgroundColor: color.value }}
          className={cn(
            "relative h-7 w-7 rounded-md border border-gray-300 shadow-xs transition-transform",
            "hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500",
            "data-[state=checked]:ring-2 data-[state=checked]:ring-primary-600 data-[state=checked]:ring-offset-1",
            "disabled:cursor-not-allowed disabled:opacity-50",
          )}
        >
          <RadioGroup.Indicator className="absolute inset-0 flex items-center justify-center text-gray-800">
            <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" aria-hidden="true">
              <path d="M3 8.5l3 3 7-7" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </RadioGroup.Indicator>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
