"use client";

import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  type FormEventHandler,
  type ReactNode,
} from "react";
import { AlertDialog, Dialog } from "radix-ui";
import { Button } from "./button";
import { cn } from "./cn";

export type ModalSize = "sm" | "md" | "lg" | "xl" | "full";

const sizeClasses: Record<ModalSize, string> = {
  sm: "w-[calc(100vw-2rem)] max-w-md",
  md: "w-[calc(100vw-2rem)] max-w-2xl",
  lg: "w-[calc(100vw-2rem)] max-w-4xl",
  // Extra size (e.g. the field value list grid).
  xl: "w-[calc(100vw-2rem)] max-w-6xl",
  full: "w-[calc(100vw-2rem)] h-[calc(100dvh-2rem)]",
};

export const UNSAVED_CHANGES_MESSAGE = "Non hai salvato. Uscire?";
export const STAY_LABEL = "Rimani";
export const LEAVE_WITHOUT_SAVING_LABEL = "Esci senza salvare";

export interface ModalProps {
  open: boolean;
  /** Called once closing is allowed (not busy; unsaved changes confirmed). */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons row (e.g. Salva). Inside the form when onSubmit is given. */
  footer?: ReactNode;
  size?: ModalSize;
  /** Unsaved changes: closing asks 'Non hai salvato. Uscire?'. */
  dirty?: boolean;
  /** Saving in progress: the modal cannot be closed and the body is disabled. */
  busy?: boolean;
  /**
   * Renders body + footer inside a <form> with this handler, so Enter and a
   * type="submit" button in the footer submit (pass form.handleSubmit(...)).
   */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** Optional screen-reader description of the dialog. */
  description?: ReactNode;
  bodyClassName?: string;
  className?: string;
}

interface ModalContextValue {
  /** Closes through the same guards as 'x', Esc and the overlay. */
  requestClose: () => void;
  busy: boolean;
  dirty: boolean;
}

const ModalContext = createContext<ModalContextValue | null>(null);

/** For content inside a Modal, e.g. an 'Annulla' button: `useModal().requestClose()`. */
export function useModal(): ModalContextValue {
  const ctx = useContext(ModalContext);
  if (!ctx) throw new Error("useModal() must be used inside <Modal>");
  return ctx;
}

/** An Esc pressed in a field whose list is open (aria-expanded) belongs to that list. */
function isOpenListTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[aria-expanded="true"]') !== null;
}

/** Sonner toasts live outside the dialog; clicking one must not close the modal. */
function isToastTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("[data-sonner-toaster]") !== null;
}

/**
 * Modal frame on Radix Dialog: title, 'x' control, scrollable body, footer.
 * Stacks from z-index 10000 (--z-modal); a modal opened from another modal is
 * portaled later and therefore sits on top.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = "md",
  dirty = false,
  busy = false,
  onSubmit,
  description,
  bodyClassName,
  className,
}: ModalProps) {
  const [confirmOpen, setConfirmOpen] = useState(false);

  const requestClose = useCallback(() => {
    if (busy) return;
    if (dirty) {
      setConfirmOpen(true);
      return;
    }
    onClose();
  }, [busy, dirty, onClose]);

  const contextValue = useMemo(() => ({ requestClose, busy, dirty }), [requestClose, busy, dirty]);

  // The body scrolls in a div of its own: a <fieldset> is never a scroll container in Chromium, so a
  // tall form in it ran off the screen. Header and footer stay put; wide content scrolls sideways inside.
  const body = (
    <>
      <div className="min-h-0 flex-1 overflow-auto overscroll-contain" data-modal-body>
        <fieldset disabled={busy} className={cn("m-0 min-w-0 border-0 p-4", bodyClassName)}>
          {children}
        </fieldset>
      </div>
      {footer !== undefined && (
        <footer className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t border-border px-4 py-3">{footer}</footer>
      )}
    </>
  );

  return (
    <ModalContext.Provider value={contextValue}>
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (!next) requestClose();
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-(--z-modal) bg-gray-950/40" />
          <Dialog.Content
            {...(description === undefined ? { "aria-describedby": undefined } : {})}
            aria-busy={busy || undefined}
            onEscapeKeyDown={(e) => {
              // Radix hears Esc on the document before the field does: an open list (combobox) closes
              // itself and the form stays
              if (busy || isOpenListTarget(e.target)) e.preventDefault();
            }}
            onInteractOutside={(e) => {
              if (busy || isToastTarget(e.target)) e.preventDefault();
            }}
            className={cn(
              "fixed top-1/2 left-1/2 z-(--z-modal) flex max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
              "rounded-lg bg-surface shadow-2xl outline-none",
              sizeClasses[size],
              className,
            )}
          >
            <header className="flex shrink-0 items-center justify-between gap-3 border-b border-border bg-primary-50 px-4 py-3 rounded-t-lg">
              <Dialog.Title className="truncate text-base font-semibold text-primary-900">{title}</Dialog.Title>
              <button
                type="button"
                onClick={requestClose}
                disabled={busy}
                aria-label="Chiudi"
                title="Chiudi"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-primary-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-40"
              >
                <svg viewBox="0 0 16 16" className="h-4 w-4" fill="none" aria-hidden="true">
                  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
            </header>
            {description !== undefined && (
              <Dialog.Description className="sr-only">{description}</Dialog.Description>
            )}
            {onSubmit ? (
              <form
                onSubmit={(event) => {
                  // React events bubble through portals: a dialog opened over another form's dialog (the e-mail over
                  // the invoice, a product's form over a row's) must not submit the form beneath it too
                  event.stopPropagation();
                  onSubmit(event);
                }}
                noValidate
                className="flex min-h-0 flex-1 flex-col"
              >
                {body}
              </form>
            ) : (
              body
            )}

            <UnsavedChangesConfirm
              open={confirmOpen}
              onStay={() => setConfirmOpen(false)}
              onLeave={() => {
                setConfirmOpen(false);
                onClose();
              }}
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </ModalContext.Provider>
  );
}

function UnsavedChangesConfirm({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-(--z-dialog) bg-gray-950/30" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-(--z-dialog) w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-5 shadow-2xl outline-none">
          <AlertDialog.Title className="text-base font-semibold text-primary-900">Attenzione</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-gray-800">{UNSAVED_CHANGES_MESSAGE}</AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{STAY_LABEL}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" onClick={onLeave}>
                {LEAVE_WITHOUT_SAVING_LABEL}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
