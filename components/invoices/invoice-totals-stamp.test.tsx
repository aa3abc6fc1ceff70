// @vitest-environment happy-dom
/**
 * Issue 30, defects met on the way (invoice form): the totals card shows the imponibile before and after rivalsa and
 * cassa, and 'Valore marca da bollo virtuale' is enabled when the bollo is due, whoever bears it.
 */
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { useZodForm, type ZodForm } from "@/lib/client/use-zod-form";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { CalculatedCards, STAMP_NOT_DUE, StampAmountField } from "./invoice-form";

const context = {
  tenant: { taxRegime: "RF01", fiscalCode: "07654321012" },
  vats: [
    { id: 1, rate: "22.00", natura: null },
    { id: 2, rate: "0.00", natura: "N4" },
  ],
  customer: null,
};
const vat22 = { id: 1, toString: "22%" };
const exempt = { id: 2, toString: "Esente art. 10" };
const row = (amount: number, vat = vat22) => ({ id: 11, rowType: "GENERICA", description: "Consulenza", quantity: "1", amount, vat, hideAmount: false, advance: false, withholding: false });

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async () => Response.json({ status: "ok", deadlines: [] })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lines = () =>
  within(screen.getByTestId("invoice-totals"))
    .getAllByRole("term")
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent?.replace(/\s/g, " ")]);

describe("Totali", () => {
  function renderCards(values: Record<string, unknown>) {
    const doc = { kind: "INVOICE", date: "2026-03-02", state: "Bozza", deadlines: [], ...values };
    const entity = { id: null, version: 0, ...doc, totals: {}, source: null, convertedTo: null } as never;
    function Host() {
      const form = useZodForm(invoiceSchema, doc as never);
      const manual = useRef(false);
      return <CalculatedCards form={form} entity={entity} context={context as never} locked={false} manualDeadlines={manual} />;
    }
    render(<Host />);
  }

  it("with rivalsa and cassa: the rows' imponibile, what they add, then the imponibile they make", async () => {
    renderCards({ rows: [{ ...row(100000), withholding: true }], inpsRevenge: "4.00", professionistFund: "2.00" });
    await waitFor(() => expect(lines()[0]).toEqual(["Imponibile", "€ 1'000,00"]));
    expect(lines().slice(0, 4)).toEqual([
      ["Imponibile", "€ 1'000,00"],
      ["Rivalsa INPS", "€ 40,00"],
      ["Cassa professionisti", "€ 20,00"],
      ["Imponibile con rivalsa INPS e cassa", "€ 1'060,00"],
    ]);
  });

  it("without them: one 'Imponibile'", async () => {
    renderCards({ rows: [row(100000)] });
    await waitFor(() => expect(lines()[0]).toEqual(["Imponibile", "€ 1'000,00"]));
    expect(lines().filter(([label]) => label?.startsWith("Imponibile"))).toHaveLength(1);
  });
});

describe("'Valore marca da bollo virtuale'", () => {
  function renderStamp(values: Record<string, unknown>) {
    let form!: ZodForm<typeof invoiceSchema>;
    function Host() {
      form = useZodForm(invoiceSchema, { kind: "INVOICE", date: "2026-03-02", stampAmount: 200, stampBorneByIssuer: false, ...values } as never);
      return <StampAmountField form={form} context={context as never} />;
    }
    render(<Host />);
    return { form: () => form, input: () => screen.getByRole("textbox", { name: /Valore marca da bollo virtuale/ }) as HTMLInputElement };
  }

  it("is disabled, saying why, when no bollo is due (every amount subject to VAT)", () => {
    const { input } = renderStamp({ rows: [row(100000)], stampBorneByIssuer: true });
    expect(input().disabled).toBe(true);
    expect(screen.getByText(STAMP_NOT_DUE)).toBeTruthy();
  });

  it("is enabled when the bollo is due, recharged to the customer (box off) or borne by the issuer (box on)", () => {
    const { input, form } = renderStamp({ rows: [row(10000, exempt)], stampBorneByIssuer: false });
    expect(input().disabled).toBe(false);
    act(() => form().setValue("stampBorneByIssuer", true));
    expect(input().disabled).toBe(false);
    // the exempt amount drops to 77,47: no bollo
    act(() => form().setValue("rows", [row(7747, exempt)] as never));
    expect(input().disabled).toBe(true);
  });
});
