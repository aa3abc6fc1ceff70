import { toast } from "sonner";

/**
 * Toast helpers; <Toaster/> (components/ui/toaster.tsx) renders them.
 * durationMs defaults to the Toaster's 5000 ms.
 */

export type ToastId = string | number;

export function notifySuccess(message: string, durationMs?: number): ToastId {
  return toast.success(message, durationMs === undefined ? undefined : { duration: durationMs });
}

/** `id`: a notice with the same id replaces the one on screen instead of stacking under it. */
export function notifyError(message: string, durationMs?: number, id?: ToastId): ToastId {
  return toast.error(message, { ...(durationMs === undefined ? {} : { duration: durationMs }), ...(id === undefined ? {} : { id }) });
}

export function notifyInfo(message: string, durationMs?: number): ToastId {
  return toast.info(message, durationMs === undefined ? undefined : { duration: durationMs });
}

/** The upload progress text: 'Caricamento... N%'. */
export function progressMessage(percent: number): string {
  const clamped = Math.max(0, Math.min(100, Math.round(percent)));
  return `Caricamento... ${clamped}%`;
}

/**
 * Shows or updates a persistent loading toast 'Caricamento... N%'. Pass the
 * returned id back on each update and to dismissNotify() when done.
 */
export function notifyProgress(percent: number, id?: ToastId): ToastId {
  return toast.loading(progressMessage(percent), { id, duration: Number.POSITIVE_INFINITY });
}

export function dismissNotify(id?: ToastId): void {
  toast.dismiss(id);
}
