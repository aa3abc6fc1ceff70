"use client";

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { AjaxSelect, DecimalInput, MoneyInput, type SelectableEntity } from "@/components/form/inputs";
import { useAjaxOptions } from "@/components/form/inputs/use-ajax-options";
import { useFloatingList } from "@/components/form/inputs/use-floating-list";
import type { RowsGridColumn } from "@/components/grid/rows-grid";
import { cn } from "@/components/ui/cn";
import { controlClasses } from "@/components/ui/field";
import { showError } from "@/lib/client/api";
import { formatEuro } from "@/lib/format";
import { rowLineTotal, unitPriceFor } from "@/lib/invoice-calculation";
import type { DocumentRowType } from "@/lib/schemas/invoice";
import { itemApi } from "@/lib/schemas/item";
import { serviceApi } from "@/lib/schemas/service";
import { ACTIVITY_OPTIONS_URL, catalogueRowValues, jobRowValues, ROW_TYPE_LABELS, rowWithholdsByDefault, VAT_OPTIONS_URL, type InvoiceRow } from "./invoice-row-form";

/** Typed in a row's description, at least this many characters look up products, services and the customer's jobs. */
export const SUGGEST_FROM = 2;
/** Suggestions shown per kind. */
const SUGGESTIONS_PER_KIND = 5;

type PickedType = Extract<DocumentRowType, "PRODOTTO" | "SERVIZIO" | "LAVORO">;
interface Suggestion {
  type: PickedType;
  entity: SelectableEntity;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
/** "2.00" and "2" read alike: a quantity without its trailing zeros, with the Italian comma. */
const quantityText = (q: unknown) =>
  String(q ?? "1")
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "")
    .replace(".", ",");
const money = (cents: unknown) => (typeof cents === "number" ? formatEuro(cents) : "");
/** A Sezione is a heading, a Riga generica with 'Nascondi importo' has no amounts: their amount cells stay empty. */
const hasAmounts = (r: InvoiceRow) => r.rowType !== "SEZIONE" && !r.hideAmount;

/**
 * The description cell of the Righe grid (issue 30): the text of the row, and its picker — typing looks up the
 * catalogue's products and services and the customer's jobs (the same lists as the row form's pickers); ↓/↑ and Enter
 * or a click choose one, which makes the row a Prodotto, Servizio or Lavoro filled as the row form fills it. Text not
 * chosen from the list stays the description of the row as it is (a free row stays a Riga generica).
 */
export function RowDescriptionCell({
  row,
  label,
  contactId,
  onText,
  onPick,
}: {
  row: InvoiceRow;
  label: string;
  contactId: number | null;
  onText: (text: string) => void;
  onPick: (picked: Suggestion) => void;
}) {
  const listId = useId();
  const items = useAjaxOptions(`${itemApi.url}/get-filtered-list`);
  const services = useAjaxOptions(`${serviceApi.url}/get-filtered-list`);
  const jobs = useAjaxOptions(ACTIVITY_OPTIONS_URL, contactId ? { contactId } : undefined);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const anchor = useRef<HTMLDivElement>(null);
  const floating = useFloatingList(anchor, open);
  const isSection = row.rowType === "SEZIONE";
  const lists: [PickedType, typeof items][] = [
    ["PRODOTTO", items],
    ["SERVIZIO", services],
    ["LAVORO", jobs],
  ];
  const suggestions: Suggestion[] = open ? lists.flatMap(([type, list]) => list.items.slice(0, SUGGESTIONS_PER_KIND).map((entity) => ({ type, entity }))) : [];
  const loading = lists.some(([, list]) => list.loading);

  const search = (text: string) => {
    if (isSection || text.trim().length < SUGGEST_FROM) return close();
    setOpen(true);
    setActive(-1);
    for (const [, list] of lists) list.search(text.trim());
  };
  function close() {
    setOpen(false);
    setActive(-1);
    for (const [, list] of lists) list.cancel();
  }
  const pick = (s: Suggestion) => {
    close();
    onPick(s);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) {
      if (event.key === "ArrowDown" && !isSection && str(row.description).trim().length >= SUGGEST_FROM) {
        event.preventDefault();
        search(str(row.description));
      }
      return;
    }
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => Math.min(suggestions.length - 1, i + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === "Enter" && active >= 0 && suggestions[active]) {
      event.preventDefault(); // a choice, not a new line
      pick(suggestions[active]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation(); // close the list, not the form
      close();
    }
  };

  return (
    // the ARIA 1.1 combobox: the wrapper says whether the list is open (Esc then closes the list, not the form)
    <div ref={anchor} role="combobox" aria-expanded={open} aria-haspopup="listbox" aria-owns={open ? listId : undefined}>
      <textarea
        aria-label={label}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        rows={1}
        maxLength={5000}
        placeholder={isSection ? "Titolo sezione" : "Descrizione, o cerca prodotto, servizio, lavoro"}
        value={str(row.description)}
        onChange={(e) => {
          onText(e.target.value);
          search(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={controlClasses(cn("field-sizing-content min-h-9 resize-none py-1.5 leading-snug", isSection && "font-semibold"))}
      />
      {open &&
        floating.container &&
        createPortal(
          <ul
            id={listId}
            role="listbox"
            aria-label={`Suggerimenti ${label}`}
            style={floating.style}
            onMouseDown={(e) => e.preventDefault() /* keep focus in the description */}
            className="z-10 overflow-y-auto rounded-md border border-border bg-white py-1 text-sm shadow-lg"
          >
            {suggestions.map((s, index) => (
              <li
                key={`${s.type}-${s.entity.id}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onClick={() => pick(s)}
                onMouseEnter={() => setActive(index)}
                className={cn("flex cursor-pointer items-baseline gap-2 px-2.5 py-1.5 text-gray-900", index === active && "bg-primary-100")}
              >
                <span className="w-16 shrink-0 text-xs text-gray-600">{ROW_TYPE_LABELS[s.type]}</span>
                <span>{s.entity.toString}</span>
              </li>
            ))}
            {suggestions.length === 0 && (
              <li role="presentation" className="px-2.5 py-1.5 text-gray-500 italic">
                {loading ? "Caricamento..." : "Nessun prodotto, servizio o lavoro: resta una riga libera"}
              </li>
            )}
          </ul>,
          floating.container,
        )}
    </div>
  );
}

/**
 * The line total cell: quantity × unit price, and typed it sets the unit price (total ÷ quantity, unitPriceFor).
 * Once typed in, it shows what is being typed (a total that does not divide evenly would otherwise jump under the
 * fingers); leaving it shows the total the unit price makes.
 */
function LineTotalInput({ row, label, update }: { row: InvoiceRow; label: string; update: (patch: Partial<InvoiceRow>) => void }) {
  const [typed, setTyped] = useState<number | string | null | undefined>(undefined);
  const total = rowLineTotal(row.quantity, row.amount);
  return (
    <div onBlur={() => setTyped(undefined)}>
      <MoneyInput
        aria-label={label}
        value={typed !== undefined ? typed : total}
        onChange={(v) => {
          setTyped(v);
          if (typeof v !== "number") return update({ amount: v as never });
          const price = unitPriceFor(v, row.quantity);
          if (price !== null) update({ amount: price });
        }}
      />
    </div>
  );
}

/**
 * The Righe grid's columns (issue 30): Descrizione (with its picker), Quantità, Prezzo unitario, Aliquota and Totale
 * edited in place; a row's Tipo is shown in its description's corner. `render` is the read-only document's cell.
 */
export function invoiceRowColumns({ contactId, documentWithholds }: { contactId: number | null; documentWithholds: boolean }): RowsGridColumn<InvoiceRow>[] {
  /** A product, service or job chosen in the description: the row becomes of its type, then takes its values. */
  async function pickInto(update: (patch: Partial<InvoiceRow>) => void, { type, entity }: Suggestion) {
    const ref = { id: Number(entity.id), toString: entity.toString };
    update({
      rowType: type,
      item: type === "PRODOTTO" ? ref : null,
      service: type === "SERVIZIO" ? ref : null,
      activity: type === "LAVORO" ? ref : null,
      description: entity.toString,
      hideAmount: false,
      withholding: rowWithholdsByDefault(type, documentWithholds),
    });
    try {
      update(type === "LAVORO" ? await jobRowValues(entity) : await catalogueRowValues(type, entity));
    } catch (e) {
      await showError(e);
    }
  }
  const amounts = (r: InvoiceRow, cell: () => ReactNode) => (hasAmounts(r) ? cell() : null);
  return [
    {
      key: "description",
      header: "Descrizione",
      cellClassName: "max-sm:col-span-6 sm:min-w-56",
      render: (r) => (
        <span className={r.rowType === "SEZIONE" ? "font-semibold" : undefined}>
          <span className="mr-1.5 text-xs text-gray-600">{ROW_TYPE_LABELS[r.rowType as DocumentRowType]}</span>
          {str(r.description)}
        </span>
      ),
      editor: (r, i, update) => (
        <div className="flex flex-col gap-0.5">
          <RowDescriptionCell row={r} label={`Descrizione riga ${i + 1}`} contactId={contactId} onText={(description) => update({ description })} onPick={(s) => void pickInto(update, s)} />
          {r.rowType !== "GENERICA" && (
            <span className="text-xs text-gray-600" data-testid="row-type">
              {ROW_TYPE_LABELS[r.rowType as DocumentRowType]}
            </span>
          )}
        </div>
      ),
    },
    {
      key: "quantity",
      header: "Quantità",
      width: 80,
      type: "decimal",
      cellClassName: "max-sm:col-span-2",
      render: (r) => (hasAmounts(r) ? quantityText(r.quantity) : ""),
      editor: (r, i, update) =>
        amounts(r, () => <DecimalInput aria-label={`Quantità riga ${i + 1}`} value={r.quantity as string | null | undefined} onChange={(quantity) => update({ quantity })} />),
    },
    {
      key: "amount",
      header: "Prezzo unitario",
      width: 120,
      type: "currency",
      cellClassName: "max-sm:col-span-4",
      render: (r) => (hasAmounts(r) ? money(r.amount) : ""),
      editor: (r, i, update) =>
        amounts(r, () => <MoneyInput aria-label={`Prezzo unitario riga ${i + 1}`} value={r.amount as number | string | null | undefined} onChange={(amount) => update({ amount: amount as never })} />),
    },
    {
      key: "vat",
      header: "Aliquota",
      width: 150,
      cellClassName: "max-sm:col-span-3",
      render: (r) => (r.vat as SelectableEntity | null | undefined)?.toString ?? "",
      editor: (r, i, update) =>
        amounts(r, () => (
          <AjaxSelect aria-label={`Aliquota riga ${i + 1}`} url={VAT_OPTIONS_URL} value={r.vat as SelectableEntity | null | undefined} onChange={(vat) => update({ vat: vat ? { id: Number(vat.id), toString: vat.toString } : null })} clearable={false} />
        )),
    },
    {
      key: "total",
      header: "Totale",
      width: 120,
      type: "currency",
      cellClassName: "max-sm:col-span-3",
      render: (r) => (hasAmounts(r) ? money(rowLineTotal(r.quantity, r.amount)) : ""),
      editor: (r, i, update) => amounts(r, () => <LineTotalInput row={r} label={`Totale riga ${i + 1}`} update={update} />),
    },
  ];
}
