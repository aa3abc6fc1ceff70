"use client";

import { useEffect, useRef, useState } from "react";
import { Popover } from "radix-ui";
import { Button } from "@/components/ui/button";
import { FilterIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { EMPTY_LIST_MESSAGE, useAjaxOptions } from "@/components/form/inputs/use-ajax-options";
import { filterCurrencyInput, parseDateToIso, parseTime } from "@/lib/format";
import { filterTypeOf } from "@/lib/grid/filter-types";
import type { FilterItem, FilterType, GridColumnMeta } from "./grid-types";

/** The filter family of a column (as the server's compiler expects it). */
export function filterTypeFor(col: GridColumnMeta): FilterType | null {
  return filterTypeOf(col.type);
}

const OPERATOR_LABELS: Record<FilterType, [string, string][]> = {
  text: [
    ["contains", "Contiene"],
    ["equals", "Uguale a"],
  ],
  number: [
    ["equals", "Uguale a"],
    ["lessOrEqual", "Minore o uguale a"],
    ["greaterOrEqual", "Maggiore o uguale a"],
    ["inRange", "Compreso tra"],
  ],
  money: [
    ["lessOrEqual", "Minore o uguale a"],
    ["greaterOrEqual", "Maggiore o uguale a"],
    ["inRange", "Compreso tra"],
  ],
  date: [
    ["equals", "Uguale a"],
    ["lessOrEqual", "Fino al"],
    ["greaterOrEqual", "Dal"],
    ["inRange", "Compreso tra"],
  ],
  time: [
    ["equals", "Uguale a"],
    ["lessOrEqual", "Fino alle"],
    ["greaterOrEqual", "Dalle"],
    ["inRange", "Compreso tra"],
  ],
  boolean: [["equals", "Uguale a"]],
  entity: [
    ["in", "Tra i selezionati"],
    ["notIn", "Esclusi i selezionati"],
  ],
};

const isoToItalian = (iso: unknown) => (typeof iso === "string" && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");

/**
 * The options of an entity column's filter: a search over the column's list (the same get-filtered-list as the
 * forms' selects, 100 at a time, 'Mostra altri' for the next ones), the ticked ones kept on top whatever the search.
 */
function EntityOptions({
  options,
  query,
  ids,
  labels,
  onQuery,
  onIds,
}: {
  options: ReturnType<typeof useAjaxOptions>;
  query: string;
  ids: number[];
  labels: Map<number, string>;
  onQuery: (query: string) => void;
  onIds: (ids: number[]) => void;
}) {
  const listed = options.items.map((o) => ({ id: Number(o.id), label: o.toString }));
  for (const o of listed) labels.set(o.id, o.label);
  const shown = new Set(listed.map((o) => o.id));
  // ticked ones the current page does not show (another search, or beyond the first page)
  const kept = ids.filter((id) => !shown.has(id)).map((id) => ({ id, label: labels.get(id) ?? `n. ${id}` }));
  const toggle = (id: number, on: boolean) => onIds(on ? [...ids, id] : ids.filter((x) => x !== id));
  return (
    <>
      <Input aria-label="Cerca nella lista" placeholder="Cerca..." value={query} onChange={(e) => onQuery(e.target.value)} />
      <div className="max-h-48 overflow-y-auto rounded border border-border p-1" role="group" aria-label="Valori">
        {[...kept, ...listed].map((o) => (
          <label key={o.id} className="flex items-center gap-2 p-0.5">
            <input type="checkbox" checked={ids.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
            {o.label}
          </label>
        ))}
        {options.loaded && kept.length + listed.length === 0 && <div className="p-1 text-gray-500">{EMPTY_LIST_MESSAGE}</div>}
        {options.hasMore && (
          <button type="button" className="p-1 text-primary-700 underline-offset-2 hover:underline" onClick={options.loadMore}>
            Mostra altri
          </button>
        )}
      </div>
      {ids.length > 0 && <div className="text-xs text-gray-600">Selezionati: {ids.length}</div>}
    </>
  );
}

/** The filter editor of one column, as a popover opened from the header's funnel button. */
export function ColumnFilter({ column, value, onApply }: { column: GridColumnMeta; value: FilterItem | undefined; onApply: (item: FilterItem | undefined) => void }) {
  const filterType = filterTypeFor(column);
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<string>(value?.type ?? OPERATOR_LABELS[filterType ?? "text"][0]![0]);
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const [ids, setIds] = useState<number[]>([]);
  const [query, setQuery] = useState("");
  const options = useAjaxOptions(column.optionsUrl ?? "");
  // the labels of the options ticked while the list showed them, so a ticked one stays in view after a search
  const labels = useRef(new Map<number, string>());
  const [error, setError] = useState("");

  useEffect(() => {
    if (!open || !filterType) return;
    setError("");
    setType(value?.type ?? OPERATOR_LABELS[filterType][0]![0]);
    if (filterType === "date") {
      setA(isoToItalian(value?.dateFrom));
      setB(isoToItalian(value?.dateTo));
    } else {
      setA(value?.filter === undefined ? "" : String(value.filter));
      setB(value?.filterTo === undefined ? "" : String(value.filterTo));
    }
    const v = value?.values;
    setIds(Array.isArray(v) ? (v as number[]) : typeof v === "string" && v ? v.split(",").map(Number) : []);
  }, [open, value, filterType]);

  const { loadNow, cancel } = options;
  useEffect(() => {
    if (!open || filterType !== "entity" || !column.optionsUrl) return;
    setQuery("");
    loadNow("");
    return cancel;
  }, [open, filterType, column.optionsUrl, loadNow, cancel]);

  if (!filterType) return null;
  const active = value !== undefined;

  function apply() {
    if (!filterType) return;
    const range = type === "inRange";
    let item: FilterItem;
    if (filterType === "date") {
      const from = parseDateToIso(a);
      const to = range ? parseDateToIso(b) : null;
      if (!from || (range && !to)) return setError("Data non valida (gg/mm/aaaa)");
      item = { filterType, type, dateFrom: from, ...(range ? { dateTo: to! } : {}) };
    } else if (filterType === "time") {
      const from = parseTime(a);
      const to = range ? parseTime(b) : null;
      if (!from || (range && !to)) return setError("Orario non valido (hh:mm)");
      item = { filterType, type, filter: from, ...(range ? { filterTo: to! } : {}) };
    } else if (filterType === "boolean") {
      if (a !== "1" && a !== "0") return setError("Scegliere Sì o No");
      item = { filterType, type: "equals", filter: a };
    } else if (filterType === "entity") {
      item = { filterType, type, values: ids };
    } else {
      if (a.trim() === "" || (range && b.trim() === "")) return setError("Inserire un valore");
      item = { filterType, type, filter: a.trim(), ...(range ? { filterTo: b.trim() } : {}) };
    }
    onApply(item);
    setOpen(false);
  }

  const inputFor = (v: string, set: (s: string) => void, label: string) => (
    <Input
      aria-label={label}
      value={v}
      placeholder={filterType === "date" ? "gg/mm/aaaa" : filterType === "time" ? "hh:mm" : ""}
      inputMode={filterType === "money" || filterType === "number" ? "decimal" : undefined}
      onChange={(e) => set(filterType === "money" ? filterCurrencyInput(e.target.value) : e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          apply();
        }
      }}
    />
  );

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          title={`Filtra "${column.header}"`}
          aria-label={`Filtra ${column.header}`}
          className={`ml-1 inline-flex rounded p-0.5 ${active ? "bg-primary-600 text-white" : "text-gray-500 hover:bg-primary-50"}`}
          onClick={(e) => e.stopPropagation()}
        >
          <FilterIcon size={12} />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={4}
          className="z-(--z-modal) w-64 space-y-2 rounded-md border border-border bg-white p-3 text-sm shadow-lg"
          onClick={(e) => e.stopPropagation()}
        >
          <div className="font-medium">{column.header}</div>
          {filterType !== "boolean" && (
            <Select aria-label="Operatore" value={type} onChange={(e) => setType(e.target.value)} options={OPERATOR_LABELS[filterType].map(([v, l]) => ({ value: v, label: l }))} />
          )}
          {filterType === "boolean" ? (
            <Select aria-label="Valore" value={a} onChange={(e) => setA(e.target.value)} placeholder="-" options={[{ value: "1", label: "Sì" }, { value: "0", label: "No" }]} />
          ) : filterType === "entity" ? (
            <EntityOptions options={options} query={query} ids={ids} labels={labels.current} onQuery={(q) => { setQuery(q); options.search(q); }} onIds={setIds} />
          ) : (
            <>
              {inputFor(a, setA, type === "inRange" ? "Da" : "Valore")}
              {type === "inRange" && inputFor(b, setB, "A")}
            </>
          )}
          {error && <div className="text-danger-700">{error}</div>}
          <div className="flex justify-between gap-2 pt-1">
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => {
                onApply(undefined);
                setOpen(false);
              }}
            >
              Rimuovi filtro
            </Button>
            <Button type="button" size="sm" onClick={apply}>
              Applica
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
