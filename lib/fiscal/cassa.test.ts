import { describe, expect, it } from "vitest";
import { tipoCassaOfFundName } from "./cassa";

describe("tipoCassaOfFundName: the cassa's TipoCassa from the tenant's 'Nome cassa professionisti'", () => {
  it("reads the usual names, acronyms, codes and descriptions", () => {
    expect(tipoCassaOfFundName("Inarcassa")).toBe("TC04");
    expect(tipoCassaOfFundName("INARCASSA ")).toBe("TC04");
    expect(tipoCassaOfFundName("Cassa Forense")).toBe("TC01");
    expect(tipoCassaOfFundName("ENPAM")).toBe("TC09");
    expect(tipoCassaOfFundName("ENPAP")).toBe("TC21");
    expect(tipoCassaOfFundName("ENPAPI")).toBe("TC20");
    expect(tipoCassaOfFundName("Cassa Geometri")).toBe("TC03");
    expect(tipoCassaOfFundName("tc02")).toBe("TC02");
    expect(tipoCassaOfFundName("Ente previdenza periti industriali e periti industriali laureati (EPPI)")).toBe("TC17");
  });
  it("gives none for an empty or unknown name, and for INPS (the rivalsa, not a cassa)", () => {
    expect(tipoCassaOfFundName("")).toBeNull();
    expect(tipoCassaOfFundName("Cassa mia")).toBeNull();
    expect(tipoCassaOfFundName("INPS")).toBeNull();
    expect(tipoCassaOfFundName("TC22")).toBeNull();
  });
});
