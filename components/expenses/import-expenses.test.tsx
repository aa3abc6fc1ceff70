// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";

const upload = vi.hoisted(() => vi.fn());
vi.mock("@/lib/client/api", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/client/api")>()), uploadWithProgress: upload }));

import { ApiError } from "@/lib/client/api";
import { IMPORT_EXPENSES_TITLE, IMPORT_EXPENSES_URL, IMPORT_TOO_LARGE, ImportExpensesButton } from "./import-expenses";

afterEach(() => {
  cleanup();
  upload.mockReset();
});

const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: "application/octet-stream" });

function openDialog(onImported = vi.fn()) {
  render(<ImportExpensesButton onImported={onImported} />);
  fireEvent.click(screen.getByRole("button", { name: IMPORT_EXPENSES_TITLE }));
  const input = screen.getByLabelText("File delle fatture") as HTMLInputElement;
  return { input, onImported };
}

function choose(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, "files", { value: files, configurable: true });
  fireEvent.change(input);
}

describe("ImportExpensesButton", () => {
  beforeEach(() => upload.mockReset());

  it("uploads many files as parts named files, shows 'Caricamento... N%', then the report; onImported after an import", async () => {
    let finish!: (v: unknown) => void;
    upload.mockImplementation((_url: string, _body: FormData, opts: { onProgress: (n: number) => void }) => {
      opts.onProgress(42);
      return new Promise((resolve) => (finish = resolve));
    });
    const { input, onImported } = openDialog();
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe(".xml,.p7m,.zip");
    const importa = screen.getByRole("button", { name: "Importa" });
    expect(importa).toHaveProperty("disabled", true);
    choose(input, [file("a.xml"), file("b.xml.p7m"), file("c.zip")]);
    expect(screen.getByText("3 file scelti (1 KB)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Importa" }));
    await screen.findByText("Caricamento... 42%");
    const [url, body] = upload.mock.calls[0]!;
    expect(url).toBe(IMPORT_EXPENSES_URL);
    expect((body as FormData).getAll("files").map((f) => (f as File).name)).toEqual(["a.xml", "b.xml.p7m", "c.zip"]);
    finish({
      status: "ok",
      imported: [{ id: 7, file: "a.xml", documentNumber: "FT-1", supplier: "Beta S.r.l." }],
      duplicates: [{ file: "c.zip/x.xml", documentNumber: "FT-0" }],
      refused: [{ file: "b.xml.p7m", reason: "Busta firmata (p7m) non valida: struttura ASN.1 illeggibile" }],
    });
    await screen.findByText("Importate 1 fattura, 1 già presente, 1 file scartato.");
    expect(screen.getByText("Fattura n. FT-1")).toBeTruthy();
    expect(screen.getByText(/di Beta S\.r\.l\./)).toBeTruthy();
    expect(screen.getByText("Fattura n. FT-0")).toBeTruthy();
    expect(screen.getByText("Busta firmata (p7m) non valida: struttura ASN.1 illeggibile")).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Caricamento\.\.\./)).toBeNull();
  });

  it("with onOpen, an imported invoice's number opens it", async () => {
    upload.mockResolvedValue({ status: "ok", imported: [{ id: 9, file: "a.xml", documentNumber: "FT-9", supplier: "Beta" }], duplicates: [], refused: [] });
    const onOpen = vi.fn();
    render(<ImportExpensesButton onImported={vi.fn()} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole("button", { name: IMPORT_EXPENSES_TITLE }));
    choose(screen.getByLabelText("File delle fatture") as HTMLInputElement, [file("a.xml")]);
    fireEvent.click(screen.getByRole("button", { name: "Importa" }));
    fireEvent.click(await screen.findByRole("button", { name: "Fattura n. FT-9" }));
    expect(onOpen).toHaveBeenCalledWith(9);
  });

  it("a credit note is named as such when the answer gives its document type (issue 28); without one, 'Fattura'", async () => {
    upload.mockResolvedValue({
      status: "ok",
      imported: [
        { id: 11, file: "f.xml", documentNumber: "K-1", supplier: "Beta", documentType: "TD01" },
        { id: 12, file: "nc.xml", documentNumber: "K-1", supplier: "Beta", documentType: "TD04" },
        { id: 13, file: "nd.xml", documentNumber: "K-2", supplier: "Beta", documentType: "TD05" },
      ],
      duplicates: [{ file: "nc-copia.xml", documentNumber: "K-1", documentType: "TD04" }, { file: "vecchia.xml", documentNumber: "K-0" }],
      refused: [],
    });
    render(<ImportExpensesButton onImported={vi.fn()} onOpen={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: IMPORT_EXPENSES_TITLE }));
    choose(screen.getByLabelText("File delle fatture") as HTMLInputElement, [file("f.xml")]);
    fireEvent.click(screen.getByRole("button", { name: "Importa" }));
    expect(await screen.findByRole("button", { name: "Fattura n. K-1" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nota di credito n. K-1" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nota di debito n. K-2" })).toBeTruthy();
    const duplicates = screen.getByRole("region", { name: "Fatture già importate" });
    expect(duplicates.textContent).toContain("Nota di credito n. K-1 (nc-copia.xml)");
    expect(duplicates.textContent).toContain("Fattura n. K-0 (vecchia.xml)");
  });

  it("an import that writes nothing does not reload the list", async () => {
    upload.mockResolvedValue({ status: "ok", imported: [], duplicates: [{ file: "a.xml", documentNumber: "1" }], refused: [] });
    const { input, onImported } = openDialog();
    choose(input, [file("a.xml")]);
    fireEvent.click(screen.getByRole("button", { name: "Importa" }));
    await screen.findByText("Importate 0 fatture, 1 già presente, 0 file scartati.");
    expect(onImported).not.toHaveBeenCalled();
  });

  it("over 200 MB in all nothing is sent; a server refusal is shown in Italian", async () => {
    const { input } = openDialog();
    const big = file("grande.zip");
    Object.defineProperty(big, "size", { value: 201 * 1024 * 1024 });
    choose(input, [big]);
    expect(screen.getByRole("alert").textContent).toBe(IMPORT_TOO_LARGE);
    expect(screen.getByRole("button", { name: "Importa" })).toHaveProperty("disabled", true);
    expect(upload).not.toHaveBeenCalled();

    upload.mockRejectedValue(new ApiError(400, "Nessun file da importare: scegli uno o più file .xml, .p7m o .zip"));
    choose(input, [file("a.xml")]);
    fireEvent.click(screen.getByRole("button", { name: "Importa" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Nessun file da importare: scegli uno o più file .xml, .p7m o .zip"));
  });
});
