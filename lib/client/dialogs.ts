/**
 * Imperative alert / confirm / choice dialogs, all titled 'Attenzione': a tiny external store that
 * any client code (event handlers, the API helpers) can call. The single <DialogHost/>
 * (components/ui/dialogs.tsx, mounted in the root layout) renders it. Dialogs queue: one is shown at a
 * time, in call order.
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

export type DialogRequest =
  | { id: number; kind: "alert"; message: string; title?: string; resolve: () => void }
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

/** The host counts itself in and out (a dialog without a host falls back to the browser's). */
export function registerHost(): () => void {
  mountedHosts++;
  return () => {
    mountedHosts--;
  };
}
const listeners = new Set<() => void>();

function setQueue(next: readonly DialogRequest[]) {
  queue = next;
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSnapshot = () => queue;
export const getServerSnapshot = (): readonly DialogRequest[] => [];

type NewRequest = DialogRequest extends infer R ? (R extends DialogRequest ? Omit<R, "id"> : never) : never;

function enqueue(request: NewRequest) {
  setQueue([...queue, { ...request, id: nextId++ } as DialogRequest]);
}

export function settle(id: number) {
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
export function alertDialog(message: string, options: { title?: string } = {}): Promise<void> {
  return new Promise((resolve) => {
    if (!hasHost()) {
      if (typeof window !== "undefined") window.alert(message);
      resolve();
      return;
    }
    enqueue({ kind: "alert", message, title: options.title, resolve });
  });
}

/** The title of a dialog that reports a success (a server's dialogMessage): not a warning. */
export const INFO_DIALOG_TITLE = "Informazione";

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

