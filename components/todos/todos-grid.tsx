"use client";

import { useState } from "react";
import { StateBadge, type StateTone } from "@/components/grid/grid-cells";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { FilterModel, GridOperation, GridPage, GridRenderers } from "@/components/grid/grid-types";
import { apiPost, showError, showSuccess } from "@/lib/client/api";
import { OPEN_TODOS_FILTER, todoApi, type TodoPriority } from "@/lib/schemas/todo";
import { TodoForm } from "./todo-form";

export const SET_DONE_LABEL = "Segna svolto";
export const setDoneUrl = (id: number) => `${todoApi.url}/set-done/${id}`;

/** 'done = 0' (spec §2): the grid starts with it, and the page reads its first block with it (app/(shell)/impegni/page.tsx). */
const DEFAULT_FILTER: FilterModel = OPEN_TODOS_FILTER;

const PRIORITY_TONES: Readonly<Record<TodoPriority, StateTone>> = { Alta: "red", Normale: "gray", Bassa: "green" };

const RENDERERS: GridRenderers = {
  priority: (v) => (typeof v === "string" && v ? <StateBadge tone={PRIORITY_TONES[v as TodoPriority] ?? "gray"} label={v} /> : null),
};

/**
 * The /impegni page body: the to-dos' server-paged grid (Titolo, Cliente, Lavoro, Assegnato a, Data scadenza,
 * Priorità, Svolto, the alert, Data svolgimento, Descrizione) starting on done = 0, 'Nuovo impegno', the form on double
 * click or the pencil; on the selected rows 'Cambia colore', 'Segna svolto' (done today) and 'Elimina'.
 */
export function TodosGrid({ initial }: { initial: GridPage }) {
  const [reloads, setReloads] = useState(0);

  const setDone: GridOperation = {
    key: "set-done",
    label: SET_DONE_LABEL,
    run: async (ids) => {
      if (ids.length === 0) return false;
      try {
        let last: Awaited<ReturnType<typeof apiPost>> | undefined;
        for (const id of ids) last = await apiPost(setDoneUrl(id));
        if (last) void showSuccess(last);
      } catch (e) {
        await showError(e);
      }
      // through reloadKey: the selection goes too (the done rows leave the done = 0 set)
      setReloads((n) => n + 1);
      return false;
    },
  };

  return (
    <EntityGrid
      api={todoApi}
      initial={initial}
      reloadKey={reloads}
      createLabel="Nuovo impegno"
      defaultFilterModel={DEFAULT_FILTER}
      renderers={RENDERERS}
      operations={[setDone]}
      height="calc(100vh - 14rem)"
      renderForm={(p) => <TodoForm id={p.id} onSaved={p.onSaved} onClose={p.onClose} />}
    />
  );
}
