// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { DialogHost } from "@/components/ui/dialogs";
import { Field } from "@/components/ui/field";
import { AjaxSelect, DateInput, DecimalInput, FileList, IntegerInput, MoneyInput, TimeInput, ImageField, type AttachmentItem, type SelectableEntity } from ".";
import { newAttachmentBlobs } from "./file-list";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A controlled input with its last emitted value shown for assertions. */
function Harness<T>({ initial, render: renderInput }: { initial: T; render: (value: T, onChange: (v: T) => void) => React.ReactNode }) {
  const [value, setValue] = useState<T>(initial);
  return (
    <>
      <Field label="Campo">{renderInput(value, setValue)}</Field>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const shown = () => JSON.parse(screen.getByTestId("value").textContent ?? "null");

describe("MoneyInput", () => {
  it("turns '1.234,56' into cents and shows apostrophes after blur", async () => {
    const user = userEvent.setup();
    render(<Harness<number | string | null> initial={null} render={(v, on) => <MoneyInput value={v} onChange={on} />} />);
    const input = screen.getByLabelText("Campo");
    await user.type(input, "1.234,56");
    expect(shown()).toBe(123456);
    await user.tab();
    expect(input).toHaveProperty("value", "1'234,56");
    await user.click(input);
    expect(input).toHaveProperty("value", "1234,56");
    await user.clear(input);
    await user.type(input, "12,5");
    expect(shown()).toBe(1250);
    await user.clear(input);
    expect(shown()).toBeNull();
  });

  it("shows 'Il campo deve essere numerico' for text and hands it on so the schema refuses it", async () => {
    const user = userEvent.setup();
    render(<Harness<number | string | null> initial={500} render={(v, on) => <MoneyInput value={v} onChange={on} />} />);
    const input = screen.getByLabelText("Campo");
    expect(input).toHaveProperty("value", "5,00");
    await user.clear(input);
    await user.type(input, "12x");
    expect(shown()).toBe("12x");
    expect(screen.getByRole("alert").textContent).toBe("Il campo deve essere numerico");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await user.type(input, "{Backspace}");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(shown()).toBe(1200);
  });
});

describe("DecimalInput and IntegerInput", () => {
  it("reads comma decimals with an optional %, as a dot string", async () => {
    const user = userEvent.setup();
    render(<Harness<string> initial="20.00" render={(v, on) => <DecimalInput value={v} onChange={on} percent />} />);
    const input = screen.getByLabelText("Campo");
    expect(input).toHaveProperty("value", "20,00");
    await user.clear(input);
    await user.type(input, "22,5%");
    expect(shown()).toBe("22.50");
    await user.tab();
    expect(input).toHaveProperty("value", "22,50");
    await user.clear(input);
    await user.type(input, "venti");
    expect(shown()).toBe("venti");
    expect(screen.getByRole("alert").textContent).toBe("Il campo deve essere numerico");
    await user.clear(input);
    expect(shown()).toBe("");
  });

  it("follows a value set from outside (form reset)", async () => {
    function Reset() {
      const [value, setValue] = useState("1.00");
      return (
        <>
          <Field label="Campo">
            <DecimalInput value={value} onChange={setValue} />
          </Field>
          <button type="button" onClick={() => setValue("7.25")}>
            reset
          </button>
        </>
      );
    }
    render(<Reset />);
    await userEvent.setup().click(screen.getByText("reset"));
    expect(screen.getByLabelText("Campo")).toHaveProperty("value", "7,25");
  });

  it("integers refuse decimals with 'Il campo deve essere un numero intero'", async () => {
    const user = userEvent.setup();
    render(<Harness<number | string | null> initial={null} render={(v, on) => <IntegerInput value={v} onChange={on} />} />);
    const input = screen.getByLabelText("Campo");
    await user.type(input, "30");
    expect(shown()).toBe(30);
    await user.type(input, ",5");
    expect(screen.getByRole("alert").textContent).toBe("Il campo deve essere un numero intero");
    expect(shown()).toBe("30,5");
  });

  it("says its message once when the form's schema says the same under the field", async () => {
    const user = userEvent.setup();
    render(
      <Field label="Giorni" error="Il campo deve essere un numero intero">
        <IntegerInput value="3,5" onChange={() => {}} />
      </Field>,
    );
    await user.click(screen.getByLabelText("Giorni"));
    expect(screen.getAllByText("Il campo deve essere un numero intero")).toHaveLength(1);
  });
});

describe("DateInput", () => {
  it("reads dd/MM/yyyy and steps one day with the buttons", async () => {
    const user = userEvent.setup();
    render(<Harness<string | null> initial="2024-02-28" render={(v, on) => <DateInput value={v} onChange={(x) => on(x)} />} />);
    const input = screen.getByLabelText("Campo");
    expect(input).toHaveProperty("value", "28/02/2024");
    await user.click(screen.getByRole("button", { name: "Giorno successivo" }));
    expect(shown()).toBe("2024-02-29");
    expect(input).toHaveProperty("value", "29/02/2024");
    await user.click(screen.getByRole("button", { name: "Giorno successivo" }));
    await user.click(screen.getByRole("button", { name: "Giorno successivo" }));
    expect(shown()).toBe("2024-03-02");
    await user.click(screen.getByRole("button", { name: "Giorno precedente" }));
    expect(shown()).toBe("2024-03-01");
    await user.clear(input);
    await user.type(input, "31/12/2023");
    expect(shown()).toBe("2023-12-31");
    await user.clear(input);
    await user.type(input, "31/02/2023");
    expect(screen.getByRole("alert").textContent).toContain("Data non valida");
  });
});

describe("TimeInput", () => {
  it("offers 06:00-22:00 every 30 minutes and steps by 5 and 60 minutes", async () => {
    const user = userEvent.setup();
    render(<Harness<string> initial="08:00" render={(v, on) => <TimeInput value={v} onChange={on} aria-label="Orario" />} />);
    const select = screen.getByRole("combobox", { name: "Orario" }) as HTMLSelectElement;
    const options = Array.from(select.options).map((o) => o.value);
    expect(options[0]).toBe("06:00");
    expect(options.at(-1)).toBe("22:00");
    expect(options).toHaveLength(33);
    await user.click(screen.getByRole("button", { name: "Avanti di 5 minuti" }));
    expect(shown()).toBe("08:05");
    expect(select.value).toBe("08:05"); // kept as an extra choice
    await user.click(screen.getByRole("button", { name: "Avanti di 60 minuti" }));
    expect(shown()).toBe("09:05");
    await user.click(screen.getByRole("button", { name: "Indietro di 5 minuti" }));
    await user.click(screen.getByRole("button", { name: "Indietro di 60 minuti" }));
    expect(shown()).toBe("08:00");
    await user.selectOptions(select, "21:30");
    expect(shown()).toBe("21:30");
  });
});

describe("AjaxSelect", () => {
  type Call = { url: URL; signal: AbortSignal | null | undefined; aborted: boolean };
  let calls: Call[];
  let respond: (url: URL) => unknown;
  const pending: Array<() => void> = [];

  beforeEach(() => {
    calls = [];
    pending.length = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), "http://localhost");
        const call: Call = { url, signal: init.signal, aborted: false };
        calls.push(call);
        return new Promise<Response>((resolve, reject) => {
          init.signal?.addEventListener("abort", () => {
            call.aborted = true;
            reject(new DOMException("aborted", "AbortError"));
          });
          pending.push(() => resolve(new Response(JSON.stringify({ status: "ok", ...(respond(url) as object) }), { status: 200 })));
        });
      }),
    );
  });

  const flush = async () => {
    await act(async () => {
      while (pending.length) pending.shift()!();
      await Promise.resolve();
    });
  };

  const names = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: from + i + 1, toString: `Cliente ${from + i + 1}` }));

  it("loads the first page on open, throttles typing to 400 ms aborting the earlier request, and picks", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    respond = (url) => ({ status: "ok", contacts: names(3).filter((c) => c.toString.includes(url.searchParams.get("query") ?? "")) });
    const onChange = vi.fn();
    render(<AjaxSelect url="/api/contacts/get-filtered-list" params={{ type: "customer" }} value={null} onChange={onChange} aria-label="Cliente" />);
    const input = screen.getByRole("combobox", { name: "Cliente" });
    await user.click(input);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ type: "customer", query: "", offset: "0" });
    // Typing inside the 400 ms window: one trailing request with the last text; the first one is aborted.
    await user.type(input, "e 2");
    expect(calls).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.aborted).toBe(true);
    expect(calls[1]!.url.searchParams.get("query")).toBe("e 2");
    await flush();
    const options = screen.getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Cliente 2"]);
    await user.click(options[0]!);
    expect(onChange).toHaveBeenCalledWith({ id: 2, toString: "Cliente 2" });
  });

  it("shows 'La lista è vuota' and pages on scrolling to the end", async () => {
    respond = (url) => {
      const offset = Number(url.searchParams.get("offset"));
      return { items: offset === 0 ? names(100) : offset === 100 ? names(20, 100) : [] };
    };
    const user = userEvent.setup();
    render(<AjaxSelect url="/x" value={null} onChange={() => {}} aria-label="Voce" />);
    const input = screen.getByRole("combobox", { name: "Voce" });
    await user.click(input);
    await flush();
    expect(screen.getAllByRole("option")).toHaveLength(100);
    const list = screen.getByRole("listbox");
    Object.defineProperty(list, "scrollHeight", { value: 3000, configurable: true });
    Object.defineProperty(list, "clientHeight", { value: 240, configurable: true });
    list.scrollTop = 2800;
    fireEvent.scroll(list);
    expect(calls.at(-1)!.url.searchParams.get("offset")).toBe("100");
    await flush();
    expect(screen.getAllByRole("option")).toHaveLength(120);
    // A short page means the end: no more requests.
    fireEvent.scroll(list);
    expect(calls).toHaveLength(2);

    respond = () => ({ items: [] });
    await user.type(input, "zzz");
    await waitFor(() => expect(calls).toHaveLength(3), { timeout: 2000 });
    await flush();
    expect(within(list).getByText("La lista è vuota")).toBeTruthy();
  });

  it("shows the selected entity, clears it, and offers create and view", async () => {
    const user = userEvent.setup();
    respond = () => ({ items: [] });
    const onChange = vi.fn();
    const onCreate = vi.fn();
    const onView = vi.fn();
    const value: SelectableEntity = { id: 9, toString: "Rossi S.r.l." };
    render(<AjaxSelect url="/x" value={value} onChange={onChange} onCreate={onCreate} onView={onView} viewLabel="Visualizza cliente" aria-label="Cliente" />);
    expect(screen.getByRole("combobox", { name: "Cliente" })).toHaveProperty("value", "Rossi S.r.l.");
    await user.click(screen.getByRole("button", { name: "Visualizza cliente" }));
    expect(onView).toHaveBeenCalledWith(value);
    await user.click(screen.getByRole("button", { name: "Crea nuovo" }));
    expect(onCreate).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Svuota" }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

describe("FileList", () => {
  it("refuses files over 100 MB with an alert, keeps new files as Blobs, deletes after confirmation", async () => {
    const user = userEvent.setup({ applyAccept: false });
    let current: AttachmentItem[] = [{ id: 1, name: "contratto.pdf", size: 2048, description: "Firmato" }];
    function Host() {
      const [files, setFiles] = useState(current);
      current = files;
      return (
        <>
          <FileList value={files} onChange={setFiles} />
          <DialogHost />
        </>
      );
    }
    render(<Host />);
    const big = new File(["x"], "video.mp4");
    Object.defineProperty(big, "size", { value: 101 * 1024 * 1024 });
    await user.upload(screen.getByLabelText("Scegli file da allegare"), big);
    const alert = await screen.findByRole("alertdialog");
    expect(alert.textContent).toContain('Attenzione: il file "video.mp4" supera la dimensione massima consentita di 100 MB');
    await user.click(within(alert).getByRole("button", { name: "OK" }));
    expect(current).toHaveLength(1);

    await user.upload(screen.getByLabelText("Scegli file da allegare"), new File(["ciao"], "nota.txt", { type: "text/plain" }));
    await waitFor(() => expect(current).toHaveLength(2));
    expect(newAttachmentBlobs(current).map((b) => b && (b as File).name)).toEqual([null, "nota.txt"]);
    await user.type(screen.getByLabelText("Descrizione di nota.txt"), "Appunti");
    expect(current[1]!.description).toBe("Appunti");

    await user.click(screen.getByRole("button", { name: "Elimina contratto.pdf" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(current.map((f) => f.name)).toEqual(["nota.txt"]));
  });

  it("honours canUpload, canDelete and editable", () => {
    render(<FileList value={[{ id: 1, name: "a.pdf", description: "x" }]} onChange={() => {}} canUpload={false} canDelete={false} editable={false} />);
    expect(screen.queryByRole("button", { name: "Aggiungi file" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Elimina a.pdf" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});

describe("ImageField", () => {
  it("refuses an image over 30 MB with the spec's alert", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <ImageField value={null} onChange={onChange} label="Logo" />
        <DialogHost />
      </>,
    );
    const huge = new File(["x"], "foto.png", { type: "image/png" });
    Object.defineProperty(huge, "size", { value: 31 * 1024 * 1024 });
    await user.upload(screen.getByLabelText("Scegli logo"), huge);
    const alert = await screen.findByRole("alertdialog");
    expect(alert.textContent).toContain("Attenzione: l'immagine caricata non può superare i 30 MB");
    await user.click(within(alert).getByRole("button", { name: "OK" }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("deletes the server image only after the irreversible-delete confirmation", async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: "ok", message: "Logo eliminato" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const onDeleted = vi.fn();
    render(
      <>
        <ImageField value={null} onChange={() => {}} src="data:image/png;base64,AAAA" deleteUrl="/api/tenants/delete-logo" onDeleted={onDeleted} label="Logo" />
        <DialogHost />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Elimina immagine" }));
    let confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Confermi l'eliminazione dell'immagine? QUESTA OPERAZIONE NON PUO' ESSERE ANNULLATA");
    await user.click(within(confirm).getByRole("button", { name: "Annulla" }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Elimina immagine" }));
    confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith("/api/tenants/delete-logo", expect.objectContaining({ method: "DELETE" }));
    expect(screen.getByText("Immagine eliminata")).toBeTruthy();
  });
});
