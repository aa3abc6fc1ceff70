// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import { formatEuro } from "@/lib/format";
import { ContactForm } from "./contact-form";

// 'Saldo fornitore' (issue 28): the supplier's form shows, read-only, the balance the server computed (open purchase
// invoices less received credits); nothing when update-form-data has none.

const supplier = {
  id: 7, version: 2, kind: "COMPANY", companyName: "Forniture Rapida S.r.l.", firstName: "", lastName: "", code: "", isCustomer: false, isSupplier: true, vatCountry: "IT",
  vatNumber: "01234567897", fiscalCode: "", address: "", postalCode: "", city: "", province: "", country: "IT", email: "", pec: "", phone: "", mobile: "", website: "",
  sdiCode: "", publicAdministration: false, splitPayment: false, withholdingAgent: true, hourlyPrice: null, customerPaymentModality: null, customerBankAccount: null,
  supplierPaymentModality: null, supplierBankAccount: null, agent: null, notes: "", referents: [], rowColor: null, toString: "Forniture Rapida S.r.l.",
};
const baseFormData = { paymentModalities: [], bankAccounts: [], agents: [], contactWithCode: false, tenantHourlyPrice: 5000 };
let formData: Record<string, unknown>;

beforeEach(() => {
  resetOpenRecords();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ status: "ok", contact: supplier, formData }), { status: 200 })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function billingTab() {
  const user = userEvent.setup();
  render(
    <>
      <ContactForm id={7} onClose={() => {}} />
      <DialogHost />
    </>,
  );
  const dialog = await screen.findByRole("dialog", { name: "Modifica Forniture Rapida S.r.l." });
  await user.click(within(dialog).getByRole("tab", { name: "Fatturazione" }));
  return dialog;
}

describe("the supplier's balance in its form", () => {
  it("shows 'Saldo fornitore' read-only, the received credits netted, and says when the supplier owes the difference", async () => {
    formData = { ...baseFormData, supplierBalance: { owed: 122000, credits: 134200, balance: -12200 } };
    const dialog = await billingTab();
    const balance = within(dialog).getByRole("textbox", { name: "Saldo fornitore" }) as HTMLInputElement;
    expect(balance.value).toBe(formatEuro(-12200));
    expect(balance.readOnly).toBe(true);
    expect(within(dialog).getByText(`Da pagare ${formatEuro(122000)} meno note di credito ricevute ${formatEuro(134200)}: il fornitore ci deve la differenza`)).toBeTruthy();
  });

  it("without credits: what is still to pay; without a balance in the answer: no field", async () => {
    formData = { ...baseFormData, supplierBalance: { owed: 50000, credits: 0, balance: 50000 } };
    let dialog = await billingTab();
    expect((within(dialog).getByRole("textbox", { name: "Saldo fornitore" }) as HTMLInputElement).value).toBe(formatEuro(50000));
    expect(within(dialog).getByText("Importi ancora da pagare delle sue fatture d'acquisto")).toBeTruthy();
    cleanup();
    resetOpenRecords();

    formData = baseFormData;
    dialog = await billingTab();
    expect(within(dialog).getByRole("combobox", { name: "Modalità di pagamento" })).toBeTruthy();
    expect(within(dialog).queryByRole("textbox", { name: "Saldo fornitore" })).toBeNull();
  });
});
