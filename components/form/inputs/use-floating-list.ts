"use client";

import { useLayoutEffect, useState, type CSSProperties, type RefObject } from "react";

/** The tallest a list opens (px): about eight options. */
export const FLOATING_LIST_MAX_HEIGHT = 240;
const GAP = 4;
const MARGIN = 8;

/**
 * Where an open drop-down list goes so that nothing clips it: not inside its field's box (a dialog's scrolling body, a
 * grid row's scrolling table would cut it to two options) but portaled into the dialog the field is in (the dialog's
 * own box, which no scrolling clips; a portal to the body would leave the dialog's focus trap), else into the body;
 * placed under the field, or above it when the screen has more room there, as tall as the room allows.
 * Follows the field while anything scrolls or the window resizes. `container` is null while closed.
 */
export function useFloatingList(anchor: RefObject<HTMLElement | null>, open: boolean): { container: Element | null; style: CSSProperties } {
  const [placed, setPlaced] = useState<{ container: Element; style: CSSProperties } | null>(null);
  useLayoutEffect(() => {
    if (!open) {
      setPlaced(null);
      return;
    }
    let frame = 0;
    const place = () => {
      const field = anchor.current;
      if (!field) return;
      const dialog = field.closest("[role='dialog'], [role='alertdialog']");
      const container = dialog ?? document.body;
      const r = field.getBoundingClientRect();
      const viewport = window.innerHeight;
      const below = viewport - r.bottom - GAP - MARGIN;
      const above = r.top - GAP - MARGIN;
      const down = below >= Math.min(FLOATING_LIST_MAX_HEIGHT, 160) || below >= above;
      const maxHeight = Math.max(80, Math.min(FLOATING_LIST_MAX_HEIGHT, down ? below : above));
      // a dialog is positioned (and transformed): the list is placed in its box; the body's list is fixed to the screen
      const box = dialog ? dialog.getBoundingClientRect() : { left: 0, top: 0, bottom: viewport };
      const style: CSSProperties = {
        position: dialog ? "absolute" : "fixed",
        left: r.left - box.left - (dialog?.clientLeft ?? 0),
        width: r.width,
        maxHeight,
        ...(down ? { top: r.bottom - box.top - (dialog?.clientTop ?? 0) + GAP } : { bottom: box.bottom - r.top + GAP }),
      };
      setPlaced({ container, style });
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener("scroll", schedule, true);
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule, true);
      window.removeEventListener("resize", schedule);
    };
  }, [anchor, open]);
  return placed ?? { container: null, style: {} };
}
