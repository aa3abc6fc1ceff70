// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { GridPage, GridRow } from "@/components/grid/grid-types";
import { SELECTED_ROWS_OPERATIONS } from "@/components/grid/server-grid";
import { SessionRolesProvider } from "@/components/shell/session-roles";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { INVOICE_FROM_ACTIVITIES_MESSAGES as MESSAGES } from "@/lib/schemas/invoice-from-activities";
import { ActivitiesGrid, CREATE_INVOICE_LABEL } from "./activities-grid";
import { invoiceSelectionRefusal } from "./create-invoice";

// the invoice form is its own component (tested with it): here, what the grid hands it and what it does after
const invoiceForms: { createUrl?: string; kind: string }[] = [];
vi.mock("@/components/invoices/invoice-form", () => ({
  InvoiceForm: (p: { createUrl?: string; kind: string; onSaved?: (saved: unknown) => void; onClose: () => void }) => {
    invoiceForms.push({ createUrl: p.createUrl, kind: p.kind });
    return (
      <div role="dialog" aria-label="Inserimento fattura" data-create-url={p.createUrl}>
        <button type="button" onClick={() => p.onSaved?.({ id: 99 })}>
          Salva
        </button>
        <button type="button" onClick={p.onClose}>
          Chiudi
        </button>
      </div>
    );
  },
}));

const gridData: GridPage["gridData"] = {
  name: "activities",
  defaultSort: [{ colId: "activityNumber", sort: "desc" }],
  columns: [
    { field: "id", header: "Id", type: "integer", sortable: true, filterable: true, searchable: false, fixed: false, hidden: true, exportable: true },
    { field: "name", header: "Nome", type: "text", sortable: true, filterable: true, searchable: true, fixed: true, hidden: false, exportable: true },
    { field: "contact", header: "Cliente", type: "entity", sortable: true, filterable: true, searchable: true, fixed: false, hidden: false, exportable: true },
  ],
};
// jobs 1 and 2 of Rossi (5), job 3 of Verdi (6)
const JOBS: GridRow[] = [
  { id: 1, rowColor: null, version: 0, name: "Sito web", contact: "Rossi S.r.l." },
  { id: 2, rowColor: null, version: 0, name: "Logo", contact: "Rossi S.r.l." },
  { id: 3, rowColor: null, version: 0, name: "Consulenza", contact: "Verdi S.p.A." },
];
const CUSTOMER_OF: Record<number, number> = { 1: 5, 2: 5, 3: 6 };
const page: GridPage & { status: string } = { status: "ok", data: JOBS, count: 3, countExact: true, startRow: 0, offset: 0, gridData };

const calls: URL[] = [];

beforeEach(() => {
  // happy-dom has no layout: give the scroll area a size so the virtualizer renders rows
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 800, width: 800, height: 600, toJSON: () => ({}) } as DOMRect);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
  vi.stubGlobal("ResizeObserver", undefined);
  calls.length = 0;
  invoiceForms.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      calls.push(url);
      const get = /^\/api\/activities\/get\/(\d+)$/.exec(url.pathname);
      let body: unknown = page;
      if (get) body = { status: "ok", activity: { id: Number(get[1]), contact: { id: CUSTOMER_OF[Number(get[1])], toString: "" } } };
      else if (url.searchParams.get("ids") === "1") {
        const contactId = Number(url.searchParams.get("contactId"));
        const ids = Object.keys(CUSTOMER_OF).map(Number).filter((id) => CUSTOMER_OF[id] === contactId);
        body = { status: "ok", ids, count: ids.length };
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(roles: string[] = ["ROLE_USER", "ROLE_DOCUMENT"]) {
  return render(
    <SessionRolesProvider roles={roles}>
      <ActivitiesGrid initial={page} />
      <DialogHost />
      <Toaster />
    </SessionRolesProvider>,
  );
}

async function runOnRows(ids: number[], operation: string) {
  await screen.findByText("Sito web");
  for (const id of ids) await userEvent.click(screen.getByRole("checkbox", { name: `Seleziona riga ${id}` }));
  await userEvent.selectOptions(screen.getByRole("combobox", { name: SELECTED_ROWS_OPERATIONS }), operation);
}

const listCalls = () => calls.filter((u) => u.pathname === "/api/activities" && u.searchParams.get("ids") === null);

describe("ActivitiesGrid: 'Crea fattura'", () => {
  it("is among the operations in the spec's order (Cambia colore, Crea fattura, Segna completato) for ROLE_DOCUMENT only", async () => {
    setup();
    await screen.findByText("Sito web");
    await userEvent.click(screen.getByRole("checkbox", { name: "Seleziona riga 1" }));
    const select = screen.getByRole("combobox", { name: SELECTED_ROWS_OPERATIONS });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual([SELECTED_ROWS_OPERATIONS, "Cambia colore", CREATE_INVOICE_LABEL, "Segna completato"]);
    cleanup();
    setup(["ROLE_USER"]);
    await screen.findByText("Sito web");
    await userEvent.click(screen.getByRole("checkbox", { name: "Seleziona riga 1" }));
    const userSelect = screen.getByRole("combobox", { name: SELECTED_ROWS_OPERATIONS });
    expect(within(userSelect).getAllByRole("option").map((o) => o.textContent)).toEqual([SELECTED_ROWS_OPERATIONS, "Cambia colore", "Segna completato"]);
  });

  it("jobs of two customers: the message, and no invoice form", async () => {
    setup();
    await runOnRows([1, 3], CREATE_INVOICE_LABEL);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(MESSAGES.differentCustomers);
    await userEvent.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(invoiceForms).toEqual([]);
    expect(calls.some((u) => u.pathname.startsWith("/api/invoices"))).toBe(false);
  });

  it("jobs of one customer: the invoice form on create-from-activities; saved → the grid reads its rows again; closed → gone", async () => {
    setup();
    await runOnRows([1, 2], CREATE_INVOICE_LABEL);
    const form = await screen.findByRole("dialog", { name: "Inserimento fattura" });
    expect(invoiceForms.at(-1)).toEqual({ kind: "INVOICE", createUrl: "/api/invoices/create-from-activities?ids=1,2" });
    // the customer check: the first job's customer, then that customer's job ids
    expect(calls.map((u) => `${u.pathname}${u.search}`)).toEqual(["/api/activities/get/1", "/api/activities?ids=1&contactId=5"]);
    const before = listCalls().length;
    await userEvent.click(within(form).getByText("Salva"));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(listCalls().at(-1)!.searchParams.get("startRow")).toBe("0");
    await userEvent.click(within(form).getByText("Chiudi"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Inserimento fattura" })).toBeNull());
  });

  it("one job: no customer check, the form at once", async () => {
    setup();
    await runOnRows([3], CREATE_INVOICE_LABEL);
    await screen.findByRole("dialog", { name: "Inserimento fattura" });
    expect(invoiceForms.at(-1)!.createUrl).toBe("/api/invoices/create-from-activities?ids=3");
    expect(calls).toEqual([]);
  });

  it("the selection's refusals before any request: none, more than 200", async () => {
    expect(await invoiceSelectionRefusal([])).toBe(MESSAGES.noneSelected);
    expect(await invoiceSelectionRefusal(Array.from({ length: 201 }, (_, i) => i + 1))).toBe(MESSAGES.tooMany);
    expect(calls).toEqual([]);
  });
});
