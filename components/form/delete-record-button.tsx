"use client";

import { useState } from "react";
import { DELETE_CONFIRM } from "@/components/grid/entity-grid";
import { Button } from "@/components/ui/button";
import { confirmDialog } from "@/components/ui/dialogs";
import { apiDelete, showError, showSuccess } from "@/lib/client/api";

/** 'Elimina' in a record's form footer: the grid's confirmation, DELETE {url}, the answer's message, then onDeleted. */
export function DeleteRecordButton({ url, onDeleted }: { url: string; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="danger"
      className="mr-auto"
      loading={busy}
      onClick={async () => {
        if (!(await confirmDialog(DELETE_CONFIRM))) return;
        setBusy(true);
        try {
          void showSuccess(await apiDelete(url));
          onDeleted();
        } catch (error) {
          setBusy(false);
          await showError(error);
        }
      }}
    >
      Elimina
    </Button>
  );
}
