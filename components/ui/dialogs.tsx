"use client";

import { useEffect, useSyncExternalStore } from "react";
import { AlertDialog } from "radix-ui";
import { DIALOG_TITLE, getServerSnapshot, getSnapshot, registerHost, settle, subscribe } from "@/lib/client/dialogs";
import { Button } from "./button";

export { alertDialog, choiceDialog, confirmDialog, DIALOG_TITLE, type ChoiceOption, type ConfirmOptions } from "@/lib/client/dialogs";

// --- host -------------------------------------------------------------------

/** Mount once (root layout). Renders the first queued dialog. */
export function DialogHost() {
  const dialogs = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);

  useEffect(() => registerHost(), []);

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
        {/* a long message (a form's many errors) scrolls inside; the title and the buttons stay in view */}
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-(--z-dialog) flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface p-5 shadow-2xl outline-none">
          <AlertDialog.Title className="shrink-0 text-base font-semibold text-primary-900">{(current.kind === "alert" && current.title) || DIALOG_TITLE}</AlertDialog.Title>
          <AlertDialog.Description data-dialog-body className="mt-2 min-h-0 overflow-y-auto overscroll-contain whitespace-pre-line break-words text-gray-800">
            {current.message}
          </AlertDialog.Description>
          <div className="mt-5 flex shrink-0 flex-wrap justify-end gap-2">
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
