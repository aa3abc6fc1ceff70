import { describe, expect, it } from "vitest";
import {
  capSchema,
  checkCap,
  checkCodiceFiscale,
  checkIban,
  checkPartitaIva,
  checkProvincia,
  codiceFiscaleSchema,
  decodeOmocodia,
  ibanSchema,
  partitaIvaCheckDigit,
  partitaIvaSchema,
} from "./identifiers";

describe("Partita IVA", () => {
  it("checks the Luhn digit (rules §6.1)", () => {
    expect(checkPartitaIva("12345678903")).toBeNull();
    expect(checkPartitaIva("IT 01234567897")).toBeNull();
    expect(checkPartitaIva("12345678901")).toBe("La partita IVA non è valida (cifra di controllo errata)");
    expect(checkPartitaIva("1234567890")).toBe("La partita IVA deve essere composta da 11 cifre");
    expect(checkPartitaIva("00000000000")).toBe("La partita IVA non è valida");
  });
  it("computes the check digit of ten digits", () => {
    expect(partitaIvaCheckDigit("1234567890")).toBe("3");
    expect(partitaIvaCheckDigit("0123456789")).toBe("7");
    expect(() => partitaIvaCheckDigit("123")).toThrow();
  });
  it("zod schema normalises and reports the Italian message", () => {
    expect(partitaIvaSchema.parse(" IT12345678903 ")).toBe("12345678903");
    const r = partitaIvaSchema.safeParse("12345678901");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("La partita IVA non è valida (cifra di controllo errata)");
  });
});

describe("Codice Fiscale", () => {
  it("accepts valid codes, including omocodia and entity codes", () => {
    expect(checkCodiceFiscale("RSSMRA85T10A562S")).toBeNull();
    expect(checkCodiceFiscale("rssmra85t10a562s")).toBeNull();
    expect(checkCodiceFiscale("RSSMRA85T10A56NH")).toBeNull(); // omocodia example of the rules
    expect(checkCodiceFiscale("01234567897")).toBeNull();
    expect(decodeOmocodia("RSSMRA85T10A56NH")).toBe("RSSMRA85T10A562H");
  });
  it("refuses wrong check letters, shapes and days", () => {
    expect(checkCodiceFiscale("RSSMRA85T10A562T")).toBe("Il codice fiscale non è valido (carattere di controllo errato)");
    expect(checkCodiceFiscale("RSSMRA85T10A562")).toBe("Il codice fiscale deve essere di 16 caratteri (11 cifre per le società)");
    expect(checkCodiceFiscale("RSSMRA85Z10A562S")).toBe("Il codice fiscale non ha un formato valido");
    expect(checkCodiceFiscale("RSSMRA85T35A562S")).toBe("Il codice fiscale contiene un giorno di nascita non valido");
    expect(codiceFiscaleSchema.safeParse("RSSMRA85T10A562T").success).toBe(false);
  });
});

describe("IBAN, CAP, province", () => {
  it("IBAN mod-97", () => {
    expect(checkIban("IT60 X054 2811 1010 0000 0123 456")).toBeNull();
    expect(checkIban("IT61X0542811101000000123456")).toBe("L'IBAN non è valido (codice di controllo errato)");
    expect(checkIban("IT60X054281110100000012345")).toBe("L'IBAN IT deve essere di 27 caratteri");
    expect(checkIban("GB82WEST12345698765432")).toBeNull();
    expect(ibanSchema.parse("it60x0542811101000000123456")).toBe("IT60X0542811101000000123456");
  });
  it("CAP and province", () => {
    expect(checkCap("00100")).toBeNull();
    expect(checkCap("0010")).toBe("Il CAP deve essere composto da 5 cifre");
    expect(capSchema.safeParse("ABCDE").success).toBe(false);
    expect(checkProvincia("rm")).toBeNull();
    expect(checkProvincia("XX")).toBe("La sigla della provincia non è valida");
  });
});
