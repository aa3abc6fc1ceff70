// @vitest-environment happy-dom
import { useRef } from "react";
import { afterEach, expect, it, vi } from "vitest";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { useZodForm, type ZodForm } from "@/lib/client/use-zod-form";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { CalculatedCards } from "./invoice-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const vat = { id: 1, toString: "22%" };
const context = { tenant: { taxRegime: "RF01", fiscalCode: "07654321012" }, vats: [{ id: 1, rate: "22.00", natura: null }], customer: null };
const row = (amount: number) => ({ id: 11, rowType: "GENERICA", description: "Consulenza", quantity: "1", amount, vat, hideAmount: false, advance: false, withholding: false });
const deadline = (amount: number) => ({ deadlineDate: "2026-03-02", amount, deadlineState: "Da saldare", paymentDate: null, bankAccount: null });

/** get-calculated-fields as the server answers it for the posted rows: one deadline of their netto (22% VAT), answered when the test says. */
function calculatedFields() {
  const calls: { body: Record<string, any>; answer: () => void }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      const form = init.body as FormData;
      const body = JSON.parse(String(form.get("invoice")));
      return new Promise<Response>((resolve) => {
        const net = Math.round(body.rows.reduce((s: number, r: { amount: number }) => s + r.amount, 0) * 1.22);
        calls.push({ body, answer: () => resolve(Response.json({ status: "ok", deadlines: [deadline(net)] })) });
      });
    }),
  );
  return calls;
}

it("rows edited before the first calculation comes back: the stored deadlines (the modality's) follow the new netto, they are not taken for the user's own", async () => {
  const calls = calculatedFields();
  const stored = { kind: "INVOICE", date: "2026-03-02", state: "Bozza", rows: [row(150000)], deadlines: [deadline(183000)] };
  const entity = { id: 7, version: 1, ...stored, totals: {}, source: null, convertedTo: null } as never;
  let form!: ZodForm<typeof invoiceSchema>;
  let manual!: { current: boolean };
  function Host() {
    form = useZodForm(invoiceSchema, stored as never);
    manual = useRef(false);
    return <CalculatedCards form={form} entity={entity} context={context as never} locked={false} manualDeadlines={manual} />;
  }
  render(<Host />);
  // the user trims the row to 500,00 at once, before any answer
  act(() => form.setValue("rows", [row(50000)] as never, { shouldDirty: true }));
  // every calculation asked so far answers (the stored document's, if asked, and the edited one's)
  await waitFor(() => expect(calls.some((c) => c.body.rows[0].amount === 50000)).toBe(true), { timeout: 3000 });
  for (const c of calls) c.answer();
  await waitFor(() => expect(form.getValues("deadlines")).toEqual([deadline(61000)]), { timeout: 3000 });
  expect(manual.current).toBe(false);
});

it("deadlines the user set in an earlier session (not what the modality gives for the stored document) stay his", async () => {
  const calls = calculatedFields();
  const stored = { kind: "INVOICE", date: "2026-03-02", state: "Bozza", rows: [row(150000)], deadlines: [deadline(100000), { ...deadline(83000), deadlineDate: "2026-04-02" }] };
  const entity = { id: 8, version: 1, ...stored, totals: {}, source: null, convertedTo: null } as never;
  let form!: ZodForm<typeof invoiceSchema>;
  let manual!: { current: boolean };
  function Host() {
    form = useZodForm(invoiceSchema, stored as never);
    manual = useRef(false);
    return <CalculatedCards form={form} entity={entity} context={context as never} locked={false} manualDeadlines={manual} />;
  }
  render(<Host />);
  await waitFor(() => expect(calls.length).toBeGreaterThan(0), { timeout: 3000 });
  for (const c of calls) c.answer();
  await waitFor(() => expect(manual.current).toBe(true), { timeout: 3000 });
  expect(form.getValues("deadlines")).toHaveLength(2);
});
