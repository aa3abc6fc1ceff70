import { describe, expect, it } from "vitest";
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors } from "react-hook-form";
import { z } from "zod";
import { collectErrorMessages } from "./use-zod-form";

const required = (field: string) => `Il campo "${field}" è richiesto`;

const schema = z.object({
  name: z.string().trim().min(1, required("Nome")),
  paymentType: z.string().min(1, required("Tipo pagamento")),
  address: z.object({ city: z.string().min(1, required("Città")) }),
  rows: z
    .array(
      z.object({
        paymentModalityExpirationType: z.string().min(1, required("Scadenza pagamento")),
        paymentDay: z.number().int("Il campo deve essere un numero intero"),
      }),
    )
    .min(1, "Inserire almeno una riga"),
});

async function resolve(values: unknown) {
  const resolver = zodResolver(schema);
  const result = await resolver(values as z.input<typeof schema>, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return result.errors as FieldErrors;
}

describe("collectErrorMessages", () => {
  it("returns nothing for no errors", () => {
    expect(collectErrorMessages({})).toEqual([]);
    expect(collectErrorMessages(undefined)).toEqual([]);
    expect(collectErrorMessages(null)).toEqual([]);
  });

  it("flattens nested objects and arrays from the zod resolver, in schema order, without duplicates", async () => {
    const errors = await resolve({
      name: "   ",
      paymentType: "",
      address: { city: "" },
      rows: [
        { paymentModalityExpirationType: "", paymentDay: 1.5 },
        { paymentModalityExpirationType: "Fine mese", paymentDay: 30 },
        { paymentModalityExpirationType: "", paymentDay: 0 },
      ],
    });
    expect(collectErrorMessages(errors)).toEqual([
      'Il campo "Nome" è richiesto',
      'Il campo "Tipo pagamento" è richiesto',
      'Il campo "Città" è richiesto',
      'Il campo "Scadenza pagamento" è richiesto',
      "Il campo deve essere un numero intero",
    ]);
  });

  it("includes array-level errors", async () => {
    const errors = await resolve({ name: "x", paymentType: "MP05", address: { city: "Roma" }, rows: [] });
    expect(collectErrorMessages(errors)).toEqual(["Inserire almeno una riga"]);
  });

  it("is empty when the form is valid", async () => {
    const errors = await resolve({
      name: "Mario",
      paymentType: "MP05",
      address: { city: "Roma" },
      rows: [{ paymentModalityExpirationType: "Fine mese", paymentDay: 30 }],
    });
    expect(collectErrorMessages(errors)).toEqual([]);
  });

  it("handles root errors, criteriaMode 'all' types and DOM refs without looping", () => {
    const cyclic: Record<string, unknown> = { tag: "input" };
    cyclic.self = cyclic;
    const errors = {
      email1: { type: "invalid", message: "Indirizzo email non corretto", ref: cyclic, types: { invalid: "Indirizzo email non corretto", x: "altro" } },
      root: { serverError: { type: "server", message: "Errore del server" } },
      empty: { type: "x", message: "" },
    } as unknown as FieldErrors;
    expect(collectErrorMessages(errors)).toEqual(["Indirizzo email non corretto", "Errore del server"]);
  });
});
