// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import { FieldValueListDialog } from "./field-value-list-dialog";

const gridData = {
  name: "field-values",
  defaultSort: [{ colId: "fieldValue", sort: "asc" }],
  columns: [
    { field: "id", header: "Id", type: "integer", sortable: true, filterable: true, searchable: false, fixed: false, hidden: true, exportable: true },
    { field: "fieldValue", header: "Valore", type: "text", sortable: true, filterable: true, searchable: true, fixed: true, hidden: false, exportable: true },
  ],
};
let values = [{ id: 1, rowColor: null, version: 0, fieldValue: "Dott." }];
const posts: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  values = [{ id: 1, rowColor: null, version: 0, fieldValue: "Dott." }];
  posts.length = 0;
  resetOpenRecords();
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
  vi.stubGlobal("ResizeObserver", undefined);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      let body: unknown;
      if (init.method === "POST") {
        const entity = JSON.parse(String((init.body as FormData).get("fieldValue")));
        posts.push({ url: url.pathname, body: entity });
        if (!entity.fieldValue?.trim()) body = { status: "error", message: "Errore nella compilazione dei campi\nIl campo è richiesto", errors: ["Il campo è richiesto"] };
        else {
          const saved = { id: 2, version: 0, fieldName: entity.fieldName, fieldValue: entity.fieldValue, rowColor: null, toString: entity.fieldValue };
          values = [...values, { id: 2, rowColor: null, version: 0, fieldValue: entity.fieldValue }];
          body = { status: "ok", message: "Salvataggio effettuato", fieldValue: saved };
        }
        return new Response(JSON.stringify(body), { status: (body as { status: string }).status === "ok" ? 200 : 400 });
      }
      if (url.pathname === "/api/field-values/create-form-data") {
        body = { status: "ok", fieldValue: { id: null, version: 0, fieldName: url.searchParams.get("fieldName"), fieldValue: "", rowColor: null, toString: "" }, formData: {} };
      } else {
        body = { status: "ok", data: values, count: values.length, countExact: true, startRow: 0, offset: 0, gridData };
      }
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("FieldValueListDialog", () => {
  it("lists the values, creates one through 'Inserimento valore', closes with 'Chiudi'", async () => {
    const onClose = vi.fn();
    const onChanged = vi.fn();
    render(
      <>
        <FieldValueListDialog open fieldName="title" title="Titoli" onClose={onClose} onChanged={onChanged} />
        <DialogHost />
        <Toaster />
      </>,
    );
    expect(await screen.findByText("Dott.")).toBeTruthy();
    expect(screen.getByText("Righe selezionate: 0")).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: "Seleziona riga 1" }));
    expect(await screen.findByText("Righe selezionate: 1")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Crea valore" }));
    const form = await screen.findByRole("dialog", { name: "Inserimento valore" });
    await userEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(form).findAllByText(/Il campo è richiesto/)).toBeTruthy();
    // the alert that repeats the banner
    await userEvent.click(await screen.findByRole("button", { name: "OK" }));
    await userEvent.type(within(form).getByRole("textbox", { name: /Valore/ }), "Ing.");
    await userEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(posts.at(-1)).toEqual({ url: "/api/field-values", body: { fieldName: "title", fieldValue: "Ing.", version: 0 } }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(await screen.findByText("Ing.")).toBeTruthy();

    const list = screen.getByRole("dialog", { name: "Titoli" });
    await userEvent.click(within(list).getAllByRole("button", { name: "Chiudi" }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });
});
