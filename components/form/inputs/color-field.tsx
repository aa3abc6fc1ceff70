"use client";

import { ColorPicker, DEFAULT_COLOR, type PaletteColor } from "@/components/ui/color-picker";
import { useFieldControl } from "@/components/ui/field";

export interface ColorFieldProps {
  /** '#rrggbb'; empty selects white. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  colors?: readonly PaletteColor[];
  "aria-label"?: string;
}

/** The colour chooser as a form input (Controller): the palette of components/ui/color-picker. */
export function ColorField({ value, onChange, onBlur, disabled, colors, "aria-label": ariaLabel }: ColorFieldProps) {
  const field = useFieldControl();
  return (
    <div onBlur={onBlur}>
      <ColorPicker
        id={field?.id}
        value={value || DEFAULT_COLOR}
        onChange={onChange}
        disabled={disabled}
        colors={colors}
        aria-label={ariaLabel ?? "Colore"}
      />
    </div>
  );
}
