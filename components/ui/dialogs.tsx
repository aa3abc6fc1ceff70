"use client";

import { useEffect, useSyncExternalStore } from "react";
import { AlertDialog } from "radix-ui";
import { Button } from "./button";

/**
 * Imperative alert / confirm / choice dialogs, all titled 'Attenzione'.
 * Callable from any client code (event handlers, api helpers); rendered by the
 * single <DialogHost/> mounted in the root layout. Dialogs queue: one is shown
 * at a time, in call order.
 */

export const DIALOG_TITLE = "Attenzione";

export interface ChoiceOption {
  value: string;
  label: string;
  /** Visual emphasis of the button; default "secondary". */
  variant?: "primary" | "secondary" | "danger";
}

export interface ConfirmOptions {
  /** Default 'OK'. */
  confirmLabel?: string;
  /** Default 'Annulla'. */
  cancelLabel?: string;
  /** Styles the confirm button as destructive (deletions). */
  danger?: boolean;
}

type DialogRequest =
  | { id: number; kind: "alert"; message: string; resolve: () => void }
  | { id: number; kind: "confirm"; message: string; options: ConfirmOptions; resolve: (ok: boolean) => void }
  | {
      id: number;
      kind: "choice";
      message: string;
      options: ChoiceOption[];
      cancelLabel: string | null;
      resolve: (value: string | null) => void;
    };

// --- tiny external store ---------------------------------------------------

let queue: readonly DialogRequest[] = [];
let nextId = 1;
let mountedHosts = 0;
const listeners = new Set<() => void>();

function setQueue(next: readonly DialogRequest[]) {
  queue = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => queue;
const getServerSnapshot = (): readonly DialogRequest[] => [];

type NewRequest = DialogRequest extends infer R ? (R extends DialogRequest ? Omit<R, "id"> : never) : never;

function enqueue(request: NewRequest) {
  setQueue([...queue, { ...request, id: nextId++ } as DialogRequest]);
}

function settle(id: number) {
  setQueue(queue.filter((d) => d.id !== id));
}

/** Without a mounted host (tests, a page outside the layout) fall back to the browser's dialogs. */
function hasHost() {
  if (mountedHosts > 0) return true;
  console.warn("dialogs: <DialogHost/> is not mounted; falling back to window dialogs");
  return false;
}

// --- public API -------------------------------------------------------------

/** Modal message with an OK button; resolves when dismissed. */
export function alertDialog(message: string): Promise<void> {
  return new Promise((resolve) => {
    if (!hasHost()) {
      if (typeof window !== "undefined") window.alert(message);
      resolve();
      return;
    }
    enqueue({ kind: "alert", message, resolve });
  });
}

/** Resolves true on confirm, false on cancel / Esc. */
export function confirmDialog(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    if (!hasHost()) {
      resolve(typeof window !== "undefined" ? window.confirm(message) : false);
      return;
    }
    enqueue({ kind: "confirm", message, options, resolve });
  });
}

/**
 * One button per option; resolves with the chosen option's value, or null when
 * dismissed (Esc or the cancel button, shown when cancelLabel is given).
 * Example: choiceDialog("Creazione fattura di acquisto X riuscita",
 *   [{ value: "stay", label: "Rimani qui" }, { value: "open", label: "Apri", variant: "primary" }])
 */
export function choiceDialog(
  message: string,
  options: ReadonlyArray<ChoiceOption | string>,
  settings: { cancelLabel?: string } = {},
): Promise<string | null> {
  const normalized = options.map((o) => (typeof o === "string" ? { value: o, label: o } : o));
  return new Promise((resolve) => {
    if (!hasHost()) {
      resolve(null);
      return;
    }
    enqueue({ kind: "choice", message, options: normalized, cancelLabel: settings.cancelLabel ?? null, resolve });
  });
}

// --- host -------------------------------------------------------------------

/** Mount once (root layout). Renders the first queued dialog. */
export function DialogHost() {
  const dialogs = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);

  useEffect(() => {
    mountedHosts++;
    return () => {
      mountedHosts--;
    };
  }, []);

  const current = dialogs[0];
  if (!current) return null;

  const dismiss = () => {
    settle(current.id);
    if (current.kind === "alert") current.resolve();
    else if (current.kind === "confirm") current.resolve(false);
    else current.resolve(null);
  };

  return (
    <AlertDialog.Root
      // A fresh key per request resets focus handling between queued dialogs.
      key={current.id}
      open
      onOpenChange={(open) => {
        if (!open) dismiss();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-(--z-dialog) bg-gray-950/30" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-(--z-dialog) w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-5 shadow-2xl outline-none">
          <AlertDialog.Title className="text-base font-semibold text-primary-900">{DIALOG_TITLE}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 whitespace-pre-line break-words text-gray-800">
            {current.message}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            {current.kind === "alert" && (
              <AlertDialog.Action asChild>
                <Button>OK</Button>
              </AlertDialog.Action>
            )}
            {current.kind === "confirm" && (
              <>
                <AlertDialog.Cancel asChild>
                  <Button variant="secondary">{current.options.cancelLabel ?? "Annulla"}</Button>
                </AlertDialog.Cancel>
                <Button
                  variant={current.options.danger ? "danger" : "primary"}
                  onClick={() => {
                    settle(current.id);
                    current.resolve(true);
                  }}
                >
                  {current.options.confirmLabel ?? "OK"}
                </Button>
              </>
            )}
            {current.kind === "choice" && (
              <>
                {current.cancelLabel !== null && (
                  <AlertDialog.Cancel asChild>
                    <Button variant="ghost">{current.cancelLabel}</Button>
                  </AlertDialog.Cancel>
                )}
                {current.options.map((option) => (
                  <Button
                    key={option.value}
                    variant={option.variant ?? "secondary"}
                    onClick={() => {
                      settle(current.id);
                      current.resolve(option.value);
                    }}
                  >
                    {option.label}
                  </Button>
                ))}
              </>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
