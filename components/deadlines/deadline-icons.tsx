import type { ReactNode } from "react";

/** The row actions' glyphs (decorative: each button keeps its Italian aria-label and title). */
function glyph(name: string, paths: ReactNode) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width={16} height={16} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" data-icon={name} className="shrink-0">
      {paths}
    </svg>
  );
}

/** 'Segna saldato': a tick in a circle. */
export const PaidIcon = glyph("paid", (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.5 2.5L16 9.5" />
  </>
));
/** 'Storna': a struck circle. */
export const CancelIcon = glyph("storno", (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6l12.8 12.8" />
  </>
));
/** 'Riapri': an arrow turning back. */
export const ReopenIcon = glyph("reopen", <path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />);
/** 'Sollecito': an envelope. */
export const ReminderIcon = glyph("reminder", (
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>
));
