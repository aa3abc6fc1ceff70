// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SelectableEntity } from "@/components/form/inputs";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import type { ContactJson } from "@/lib/schemas/contact";
import { ContactPicker } from "./contact-picker";

const draft = (supplier: boolean) => ({
  id: null, version: 0, kind: "COMPANY", companyName: "", firstName: "", lastName: "", code: "", isCustomer: !supplier, isSupplier: supplier, vatCountry: "IT", vatNumber: "",
  fiscalCode: "", address: "", postalCode: "", city: "", province: "", country: "IT", email: "", pec: "", phone: "", mobile: "", website: "", sdiCode: "",
  publicAdministration: false, splitPayment: false, withholdingAgent: true, hourlyPrice: null, customerPaymentModality: null, customerBankAccount: null,
  supplierPaymentModality: null, supplierBankAccount: null, agent: null, notes: "", referents: [], rowColor: null, toString: "",
});
const formData = { paymentModalities: [{ id: 3, toString: "Bonifico" }], bankAccounts: [], agents: [], contactWithCode: false, tenantHourlyPrice: 5000 };

let requests: string[];
let saved: Record<string, unknown>[];

beforeEach(() => {
  requests = [];
  saved = [];
  resetOpenRecords();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      requests.push(`${init.method ?? "GET"} ${url.pathname}${url.search}`);
      let body: unknown;
      if (init.method === "POST") {
        const entity = JSON.parse(String((init.body as FormData).get("contact")));
        saved.push(entity);
        const id = url.pathname.endsWith("/7") ? 7 : 9;
        body = { status: "ok", message: "Salvataggio effettuato", contact: { ...draft(true), ...entity, id, version: 0, toString: entity.companyName } };
      } else if (url.pathname === "/api/contacts/get-filtered-list") {
        body = { options: [{ id: 7, toString: "Forniture Rapida S.r.l." }], status: "ok" };
      } else if (url.pathname === "/api/contacts/create-form-data") {
        body = { status: "ok", contact: draft(url.searchParams.get("role") === "SUPPLIER"), formData };
      } else if (url.pathname === "/api/contacts/update-form-data/7") {
        body = { status: "ok", contact: { ...draft(true), id: 7, version: 2, companyName: "Forniture Rapida S.r.l.", toString: "Forniture Rapida S.r.l." }, formData };
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

function Harness({ onSaved }: { onSaved: (c: ContactJson) => void }) {
  const [value, setValue] = useState<SelectableEntity | null>(null);
  return (
    <>
      <ContactPicker role="SUPPLIER" value={value} onChange={setValue} onSaved={onSaved} aria-label="Fornitore" />
      <output data-testid="value">{value ? `${value.id}:${value.toString}` : "-"}</output>
      <DialogHost />
      <Toaster />
    </>
  );
}

describe("ContactPicker", () => {
  it("lists suppliers only; '+' opens the contact form as a supplier and the saved contact becomes the value", async () => {
    const onSaved = vi.fn();
    render(<Harness onSaved={onSaved} />);
    await userEvent.click(screen.getByRole("combobox", { name: "Fornitore" }));
    expect(await screen.findByRole("option", { name: "Forniture Rapida S.r.l." })).toBeTruthy();
    expect(requests.some((r) => r.startsWith("GET /api/contacts/get-filtered-list") && r.includes("role=SUPPLIER"))).toBe(true);
    await userEvent.keyboard("{Escape}");

    await userEvent.click(screen.getByRole("button", { name: "Nuovo fornitore" }));
    const form = await screen.findByRole("dialog", { name: "Inserimento cliente/fornitore" });
    expect(requests).toContain("GET /api/contacts/create-form-data?role=SUPPLIER");
    await userEvent.type(await within(form).findByRole("textbox", { name: "Ragione sociale" }), "Nuovo Fornitore S.r.l.");
    await userEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(screen.getByTestId("value").textContent).toBe("9:Nuovo Fornitore S.r.l."));
    expect(saved[0]).toMatchObject({ kind: "COMPANY", companyName: "Nuovo Fornitore S.r.l.", isCustomer: false, isSupplier: true });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9, isSupplier: true }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Inserimento cliente/fornitore" })).toBeNull());
  });

  it("'Visualizza fornitore' opens the chosen contact; a change saved there renames the value", async () => {
    render(<Harness onSaved={() => {}} />);
    await userEvent.click(screen.getByRole("combobox", { name: "Fornitore" }));
    await userEvent.click(await screen.findByRole("option", { name: "Forniture Rapida S.r.l." }));
    await userEvent.click(screen.getByRole("button", { name: "Visualizza fornitore" }));
    const form = await screen.findByRole("dialog", { name: "Modifica Forniture Rapida S.r.l." });
    const name = await within(form).findByRole("textbox", { name: "Ragione sociale" });
    await userEvent.clear(name);
    await userEvent.type(name, "Forniture Rapidissime S.r.l.");
    await userEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(screen.getByTestId("value").textContent).toBe("7:Forniture Rapidissime S.r.l."));
    expect(requests).toContain("POST /api/contacts/7");
    expect(saved[0]).toMatchObject({ version: 2, companyName: "Forniture Rapidissime S.r.l." });
  });
});
