// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { openTenantSettings } from "@/components/shell/tenant-settings-event";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import { TENANT_LOGO_CHANGED_EVENT, TenantSettingsModal, tenantToFormValues } from "./tenant-settings-modal";

const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const tenant = {
  id: 2,
  denomination: "Rossi Consulenze",
  fiscalCode: "",
  vat: "",
  address: "Via Roma 1",
  city: "Milano",
  postalCode: "20100",
  province: "MI",
  phone: "",
  email: "",
  hourlyPrice: 5000,
  contactWithCode: false,
  footer: "",
  invoiceProformaDetails: "",
  invoiceDetails: "",
  taxRegime: "RF01",
  paymentModality: null,
  inpsRevengeName: "Rivalsa INPS",
  inpsRevenge: "4.00",
  professionistFundName: "",
  professionistFund: "0.00",
  withholdingTaxApply: false,
  withholdingTaxPercentage: "20.00",
  stampApply: false,
  stampAmount: 200,
  invoiceCheckNumerationDates: false,
  invoiceEmailSubject: "",
  invoiceEmailBody: "",
  officeTimeStart: "08:00",
  officeTimeEnd: "18:00",
  marginCalendarStart: 60,
  marginCalendarEnd: 60,
  hideSaturday: false,
  hideSunday: true,
  version: 5,
  expireDate: "2027-06-01",
  hasLogo: false,
  toString: "Rossi Consulenze",
};

/** XMLHttpRequest stand-in: records the body and answers with `xhrAnswer`. */
let sentBodies: FormData[] = [];
let fetchCalls: { url: string; method: string; body?: BodyInit | null }[] = [];
let xhrAnswer: { status: number; body: unknown } = { status: 200, body: {} };
class FakeXhr {
  status = 0;
  statusText = "";
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    sentBodies.push(body);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = xhrAnswer.status;
      this.responseText = JSON.stringify(xhrAnswer.body);
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  sentBodies = [];
  fetchCalls = [];
  refresh.mockClear();
  resetOpenRecords();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      fetchCalls.push({ url, method: init.method ?? "GET", body: init.body });
      const body = init.method === "POST"
        ? url.includes("/disable/") || url.includes("/enable/")
          ? { status: "ok", message: "Modifica effettuata" }
          : { status: "ok", message: "Salvataggio effettuato", invoiceSectional: { id: 3, ...JSON.parse(String((init.body as FormData).get("invoiceSectional"))) } }
        : url.startsWith("/api/invoice-sectionals/create-form-data")
          ? { status: "ok", invoiceSectional: { name: "", typology: "Tutti", suffix: "", defaultSectional: false }, formData: {} }
          : url.startsWith("/api/tenants/get-actual")
        ? { status: "ok", tenant, formData: { paymentModalities: [], taxRegimes: [] } }
        : url.startsWith("/api/tenants/get-logo")
          ? { status: "ok", base64: null, contentType: null }
          : url.startsWith("/api/invoice-sectionals")
            ? { status: "ok", data: [{ id: 1, name: "Principale", typology: "Tutti", suffix: "", defaultSectional: true, disabled: false, version: 0, toString: "Principale" }, { id: 2, name: "Estero", typology: "Persone giuridiche", suffix: "E", defaultSectional: false, disabled: true, version: 0, toString: "Estero" }] }
            : { status: "ok", items: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openSettings() {
  render(
    <>
      <TenantSettingsModal />
      <DialogHost />
      <Toaster />
    </>,
  );
  act(() => openTenantSettings());
  const dialog = await screen.findByRole("dialog", { name: "Impostazioni" });
  await within(dialog).findByDisplayValue("Rossi Consulenze");
  return dialog;
}

async function dismissAlert(user: ReturnType<typeof userEvent.setup>) {
  const alert = await screen.findByRole("alertdialog");
  await user.click(within(alert).getByRole("button", { name: "OK" }));
  await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
}

describe("tenantToFormValues", () => {
  it("keeps only the form's fields, with the version", () => {
    const values = tenantToFormValues({ ...tenant, fiscalCode: null }) as Record<string, unknown>;
    expect(values).not.toHaveProperty("expireDate");
    expect(values).not.toHaveProperty("hasLogo");
    expect(values).toMatchObject({ denomination: "Rossi Consulenze", fiscalCode: "", version: 5, hourlyPrice: 5000, hideSunday: true, paymentModality: null });
  });
});

describe("TenantSettingsModal", () => {
  it("opens on the Impostazioni event with the five tabs and the sectionals", async () => {
    const dialog = await openSettings();
    expect(within(dialog).getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Dati principali",
      "Impostazioni anagrafiche/preventivi",
      "Impostazioni fatturazione",
      "Impostazioni agenda",
      "Fatturazione elettronica",
    ]);
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole("tab", { name: "Impostazioni fatturazione" }));
    const sectionals = await within(dialog).findByTestId("invoice-sectionals");
    await within(sectionals).findByText("Principale");
    expect(within(sectionals).getByText("DISABILITATO")).toBeTruthy();
    expect(within(sectionals).getByRole("button", { name: "Abilita Estero" })).toBeTruthy();
    expect(within(sectionals).getByRole("button", { name: "Disabilita Principale" })).toBeTruthy();
    expect((within(dialog).getByLabelText(/Regime fiscale/) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe("RF01 - Ordinario");
  });

  it("enables the withholding percentage and the stamp amount only with their checkboxes", async () => {
    const user = userEvent.setup();
    const dialog = await openSettings();
    await user.click(within(dialog).getByRole("tab", { name: "Impostazioni fatturazione" }));
    const percentage = within(dialog).getByLabelText("% Ritenuta d'acconto");
    const stamp = within(dialog).getByLabelText("Valore marca da bollo virtuale");
    expect(percentage).toHaveProperty("disabled", true);
    expect(stamp).toHaveProperty("disabled", true);
    await user.click(within(dialog).getByRole("checkbox", { name: "Ritenuta d'acconto" }));
    expect(percentage).toHaveProperty("disabled", false);
    expect(stamp).toHaveProperty("disabled", true);
    await user.click(within(dialog).getByRole("checkbox", { name: "Marca da bollo a proprio carico (non addebitata al cliente)" }));
    expect(stamp).toHaveProperty("disabled", false);
  });

  it("the bollo: the box says who bears it, the hint says the law, an amount other than 2,00 is warned about", async () => {
    const user = userEvent.setup();
    const dialog = await openSettings();
    await user.click(within(dialog).getByRole("tab", { name: "Impostazioni fatturazione" }));
    const box = within(dialog).getByRole("checkbox", { name: "Marca da bollo a proprio carico (non addebitata al cliente)" });
    expect(box.getAttribute("aria-checked")).toBe("false");
    const hint = document.getElementById(box.getAttribute("aria-describedby")!.split(" ").at(-1)!)!;
    expect(hint.textContent).toBe(
      "L'imposta di bollo di 2,00 € è dovuta per legge quando gli importi non soggetti a IVA superano 77,47 €. Senza la spunta è addebitata al cliente con la riga 'Imposta di bollo'.",
    );
    const amount = within(dialog).getByLabelText("Valore marca da bollo virtuale") as HTMLInputElement;
    expect(amount.value).toBe("2,00");
    const warning = "L'imposta di bollo prevista dalla legge è di 2,00 €";
    expect(within(dialog).queryByText(warning)).toBeNull();
    await user.click(box);
    await user.clear(amount);
    await user.type(amount, "2,50");
    await user.tab();
    expect(within(dialog).getByRole("status").textContent).toBe(warning);
    await user.clear(amount);
    await user.type(amount, "2");
    await user.tab();
    expect(within(dialog).queryByText(warning)).toBeNull();
  });

  it("a validation failure selects the first tab with an error and shows the banner", async () => {
    const user = userEvent.setup();
    const dialog = await openSettings();
    await user.click(within(dialog).getByRole("tab", { name: "Impostazioni fatturazione" }));
    const inps = within(dialog).getByLabelText("% Rivalsa INPS");
    await user.clear(inps);
    await user.type(inps, "quattro");
    await user.click(within(dialog).getByRole("tab", { name: "Dati principali" }));
    await user.clear(within(dialog).getByLabelText(/Ragione sociale/));
    await user.click(within(dialog).getByRole("tab", { name: "Impostazioni agenda" }));
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    await dismissAlert(user);
    expect(within(dialog).getByRole("tab", { name: /Dati principali/ }).getAttribute("aria-selected")).toBe("true");
    const banner = within(dialog).getAllByRole("alert").find((el) => el.textContent?.startsWith("Errore nella compilazione dei campi"))!;
    expect(banner.textContent).toContain('Il campo "Ragione sociale" è richiesto');
    expect(banner.textContent).toContain('Il campo "% Rivalsa INPS" non è un numero decimale corretto');
    expect(sentBodies).toHaveLength(0);
  });

  it("saves multipart with the tenant JSON and the version, then refreshes the page and the logo", async () => {
    const user = userEvent.setup();
    const logoChanged = vi.fn();
    window.addEventListener(TENANT_LOGO_CHANGED_EVENT, logoChanged);
    xhrAnswer = { status: 200, body: { status: "ok", message: "Salvataggio effettuato", tenant: { ...tenant, city: "Torino", version: 6 } } };
    const dialog = await openSettings();
    const city = within(dialog).getByLabelText("Città");
    await user.clear(city);
    await user.type(city, "Torino");
    await user.click(within(dialog).getByRole("tab", { name: "Impostazioni fatturazione" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Ritenuta d'acconto" }));
    const percentage = within(dialog).getByLabelText("% Ritenuta d'acconto");
    await user.clear(percentage);
    await user.type(percentage, "23,5");
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(sentBodies).toHaveLength(1));
    const sent = JSON.parse(String(sentBodies[0]!.get("tenant")));
    expect(sent).toMatchObject({ city: "Torino", withholdingTaxApply: true, withholdingTaxPercentage: "23.50", version: 5, marginCalendarStart: 60 });
    expect(sentBodies[0]!.get("logoContent")).toBeNull();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Impostazioni" })).toBeNull());
    expect(refresh).toHaveBeenCalled();
    expect(logoChanged).toHaveBeenCalled();
    expect(await screen.findByText("Salvataggio effettuato")).toBeTruthy();
    window.removeEventListener(TENANT_LOGO_CHANGED_EVENT, logoChanged);
  });

  it("sends the bank auto-match setting (issue 32), off when the tenant has none", async () => {
    const user = userEvent.setup();
    xhrAnswer = { status: 200, body: { status: "ok", message: "Salvataggio effettuato", tenant: { ...tenant, bankAutoMatch: true, version: 6 } } };
    const dialog = await openSettings();
    await user.click(within(dialog).getByRole("tab", { name: "Impostazioni fatturazione" }));
    const box = within(dialog).getByRole("checkbox", { name: "Abbina automaticamente i movimenti certi (numero e importo corrispondono)" });
    expect(box.getAttribute("aria-checked")).toBe("false");
    await user.click(box);
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(sentBodies).toHaveLength(1));
    expect(JSON.parse(String(sentBodies[0]!.get("tenant")))).toMatchObject({ bankAutoMatch: true });
  });

  it("disables a sectional after the warning, enables without one, and saves a new sectional without submitting the settings", async () => {
    const user = userEvent.setup();
    const dialog = await openSettings();
    await user.click(within(dialog).getByRole("tab", { name: "Impostazioni fatturazione" }));
    const sectionals = await within(dialog).findByTestId("invoice-sectionals");
    await within(sectionals).findByText("Principale");

    await user.click(within(sectionals).getByRole("button", { name: "Disabilita Principale" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("non sarà più possibile creare fatture di questo tipo finché non verrà abilitato di nuovo");
    await user.click(within(confirm).getByRole("button", { name: "Disabilita" }));
    await waitFor(() => expect(fetchCalls.some((c) => c.method === "POST" && c.url === "/api/invoice-sectionals/disable/1")).toBe(true));

    await user.click(within(sectionals).getByRole("button", { name: "Abilita Estero" }));
    await waitFor(() => expect(fetchCalls.some((c) => c.method === "POST" && c.url === "/api/invoice-sectionals/enable/2")).toBe(true));
    expect(screen.queryByRole("alertdialog")).toBeNull();

    await user.click(within(sectionals).getByRole("button", { name: "Nuovo sezionale" }));
    const form = await screen.findByRole("dialog", { name: "Inserimento sezionale" });
    await user.click(within(form).getByRole("button", { name: "Salva" }));
    await dismissAlert(user);
    expect(within(form).getAllByText('Il campo "Nome del sezionale" è richiesto').length).toBeGreaterThan(0);
    await user.type(within(form).getByRole("textbox", { name: "Nome del sezionale" }), "Estero UE");
    await user.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Inserimento sezionale" })).toBeNull());
    const post = fetchCalls.find((c) => c.method === "POST" && c.url === "/api/invoice-sectionals")!;
    expect(JSON.parse(String((post.body as FormData).get("invoiceSectional")))).toMatchObject({ name: "Estero UE", typology: "Tutti" });
    // The settings form around it was neither submitted nor closed.
    expect(sentBodies).toHaveLength(0);
    expect(screen.getByRole("dialog", { name: "Impostazioni" })).toBeTruthy();
  });
});
