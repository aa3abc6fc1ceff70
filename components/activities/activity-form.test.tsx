// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ContactForm } from "@/components/contacts/contact-form";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import { ACTIVITY_MESSAGES } from "@/lib/schemas/activity";
import { ACTIVITY_DELETED_EVENT } from "./activity-events";
import { ActivityForm } from "./activity-form";

const draft = {
  id: null, version: 0, contact: null, activityNumber: null, activityState: "Attivo", name: "", description: "", paymentType: "Lavoro pagato a ore",
  activityAmount: null, currency: "EUR", activityExpirationDate: null, finished: false, invoiced: false, activityStateLogs: [], workedMinutes: 0,
  toInvoiceMinutes: 0, toInvoice: 0, hourlyRate: 0, hourlyRateFrom: "tenant", rowColor: null, toString: "",
};
const rossi = { id: 5, toString: "Rossi S.r.l." };
const existing = {
  ...draft, id: 12, version: 3, contact: rossi, activityNumber: 44, name: "Sito web", activityState: "Sospeso", workedMinutes: 150, toInvoiceMinutes: 90, toInvoice: 9000,
  hourlyRate: 6000, hourlyRateFrom: "customer", toString: "44 - Sito web",
  activityStateLogs: [
    { stateBefore: null, stateAfter: "Attivo", created: "2025-03-03T08:00:00.000Z", user: "Mario Rossi" },
    { stateBefore: "Attivo", stateAfter: "Sospeso", created: "2025-03-10T09:30:00.000Z", user: null },
  ],
};
const formData = { tenantHourlyPrice: 5000 };
const contactDraft = {
  id: null, version: 0, kind: "COMPANY", companyName: "", firstName: "", lastName: "", code: "", isCustomer: true, isSupplier: false, vatCountry: "IT", vatNumber: "",
  fiscalCode: "", address: "", postalCode: "", city: "", province: "", country: "IT", email: "", pec: "", phone: "", mobile: "", website: "", sdiCode: "",
  publicAdministration: false, splitPayment: false, withholdingAgent: true, hourlyPrice: null, customerPaymentModality: null, customerBankAccount: null,
  supplierPaymentModality: null, supplierBankAccount: null, agent: null, notes: "", referents: [], rowColor: null, toString: "",
};
const contactFormData = { paymentModalities: [], bankAccounts: [], agents: [], contactWithCode: false, tenantHourlyPrice: 5000 };

let requests: string[];
let saved: Record<string, unknown>[];
let deleteAnswer: { status: number; body: unknown };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  requests = [];
  saved = [];
  deleteAnswer = { status: 200, body: { status: "ok", message: "Eliminazione effettuata" } };
  resetOpenRecords();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = init.method ?? "GET";
      requests.push(`${method} ${url.pathname}${url.search}`);
      if (method === "DELETE") return json(deleteAnswer.status, deleteAnswer.body);
      if (method === "POST") {
        const entity = JSON.parse(String((init.body as FormData).get("activity")));
        saved.push(entity);
        return json(200, { status: "ok", message: "Salvataggio effettuato", activity: { ...draft, ...entity, id: 30, version: 0, activityNumber: entity.activityNumber ?? 45 } });
      }
      switch (url.pathname) {
        case "/api/activities/create-form-data":
          return json(200, { status: "ok", activity: { ...draft, contact: url.searchParams.get("contactId") === "5" ? rossi : null }, formData });
        case "/api/activities/update-form-data/12":
          return json(200, { status: "ok", activity: existing, formData });
        case "/api/contacts/get-filtered-list":
          return json(200, { status: "ok", options: [rossi] });
        case "/api/contacts/update-form-data/5":
          return json(200, { status: "ok", contact: { ...contactDraft, id: 5, version: 1, companyName: "Rossi S.r.l.", toString: "Rossi S.r.l." }, formData: contactFormData });
        case "/api/time-entries":
          return json(200, {
            status: "ok", count: 1, countExact: true, startRow: 0, offset: 0, gridData: { name: "time-entries", columns: [] }, totals: { hours: 250, amount: 9000 },
            data: [{ id: 1, rowColor: null, date: "2025-03-04", startTime: "09:00", endTime: "11:30", user: { id: 2, toString: "Mario Rossi" }, description: "Analisi", hours: 250, amount: 9000, billable: true, invoiced: false }],
          });
        case "/api/activities":
          return json(200, {
            status: "ok", count: 1, countExact: true, startRow: 0, offset: 0, gridData: { name: "activities", columns: [] },
            data: [{ id: 12, rowColor: null, activityNumber: 44, name: "Sito web", activityState: "Sospeso", paymentType: "Lavoro pagato a ore", toInvoice: 9000, finished: false }],
          });
      }
      return json(404, { status: "error", message: `non previsto: ${url.pathname}` });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderWithHost(ui: React.ReactElement) {
  return render(
    <>
      {ui}
      <DialogHost />
      <Toaster />
    </>,
  );
}

async function dismissAlert(user: ReturnType<typeof userEvent.setup>) {
  const alert = await screen.findByRole("alertdialog");
  await user.click(within(alert).getByRole("button", { name: "OK" }));
  await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
}

describe("ActivityForm", () => {
  it("shows 'Importo lavoro' only for 'Lavoro pagato a corpo', and the hourly rate note for 'Lavoro pagato a ore'", async () => {
    const user = userEvent.setup();
    renderWithHost(<ActivityForm onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Inserimento lavoro" });
    expect(requests).toContain("GET /api/activities/create-form-data");
    expect(within(dialog).getByRole("tab", { name: "Dati principali" })).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Ore lavorate" })).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Storico dei cambi di stato" })).toBeTruthy();
    // a new job: no number yet, no 'Elimina lavoro'
    expect(within(dialog).getByPlaceholderText("Assegnato al salvataggio")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Elimina lavoro" })).toBeNull();

    // the draft is paid by the hour: the note names the customer's rate, else the Impostazioni's figure
    expect(within(dialog).queryByRole("textbox", { name: "Importo lavoro" })).toBeNull();
    expect(within(dialog).getByRole("note").textContent).toBe("Tariffa oraria: quella del cliente (Prezzo orario nella sua scheda) o, se non indicata, quella delle Impostazioni (€ 50,00 l'ora).");

    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Tipo pagamento" }), "Lavoro pagato a corpo");
    expect(within(dialog).getByRole("textbox", { name: "Importo lavoro" })).toBeTruthy();
    expect(within(dialog).queryByRole("note")).toBeNull();

    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Tipo pagamento" }), "Lavoro pagato a ore");
    expect(within(dialog).queryByRole("textbox", { name: "Importo lavoro" })).toBeNull();
    expect(within(dialog).getByRole("note")).toBeTruthy();
  });

  it("an existing job's note says whose rate applies, with its figure", async () => {
    renderWithHost(<ActivityForm id={12} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica lavoro Sito web" });
    expect(within(dialog).getByRole("note").textContent).toBe("Tariffa oraria: quella del cliente, € 60,00 l'ora.");
  });

  it("refuses an empty job with the spec's messages, 'Cliente' included", async () => {
    const user = userEvent.setup();
    renderWithHost(<ActivityForm onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Inserimento lavoro" });
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert.textContent).toContain(ACTIVITY_MESSAGES.name);
    expect(alert.textContent).toContain(ACTIVITY_MESSAGES.contact);
    expect(ACTIVITY_MESSAGES.name).toBe('Il campo "Nome lavoro" è richiesto');
    expect(ACTIVITY_MESSAGES.contact).toBe('Il campo "Cliente" è richiesto');
    await dismissAlert(user);
    expect(within(dialog).getAllByText(ACTIVITY_MESSAGES.contact).length).toBeGreaterThan(0);
    expect(requests.some((r) => r.startsWith("POST"))).toBe(false);
  });

  it("with the customer fixed by the caller: create-form-data?contactId=, Cliente read-only and never 'richiesto'", async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithHost(<ActivityForm contact={rossi} onSaved={onSaved} onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Inserimento lavoro" });
    expect(requests).toContain("GET /api/activities/create-form-data?contactId=5");
    const customer = within(dialog).getByRole("textbox", { name: "Cliente" });
    expect(customer).toHaveProperty("value", "Rossi S.r.l.");
    expect(customer).toHaveProperty("readOnly", true);
    expect(within(dialog).queryByRole("button", { name: "Nuovo cliente" })).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert.textContent).toContain(ACTIVITY_MESSAGES.name);
    expect(alert.textContent).not.toContain(ACTIVITY_MESSAGES.contact);
    await dismissAlert(user);
    expect(within(dialog).queryByText(ACTIVITY_MESSAGES.contact)).toBeNull();

    await user.type(within(dialog).getByRole("textbox", { name: "Nome lavoro" }), "Logo");
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(requests).toContain("POST /api/activities");
    expect(saved[0]).toMatchObject({ contact: rossi, name: "Logo", activityNumber: null, paymentType: "Lavoro pagato a ore", activityAmount: null });
    expect(onClose).toHaveBeenCalled();
  });

  it("Numero is read-only on a saved job until 'Modifica' unlocks it; the new number is saved", async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderWithHost(<ActivityForm id={12} onSaved={onSaved} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica lavoro Sito web" });
    const number = within(dialog).getByRole("textbox", { name: "Numero" });
    expect(number).toHaveProperty("value", "44");
    expect(number).toHaveProperty("readOnly", true);

    await user.click(within(dialog).getByRole("button", { name: "Modifica" }));
    expect(number).toHaveProperty("readOnly", false);
    expect(within(dialog).queryByRole("button", { name: "Modifica" })).toBeNull();
    await user.clear(number);
    await user.type(number, "45");
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(requests).toContain("POST /api/activities/12");
    expect(saved[0]).toMatchObject({ activityNumber: 45, version: 3, name: "Sito web", contact: rossi });
  });

  it("Ore lavorate lists the job's entries with their total; Storico shows the changes, the first as 'Creazione'", async () => {
    const user = userEvent.setup();
    renderWithHost(<ActivityForm id={12} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica lavoro Sito web" });
    await user.click(within(dialog).getByRole("tab", { name: "Ore lavorate" }));
    const entries = await within(dialog).findByRole("table", { name: "Ore lavorate sul lavoro" });
    expect(requests.find((r) => r.startsWith("GET /api/time-entries"))).toContain(`addedParams=${encodeURIComponent('{"activityId":12}')}`);
    expect(within(entries).getByText("Analisi")).toBeTruthy();
    expect(within(entries).getByTestId("hours-total").textContent).toBe("2,50");
    expect(within(dialog).getByText("2,5 ore")).toBeTruthy();
    expect(within(dialog).getByText("€ 90,00")).toBeTruthy();

    await user.click(within(dialog).getByRole("tab", { name: "Storico dei cambi di stato" }));
    const history = within(dialog).getByRole("table", { name: "Storico dei cambi di stato" });
    const rows = within(history).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell").slice(1).map((c) => c.textContent))).toEqual([
      ["Creazione", "Attivo", "Mario Rossi"],
      ["Attivo", "Sospeso", "—"],
    ]);
  });

  it("'Elimina lavoro' asks 'Confermi l'eliminazione?' and shows the server's refusal", async () => {
    const user = userEvent.setup();
    deleteAnswer = { status: 409, body: { status: "error", message: ACTIVITY_MESSAGES.invoicedHours, errors: [] } };
    const onClose = vi.fn();
    renderWithHost(<ActivityForm id={12} onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica lavoro Sito web" });
    await user.click(within(dialog).getByRole("button", { name: "Elimina lavoro" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Confermi l'eliminazione?");
    await user.click(within(confirm).getByRole("button", { name: /^(Sì|OK|Conferma)$/ }));
    await waitFor(() => expect(screen.getByRole("alertdialog").textContent).toContain(ACTIVITY_MESSAGES.invoicedHours));
    expect(requests).toContain("DELETE /api/activities/12");
    await dismissAlert(user);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Modifica lavoro Sito web" })).toBeTruthy();
  });
});

describe("ActivityForm deletion", () => {
  it("a deleted job closes its form and tells the lists (activity-deleted)", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const deleted = vi.fn();
    window.addEventListener(ACTIVITY_DELETED_EVENT, (e) => deleted((e as CustomEvent<number>).detail), { once: true });
    renderWithHost(<ActivityForm id={12} onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica lavoro Sito web" });
    await user.click(within(dialog).getByRole("button", { name: "Elimina lavoro" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: /^(Sì|OK|Conferma)$/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(deleted).toHaveBeenCalledWith(12);
    expect(await screen.findByText("Eliminazione effettuata")).toBeTruthy();
  });
});

describe("the customer form's Lavori tab", () => {
  it("lists the customer's jobs; 'Aggiungi lavoro' opens the job form with the customer fixed", async () => {
    const user = userEvent.setup();
    renderWithHost(<ContactForm id={5} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica Rossi S.r.l." });
    await user.click(within(dialog).getByRole("tab", { name: "Lavori" }));
    const table = await within(dialog).findByRole("table", { name: "Lavori del cliente" });
    expect(requests.find((r) => r.startsWith("GET /api/activities?"))).toContain(`addedParams=${encodeURIComponent('{"contactId":5}')}`);
    expect(within(table).getByText("Sito web")).toBeTruthy();
    expect(within(table).getByText("90,00")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Aggiungi lavoro" }));
    const job = await screen.findByRole("dialog", { name: "Inserimento lavoro" });
    expect(requests).toContain("GET /api/activities/create-form-data?contactId=5");
    expect(within(job).getByRole("textbox", { name: "Cliente" })).toHaveProperty("value", "Rossi S.r.l.");
  });

  it("a contact not saved yet says to save it first", async () => {
    const user = userEvent.setup();
    vi.mocked(fetch).mockImplementationOnce(async () => json(200, { status: "ok", contact: contactDraft, formData: contactFormData }));
    renderWithHost(<ContactForm onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Inserimento cliente/fornitore" });
    await user.click(within(dialog).getByRole("tab", { name: "Lavori" }));
    expect(within(dialog).getByText("Salvare il cliente per aggiungere lavori")).toBeTruthy();
  });
});
