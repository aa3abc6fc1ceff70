import { describe, expect, it } from "vitest";
import { agentSchema } from "./agent";
import { bankAccountSchema } from "./bank-account";
import { decimalString, entityRef, integerString, normalizeDecimal } from "./fields";
import { paymentModalitySchema } from "./payment-modality";
import { tenantSettingsSchema } from "./tenant";
import { vatRateSchema } from "./vat-rate";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe("normalizeDecimal", () => {
  it.each([
    ["22", "22.00"],
    ["22.5", "22.50"],
    ["22,50", "22.50"],
    ["22%", "22.00"],
    [" 7,5 % ", "7.50"],
    ["1.234,5", "1234.50"],
    ["1,234.5", "1234.50"],
    ["0,005", "0.01"],
    ["33.333", "33.33"],
    ["-4", "-4.00"],
    [",5", "0.50"],
    [22.5, "22.50"],
    [0, "0.00"],
  ] as const)("%s → %s", (input, out) => expect(normalizeDecimal(input)).toBe(out));

  it.each(["", "abc", "1,2,3", "1.2.3", "12a", "--1", "%", "1,2.3,4"])("refuses %j", (input) => expect(normalizeDecimal(input)).toBeNull());
});

describe("decimalString", () => {
  const d = decimalString("non decimale", { required: "richiesto", max: 100 });
  it("distinguishes missing, malformed and out-of-range values", () => {
    expect(messages(d.safeParse(undefined))).toEqual(["richiesto"]);
    expect(messages(d.safeParse(""))).toEqual(["richiesto"]);
    expect(messages(d.safeParse("x"))).toEqual(["non decimale"]);
    expect(messages(d.safeParse(true))).toEqual(["non decimale"]);
    expect(messages(d.safeParse(Number.NaN))).toEqual(["non decimale"]);
    expect(messages(d.safeParse("101"))).toEqual(["non decimale"]);
    expect(d.parse("100")).toBe("100.00");
  });
  it("an empty value takes the default when there is one", () => {
    expect(decimalString("x", { empty: "0.00" }).parse("")).toBe("0.00");
    expect(decimalString("x", { empty: "0.00" }).parse(null)).toBe("0.00");
  });
});

describe("integerString", () => {
  const i = integerString(undefined, { empty: 0, max: 365 });
  it("accepts integers as numbers or text, refuses decimals", () => {
    expect(i.parse("30")).toBe(30);
    expect(i.parse(30)).toBe(30);
    expect(i.parse("")).toBe(0);
    expect(messages(i.safeParse("1,5"))).toEqual(["Il campo deve essere un numero intero"]);
    expect(messages(i.safeParse(1.5))).toEqual(["Il campo deve essere un numero intero"]);
  });
});

describe("entityRef", () => {
  it("ignores the inherited toString and keeps an own string", () => {
    expect(entityRef.parse({ id: 3 })).toEqual({ id: 3, toString: undefined });
    expect(entityRef.parse(JSON.parse('{"id":3,"toString":"Bonifico"}'))).toEqual({ id: 3, toString: "Bonifico" });
    expect(messages(entityRef.safeParse({ id: 0 }))).toEqual(["Riferimento non valido"]);
    expect(messages(entityRef.safeParse({ id: 1, toString: 5 }))).toEqual(["Riferimento non valido"]);
  });
});

describe("entity schemas (shared with the forms)", () => {
  it("payment rows must add up to 100% exactly", () => {
    const row = (p: string) => ({ paymentModalityExpirationType: "Fine mese", amountPercentage: p });
    expect(paymentModalitySchema.safeParse({ name: "A", paymentType: "MP05", paymentModalityRows: [row("33.33"), row("33.33"), row("33.34")] }).success).toBe(true);
    expect(messages(paymentModalitySchema.safeParse({ name: "A", paymentType: "MP05", paymentModalityRows: [row("33.33"), row("33.33"), row("33.33")] }))).toEqual([
      "La somma delle percentuali delle righe di pagamento deve essere 100%",
    ]);
  });
  it("bank accounts: code and IBAN for 'Conto bancario', the link for 'Altro'", () => {
    expect(bankAccountSchema.parse({ bankAccountType: "Conto bancario", bankName: "B", code: "1", iban: "it60x0542811101000000123456", url: "https://x" })).toMatchObject({ iban: "IT60X0542811101000000123456", url: "" });
    expect(bankAccountSchema.parse({ bankAccountType: "Altro", bankName: "PayPal", code: "1", iban: "x", url: "https://paypal.me/x" })).toMatchObject({ code: "", iban: "", url: "https://paypal.me/x" });
  });
  it("VAT: natura only and always for 0%", () => {
    expect(vatRateSchema.parse({ rate: "0", natura: "N4" })).toMatchObject({ rate: "0.00", natura: "N4" });
    expect(vatRateSchema.parse({ rate: "22", natura: "" })).toMatchObject({ rate: "22.00", natura: null });
  });
  it("agents: blank optional e-mails pass, commission defaults apply; a name or a surname is needed", () => {
    expect(agentSchema.parse({ lastName: "Neri", email1: " ", agentCommissions: [{}] })).toMatchObject({ email1: "", agentCommissions: [{ fromAmount: 0, percentage: "0.00" }] });
    expect(agentSchema.safeParse({ firstName: " ", email1: "a@b.it" }).error?.issues.map((i) => i.message)).toEqual(['Indicare almeno uno tra "Nome" e "Cognome"']);
  });
  it("tenant: fields left out stay undefined (unchanged on save)", () => {
    const t = tenantSettingsSchema.parse({ denomination: "X", taxRegime: "RF01", marginCalendarStart: 0, marginCalendarEnd: "30" });
    expect(t).toMatchObject({ denomination: "X", marginCalendarStart: 0, marginCalendarEnd: 30 });
    expect(t.footer).toBeUndefined();
    expect(t.inpsRevenge).toBeUndefined();
  });
});
