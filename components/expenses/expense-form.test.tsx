// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { useZodForm, type ZodForm } from "@/lib/client/use-zod-form";
import { expenseSchema } from "@/lib/schemas/expense";
import { EXPENSE_CALCULATED_FIELDS_URL, useRecomputedDeadlines } from "./expense-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stored = [{ id: 3, amount: 12200, deadlineDate: "2026-04-01", deadlineState: "Saldato", paymentDate: "2026-04-01", bankAccount: null, description: "" }];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** fetch answering each call when the test says so, remembering its body and signal. */
function pendingFetch() {
  const calls: { url: string; body: Record<string, unknown>; signal: AbortSignal; answer: (deadlines: unknown[]) => void }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init.signal!;
          signal.addEventListener("abort", () => reject(Object.assign(new Error("aborted"), { name: "AbortError" })));
          const body = JSON.parse((init.body as FormData).get("expense") as string);
          calls.push({ url: String(url), body, signal, answer: (deadlines) => resolve(Response.json({ status: "ok", deadlines, total: 0 })) });
        }),
    ),
  );
  return calls;
}

function setUp() {
  let form!: ZodForm<typeof expenseSchema>;
  function Host() {
    form = useZodForm(expenseSchema, { documentDate: "2026-03-02", contact: { id: 1, toString: "Fornitore" }, taxable: 10000, totalVat: 2200, deadlines: stored } as never);
    useRecomputedDeadlines(form);
    return null;
  }
  render(<Host />);
  return () => form;
}

describe("the purchase invoice's deadlines from get-calculated-fields", () => {
  it("opening recomputes nothing; a trigger change asks after 300 ms, an earlier pending request is cancelled, the answer replaces the deadlines", async () => {
    const calls = pendingFetch();
    const form = setUp();
    await sleep(400);
    expect(calls).toHaveLength(0);
    expect(form().getValues("deadlines")).toEqual(stored);

    // two changes within 300 ms: one request, with the latest values
    act(() => form().setValue("taxable", 20000));
    await sleep(100);
    act(() => form().setValue("totalVat", 4400));
    await sleep(150);
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe(EXPENSE_CALCULATED_FIELDS_URL);
    expect(calls[0]!.body).toMatchObject({ documentDate: "2026-03-02", contact: { id: 1 }, taxable: 20000, totalVat: 4400 });

    // another trigger (the payment modality) while the first is pending: the first is cancelled
    act(() => form().setValue("paymentModality", { id: 9, toString: "30/60" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.body).toMatchObject({ paymentModality: { id: 9 } });
    const fresh = [
      { amount: 12200, deadlineDate: "2026-04-01", deadlineState: "Da saldare", paymentDate: null, bankAccount: null, contact: { id: 1, toString: "Fornitore" }, description: "" },
      { amount: 12200, deadlineDate: "2026-05-01", deadlineState: "Da saldare", paymentDate: null, bankAccount: null, contact: { id: 1, toString: "Fornitore" }, description: "" },
    ];
    calls[1]!.answer(fresh);
    await waitFor(() => expect(form().getValues("deadlines")).toEqual(fresh));
    expect(form().getFieldState("deadlines").isDirty).toBe(true);

    // each trigger field asks again; a field that is not one (details) does not
    for (const [name, value] of [
      ["documentDate", "2026-06-01"],
      ["contact", { id: 2, toString: "Altro" }],
      ["bankAccount", { id: 4, toString: "Banca" }],
      ["withholdingTaxPercentage", -2000],
      ["withholdingTaxPercentagePlus", -100],
    ] as const) {
      const before = calls.length;
      act(() => form().setValue(name, value as never));
      await waitFor(() => expect(calls.length, name).toBe(before + 1));
    }
    const before = calls.length;
    act(() => form().setValue("details", "nota"));
    await sleep(400);
    expect(calls).toHaveLength(before);
  });
});
