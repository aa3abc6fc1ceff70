// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { useZodForm, type ZodForm } from "@/lib/client/use-zod-form";
import type { CalculationContext } from "@/lib/invoice-calculation";
import { invoiceSchema, type DocumentKind } from "@/lib/schemas/invoice";
import { useCustomerDefaults } from "./invoice-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const privati = { id: 3, toString: "Privati" };
const principale = { id: 1, toString: "Principale" };
const modality = { id: 9, toString: "Bonifico 30 gg" };
const bank = { id: 4, toString: "Banca di prova (CC 1)" };
const splitCustomer = { kind: "COMPANY", vatNumber: "", publicAdministration: true, splitPayment: true, withholdingAgent: true };

/** create-form-data's answer for a customer (db/documents/draft.ts draftOf), each call answered when the test says so. */
function pendingFetch() {
  const calls: { url: string; answer: (invoice: Record<string, unknown>, customer: CalculationContext["customer"]) => void }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          calls.push({ url: String(url), answer: (invoice, customer) => resolve(Response.json({ status: "ok", invoice, formData: { calculation: { tenant: {}, vats: [], customer } } })) });
        }),
    ),
  );
  return calls;
}

function setUp(kind: DocumentKind, isNew: boolean) {
  let form!: ZodForm<typeof invoiceSchema>;
  let defaults!: ReturnType<typeof useCustomerDefaults>;
  const customers: CalculationContext["customer"][] = [];
  function Host() {
    form = useZodForm(invoiceSchema, { kind, date: "2026-03-02", sectional: principale, address: "", publicAdministration: false } as never);
    defaults = useCustomerDefaults(form, { kind, isNew, setCustomer: (c) => customers.push(c) });
    return null;
  }
  render(<Host />);
  return { form: () => form, defaults: () => defaults, customers };
}

const draftFor = (over: Record<string, unknown> = {}) => ({ address: "Via Po 3, 10121 Torino (TO)", sectional: privati, paymentModality: modality, bankAccount: bank, publicAdministration: true, ...over });

describe("the customer's defaults when Cliente changes (create-form-data?kind=&contact=)", () => {
  it("a new document: asks the server for the customer's defaults and fills the header, the sectional of its typology included", async () => {
    const calls = pendingFetch();
    const { form, defaults, customers } = setUp("PROFORMA", true);
    act(() => void defaults().customerChanged(5));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe("/api/invoices/create-form-data?kind=PROFORMA&contact=5");
    calls[0]!.answer(draftFor(), splitCustomer);
    await waitFor(() => expect(form().getValues("sectional")).toEqual(privati));
    expect(form().getValues()).toMatchObject({ address: "Via Po 3, 10121 Torino (TO)", paymentModality: modality, bankAccount: bank, publicAdministration: true });
    // the calculation reads the customer the server answered (split payment, PA)
    expect(customers).toEqual([splitCustomer]);
  });

  it("a sectional chosen by hand stays; an earlier answer arriving late is ignored", async () => {
    const calls = pendingFetch();
    const { form, defaults } = setUp("INVOICE", true);
    act(() => void defaults().customerChanged(5));
    act(() => void defaults().customerChanged(6));
    await waitFor(() => expect(calls).toHaveLength(2));
    calls[1]!.answer(draftFor({ address: "Via Roma 1", sectional: privati }), null);
    await waitFor(() => expect(form().getValues("address")).toBe("Via Roma 1"));
    calls[0]!.answer(draftFor({ address: "Via vecchia", sectional: principale }), null);
    await new Promise((r) => setTimeout(r, 50));
    expect(form().getValues()).toMatchObject({ address: "Via Roma 1", sectional: privati });

    act(() => {
      defaults().sectionalChosen();
      form().setValue("sectional", principale);
    });
    act(() => void defaults().customerChanged(7));
    await waitFor(() => expect(calls).toHaveLength(3));
    calls[2]!.answer(draftFor({ address: "Via Po 3", sectional: privati }), null);
    await waitFor(() => expect(form().getValues("address")).toBe("Via Po 3"));
    expect(form().getValues("sectional")).toEqual(principale);
  });

  it("a saved document keeps its sectional (its series); the rest follows the customer", async () => {
    const calls = pendingFetch();
    const { form, defaults } = setUp("INVOICE", false);
    act(() => void defaults().customerChanged(5));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(draftFor(), null);
    await waitFor(() => expect(form().getValues("address")).toBe("Via Po 3, 10121 Torino (TO)"));
    expect(form().getValues("sectional")).toEqual(principale);
  });
});
