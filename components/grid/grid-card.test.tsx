// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StateBadge } from "./grid-cells";
import { cardColumns } from "./grid-card";
import type { GridColumnMeta, GridPage, GridRow, GridRowAction } from "./grid-types";
import { ServerGrid } from "./server-grid";

const col = (field: string, header: string, type: GridColumnMeta["type"], extra: Partial<GridColumnMeta> = {}): GridColumnMeta => ({
  field,
  header,
  type,
  sortable: true,
  filterable: true,
  searchable: false,
  fixed: false,
  hidden: false,
  exportable: true,
  ...extra,
});

const columns: GridColumnMeta[] = [
  col("id", "Id", "integer", { hidden: true }),
  col("number", "Numero", "text", { fixed: true }),
  col("customer", "Cliente", "text", { phone: "title" }),
  col("date", "Data", "date"),
  col("total", "Totale", "currency", { phone: "none" }),
  col("netToPay", "Netto a pagare", "currency", { phone: "amount" }),
  col("state", "Stato", "text", { phone: "badge" }),
  col("paid", "Pagata", "boolean"),
  col("interest", "Interessi", "currency"),
  col("taxable", "Imponibile", "currency", { hidden: true }),
];
const gridData: GridPage["gridData"] = { name: "card-grid", defaultSort: [{ colId: "date", sort: "desc" }], columns, totals: ["total", "netToPay"] };

const rows: GridRow[] = [
  { id: 1, rowColor: null, version: 0, number: "1/2026", customer: "Officine Lombarde S.p.A.", date: "2026-03-02", total: 122000, netToPay: 102000, state: "Emessa", paid: true, interest: 0, taxable: 100000 },
  { id: 2, rowColor: null, version: 0, number: "2/2026", customer: "Farmacia Verdi", date: "2026-03-05", total: 24400, netToPay: 24400, state: "Bozza", paid: false, interest: 321, taxable: 20000 },
];
const initial: GridPage = { data: rows, count: 2, countExact: true, startRow: 0, offset: 0, gridData, totals: { total: 146400, netToPay: 126400 } };

/** happy-dom has no media queries: a phone-sized window or not. */
function setPhone(phone: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({ matches: phone && query.includes("max-width"), media: query, addEventListener: () => {}, removeEventListener: () => {} })),
  );
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 390, width: 390, height: 600, toJSON: () => ({}) } as DOMRect);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(390);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(390);
  vi.stubGlobal("ResizeObserver", undefined);
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ status: "ok", ...initial }), { headers: { "Content-Type": "application/json" } })),
  );
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("cardColumns", () => {
  const shown = columns.filter((c) => !c.hidden).map((c) => c.field);

  it("places the declared title, amount and badge; the other shown columns are details, 'none' left out", () => {
    const card = cardColumns(columns, shown, ["total", "netToPay"]);
    expect(card.title?.field).toBe("customer");
    expect(card.amount?.field).toBe("netToPay");
    expect(card.badge?.field).toBe("state");
    expect(card.details.map((c) => c.field)).toEqual(["number", "date", "paid", "interest"]);
  });

  it("without roles: the fixed column is the title, the first total the amount", () => {
    const plain = columns.map((c) => ({ ...c, phone: undefined }));
    const card = cardColumns(plain, shown, ["total", "netToPay"]);
    expect(card.title?.field).toBe("number");
    expect(card.amount?.field).toBe("total");
    expect(card.badge).toBeUndefined();
    expect(card.details.map((c) => c.field)).toEqual(["customer", "date", "netToPay", "state", "paid", "interest"]);
  });

  it("the column chooser decides the details (a hidden column is not on the card)", () => {
    const card = cardColumns(columns, [...shown.filter((f) => f !== "date"), "taxable"], []);
    expect(card.details.map((c) => c.field)).toEqual(["number", "paid", "interest", "taxable"]);
  });
});

describe("ServerGrid on a phone", () => {
  const onEdit = vi.fn();
  const remind = vi.fn();
  const ACTIONS: GridRowAction[] = [{ key: "remind", label: "Sollecito", run: remind, hidden: (r) => r.state !== "Emessa" }];
  const RENDERERS = { state: (v: unknown) => <StateBadge tone="blue" label={String(v)} /> };

  function setup() {
    return render(<ServerGrid url="/api/test" initial={initial} onEdit={onEdit} rowActions={ACTIONS} renderers={RENDERERS} />);
  }

  it("shows each row as a card: title, amount in euro, badge, details with their headers; the totals bar under it", async () => {
    setPhone(true);
    setup();
    const card = (await screen.findByText("Officine Lombarde S.p.A.")).closest("[data-row-id]") as HTMLElement;
    expect(card.hasAttribute("data-card")).toBe(true);
    expect(within(card).getByTitle("Netto a pagare").textContent).toBe("€ 1'020,00");
    expect(within(card).getByText("Emessa").getAttribute("data-tone")).toBe("blue");
    expect(within(card).getByText("1/2026")).toBeTruthy();
    expect(within(card).getByTitle("Data").textContent).toBe("Data02/03/2026");
    // a true 'Pagata' shows as its header, a zero interest and the 'none' Totale are left out
    expect(within(card).getByTitle("Pagata").textContent).toBe("Pagata");
    expect(within(card).queryByTitle("Interessi")).toBeNull();
    expect(within(card).queryByText("1'220,00")).toBeNull();

    const other = screen.getByText("Farmacia Verdi").closest("[data-row-id]") as HTMLElement;
    expect(within(other).queryByTitle("Pagata")).toBeNull();
    expect(within(other).getByTitle("Interessi").textContent).toBe("Interessi3,21");

    const totals = screen.getByRole("row", { name: "Totale" });
    expect(totals.querySelector('[data-total="total"]')!.textContent).toBe("1'464,00");
    expect(totals.querySelector('[data-total="netToPay"]')!.textContent).toBe("1'264,00");
    expect(within(totals).getByText("Netto a pagare")).toBeTruthy();
    // the header row is still there: sort and filters work on a phone
    expect(screen.getByRole("button", { name: "Filtra Cliente" })).toBeTruthy();
  });

  it("the card's pencil and a double tap edit; its actions run on the row", async () => {
    setPhone(true);
    setup();
    const card = (await screen.findByText("Officine Lombarde S.p.A.")).closest("[data-row-id]") as HTMLElement;
    await userEvent.click(within(card).getByRole("button", { name: "Modifica" }));
    expect(onEdit).toHaveBeenLastCalledWith(1);
    await userEvent.dblClick(screen.getByText("Farmacia Verdi"));
    expect(onEdit).toHaveBeenLastCalledWith(2);
    await userEvent.click(within(card).getByRole("button", { name: "Sollecito" }));
    expect(remind).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    // hidden where it does not apply
    const other = screen.getByText("Farmacia Verdi").closest("[data-row-id]") as HTMLElement;
    expect(within(other).queryByRole("button", { name: "Sollecito" })).toBeNull();
  });

  it("on a wider window the rows stay a table", async () => {
    setPhone(false);
    setup();
    const row = (await screen.findByText("Officine Lombarde S.p.A.")).closest("[data-row-id]") as HTMLElement;
    expect(row.hasAttribute("data-card")).toBe(false);
    expect(screen.getByRole("columnheader", { name: /Netto a pagare/ })).toBeTruthy();
  });
});
