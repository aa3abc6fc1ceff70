"use client";

import { useEffect, useState } from "react";
import { Popover } from "radix-ui";
import { Button } from "@/components/ui/button";
import { FilterIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { apiGet, isAbortError } from "@/lib/client/api";
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

interface Option {
  id: number;
  toString: string;
}

/** The filter editor of one column, as a popover opened from the header's funnel button. */
export function ColumnFilter({ column, value, onApply }: { column: GridColumnMeta; value: FilterItem | undefined; onApply: (item: FilterItem | undefined) => void }) {
  const filterType = filterTypeFor(column);
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<string>(value?.type ?? OPERATOR_LABELS[filterType ?? "text"][0]![0]);
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const [ids, setIds] = useState<number[]>([]);
  const [options, setOptions] = useState<Option[]>([]);
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

  useEffect(() => {
    if (!open || filterType !== "entity" || !column.optionsUrl) return;
    const ctrl = new AbortController();
    apiGet(column.optionsUrl, { query: "", offset: 0 }, { signal: ctrl.signal })
      .then((res) => {
        const first = Object.values(res)[0];
        setOptions(Array.isArray(first) ? (first as Option[]) : []);
      })
      .catch((e) => {
        if (!isAbortError(e)) setOptions([]);
      });
    return () => ctrl.abort();
  }, [open, filterType, column.optionsUrl]);

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
            <div className="max-h-48 overflow-y-auto rounded border border-border p-1">
              {options.length === 0 && <div className="p-1 text-gray-500">La lista è vuota</div>}
              {options.map((o) => (
                <label key={o.id} className="flex items-center gap-2 p-0.5">
                  <input type="checkbox" checked={ids.includes(o.id)} onChange={(e) => setIds((cur) => (e.target.checked ? [...cur, o.id] : cur.filter((x) => x !== o.id)))} />
                  {o.toString}
                </label>
              ))}
            </div>
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
