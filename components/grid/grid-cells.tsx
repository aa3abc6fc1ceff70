"use client";

/**
 * Reusable cell content for grid renderers (ServerGrid/EntityGrid `renderers`):
 *
 *   renderers={{
 *     state: (v) => <StateBadge tone={STATE_TONES[v as string] ?? "gray"} label={String(v ?? "")} />,
 *     number: (v, row) => <LinkCell label={String(v)} onClick={() => openDocument(row.id)} />,
 *   }}
 */
import type { MouseEvent, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export type StateTone = "gray" | "blue" | "green" | "amber" | "red" | "violet";

export const STATE_TONES: readonly StateTone[] = ["gray", "blue", "green", "amber", "red", "violet"];

const TONE_CLASSES: Record<StateTone, string> = {
  gray: "bg-gray-100 text-gray-700 ring-gray-300",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  green: "bg-green-50 text-green-800 ring-green-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  violet: "bg-violet-50 text-violet-800 ring-violet-200",
};

/** The state of a record as a small coloured pill (e.g. 'Inviata' green, 'Scartata' red). */
export function StateBadge({ tone = "gray", label, title, className }: { tone?: StateTone; label: ReactNode; title?: string; className?: string }) {
  return (
    <span
      data-tone={tone}
      title={title ?? (typeof label === "string" ? label : undefined)}
      className={cn("inline-flex max-w-full items-center truncate rounded-full px-2 py-0.5 text-xs leading-4 font-medium ring-1 ring-inset", TONE_CLASSES[tone], className)}
    >
      {label}
    </span>
  );
}

export interface LinkCellProps {
  label: ReactNode;
  /** A page to open: a plain anchor (full navigation; middle click and 'open in a new tab' work). */
  href?: string;
  /** Opens the target in a new tab (e.g. a PDF). */
  newTab?: boolean;
  /** Runs instead of navigating (e.g. opens a dialog); a button when there is no href. */
  onClick?: () => void;
  title?: string;
  className?: string;
}

const LINK_CLASSES = "max-w-full truncate text-left text-primary-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500";

// a click in a cell must not reach the row (double click = edit)
const stop = (e: MouseEvent) => e.stopPropagation();

/** A link in a cell: an anchor with `href`, otherwise a link-looking button calling `onClick`. */
export function LinkCell({ label, href, newTab, onClick, title, className }: LinkCellProps) {
  if (href !== undefined) {
    return (
      <a
        href={href}
        title={title}
        className={cn(LINK_CLASSES, className)}
        onDoubleClick={stop}
        onClick={(e) => {
          e.stopPropagation();
          // with a handler, a plain click runs it; ctrl/cmd/shift clicks still open the href
          if (onClick && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey) {
            e.preventDefault();
            onClick();
          }
        }}
        {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {label}
      </a>
    );
  }
  return (
    <button
      type="button"
      title={title}
      className={cn(LINK_CLASSES, className)}
      onDoubleClick={stop}
      onClick={(e) => {
        e.stopPropagation();
        onClick?.();
      }}
    >
      {label}
    </button>
  );
}
