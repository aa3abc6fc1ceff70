// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { z } from "zod";
import { DialogHost } from "@/components/ui/dialogs";
import { Input } from "@/components/ui/input";
import { Toaster } from "@/components/ui/toaster";
import { resetOpenRecords, saveUrlFor } from "@/lib/client/use-entity-form";
import { EntityFormModal, firstTabWithError, hasErrorAt, tabErrorMessages } from "./entity-form-modal";
import { FormField } from "./form-field";
import { FormTab } from "./tabs";
import { DecimalInput } from "./inputs/decimal-input";

const schema = z.object({
  name: z.string().trim().min(1, 'Il campo "Nome" è richiesto'),
  percentage: z.string().regex(/^-?[0-9.,]+$/, 'Il campo "Percentuale" non è un numero decimale corretto'),
  version: z.number().int().optional(),
});

type Agent = { id?: number; name: string; percentage: string; version?: number; toString?: string };

type Handler = (url: string, init: RequestInit) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

let handler: Handler;
const calls: { url: string; method: string; body?: BodyInit | null }[] = [];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  calls.length = 0;
  resetOpenRecords();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, method: init.method ?? "GET", body: init.body });
      const { status = 200, body } = await handler(url, init);
      return json(status, body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const existing: Agent = { id: 7, name: "Mario", percentage: "10.00", version: 3, toString: "Mario" };

function AgentForm({ onClose = () => {}, onSaved = () => {}, id = 7 }: { onClose?: () => void; onSaved?: (a: Agent) => void; id?: number }) {
  return (
    <EntityFormModal<typeof schema, Agent>
      entityName="agent"
      loadUrl={`/api/agents/update-form-data/${id}`}
      saveUrl={(entity) => saveUrlFor("/api/agents", entity)}
      schema={schema}
      recordId={id}
      title={(a) => (a.id ? `Modifica agente ${a.name}` : "Inserimento agente")}
      tabs={[
        { key: "main", label: "Dati personali", fields: ["name"] },
        { key: "commissions", label: "Provvigioni", fields: ["percentage"] },
      ]}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <FormTab value="main">
            <FormField control={form.control} name="name" label="Nome" render={(field) => <Input {...field} value={String(field.value ?? "")} />} />
          </FormTab>
          <FormTab value="commissions">
            <FormField control={form.control} name="percentage" label="Percentuale" render={(field) => <DecimalInput {...field} value={field.value as string} />} />
          </FormTab>
        </>
      )}
    </EntityFormModal>
  );
}

function renderWithHost(ui: React.ReactElement) {
  return render(
    <>
      {ui}
      <DialogHost />
      <Toaster />
    </>,
  );
}

async function alertText() {
  const alert = await screen.findByRole("alertdialog");
  return alert.textContent ?? "";
}

async function dismissAlert(user: ReturnType<typeof userEvent.setup>) {
  const alert = await screen.findByRole("alertdialog");
  await user.click(within(alert).getByRole("button", { name: "OK" }));
  await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
}

describe("pure helpers", () => {
  const errors = { name: { message: "a" }, rows: [undefined, { amount: { message: "b" } }] } as never;
  it("hasErrorAt follows paths and prefixes", () => {
    expect(hasErrorAt(errors, "name")).toBe(true);
    expect(hasErrorAt(errors, "rows")).toBe(true);
    expect(hasErrorAt(errors, "rows.1.amount")).toBe(true);
    expect(hasErrorAt(errors, "rows.0.amount")).toBe(false);
    expect(hasErrorAt(errors, "other")).toBe(false);
  });
  it("firstTabWithError keeps tab order, tabErrorMessages groups messages", () => {
    const tabs = [
      { key: "a", label: "A", fields: ["x"] },
      { key: "b", label: "B", fields: ["rows"] },
      { key: "c", label: "C", fields: ["name"] },
    ];
    expect(firstTabWithError(tabs, errors)).toBe("b");
    expect(tabErrorMessages(tabs, errors)).toEqual({ b: ["b"], c: ["a"] });
    expect(firstTabWithError(tabs, {})).toBeNull();
  });
});

describe("EntityFormModal", () => {
  it("loads the entity, titles the modal from it and saves multipart with the version", async () => {
    const user = userEvent.setup();
    handler = (url, init) => {
      if (init.method === "POST") {
        const sent = JSON.parse(String((init.body as FormData).get("agent")));
        return { body: { status: "ok", message: "Salvataggio effettuato", agent: { ...sent, version: 4 } } };
      }
      return { body: { status: "ok", agent: existing, formData: { titles: [] } } };
    };
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithHost(<AgentForm onSaved={onSaved} onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica agente Mario" });
    const name = within(dialog).getByLabelText("Nome");
    expect(name).toHaveProperty("value", "Mario");
    await user.clear(name);
    await user.type(name, "Luigi");
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toBe("/api/agents/7");
    expect(JSON.parse(String((post.body as FormData).get("agent")))).toEqual({ name: "Luigi", percentage: "10.00", version: 3 });
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ name: "Luigi", version: 4 });
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText("Salvataggio effettuato")).toBeTruthy();
  });

  it("on invalid input shows the banner, the alert, the error icon and the first tab with an error; the banner clears when valid", async () => {
    const user = userEvent.setup();
    handler = () => ({ body: { status: "ok", agent: existing, formData: {} } });
    renderWithHost(<AgentForm />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica agente Mario" });
    // Make the second tab invalid while the first tab is shown.
    await user.click(within(dialog).getByRole("tab", { name: "Provvigioni" }));
    const percentage = within(dialog).getByLabelText("Percentuale");
    await user.clear(percentage);
    await user.type(percentage, "abc");
    expect(within(dialog).getByText("Il campo deve essere numerico")).toBeTruthy();
    await user.click(within(dialog).getByRole("tab", { name: "Dati personali" }));
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));

    expect(await alertText()).toContain("Errore nella compilazione dei campi");
    expect(await alertText()).toContain('Il campo "Percentuale" non è un numero decimale corretto');
    await dismissAlert(user);
    const banner = within(dialog).getAllByRole("alert").find((el) => el.textContent?.includes("Errore nella compilazione dei campi"))!;
    expect(banner.textContent).toContain('Il campo "Percentuale" non è un numero decimale corretto');
    const tab = within(dialog).getByRole("tab", { name: /Provvigioni/ });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    expect(tab.querySelector("[title]")?.getAttribute("title")).toBe('Il campo "Percentuale" non è un numero decimale corretto');
    expect(within(dialog).getByTestId("form-error-icon").getAttribute("title")).toContain('Il campo "Percentuale" non è un numero decimale corretto');
    expect(within(dialog).getByRole("tab", { name: "Dati personali" }).querySelector("[title]")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText("Percentuale"));
    await user.type(within(dialog).getByLabelText("Percentuale"), "12,5");
    await waitFor(() => expect(within(dialog).queryByText("Errore nella compilazione dei campi")).toBeNull());
  });

  it("shows server validation errors and a stale-version refusal, keeping the form open", async () => {
    const user = userEvent.setup();
    let answer = { status: 400, body: { status: "error", message: "Errore nella compilazione dei campi", errors: ['Il campo "Nome" è già usato'] } };
    handler = (_url, init) => (init.method === "POST" ? answer : { body: { status: "ok", agent: existing, formData: {} } });
    const onClose = vi.fn();
    renderWithHost(<AgentForm onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica agente Mario" });
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await alertText()).toContain('Il campo "Nome" è già usato');
    await dismissAlert(user);
    expect(within(dialog).getByText('Il campo "Nome" è già usato', { selector: "li" })).toBeTruthy();

    answer = { status: 409, body: { status: "error", message: "Il record è stato modificato da un altro utente", errors: [] } };
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await alertText()).toContain("Il record è stato modificato da un altro utente");
    await dismissAlert(user);
    expect(within(dialog).getByText("Salvataggio non riuscito")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Modifica agente Mario" })).toBeTruthy();
  });

  it("asks 'Non hai salvato. Uscire?' when closing with changes: Rimani stays, Esci senza salvare closes", async () => {
    const user = userEvent.setup();
    handler = () => ({ body: { status: "ok", agent: existing, formData: {} } });
    const onClose = vi.fn();
    renderWithHost(<AgentForm onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica agente Mario" });
    await user.click(within(dialog).getByRole("button", { name: "Chiudi" }));
    expect(onClose).toHaveBeenCalledTimes(1); // nothing changed: closes at once
    onClose.mockClear();

    await user.type(within(dialog).getByLabelText("Nome"), "x");
    await user.click(within(dialog).getByRole("button", { name: "Chiudi" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Non hai salvato. Uscire?");
    await user.click(within(confirm).getByRole("button", { name: "Rimani" }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Chiudi" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Esci senza salvare" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("refuses to open the same record twice at once, and allows it again after closing", async () => {
    handler = () => ({ body: { status: "ok", agent: existing, formData: {} } });
    const firstClose = vi.fn();
    const secondClose = vi.fn();
    const view = renderWithHost(
      <>
        <AgentForm onClose={firstClose} />
        <AgentForm onClose={secondClose} />
      </>,
    );
    await screen.findByRole("dialog", { name: "Modifica agente Mario" });
    expect(secondClose).toHaveBeenCalledTimes(1);
    expect(firstClose).not.toHaveBeenCalled();
    expect(await screen.findByText("La scheda è già aperta")).toBeTruthy();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);

    view.rerender(
      <>
        <DialogHost />
      </>,
    );
    const again = vi.fn();
    renderWithHost(<AgentForm onClose={again} />);
    await screen.findByRole("dialog", { name: "Modifica agente Mario" });
    expect(again).not.toHaveBeenCalled();
  });

  it("a load failure shows the error and closes", async () => {
    handler = () => ({ status: 404, body: { status: "error", message: "Elemento non trovato" } });
    const onClose = vi.fn();
    renderWithHost(<AgentForm onClose={onClose} />);
    expect(await alertText()).toContain("Elemento non trovato");
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await dismissAlert(userEvent.setup());
  });

  it("disables the body and cannot close while saving", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    handler = (_url, init) =>
      init.method === "POST"
        ? new Promise((resolve) => {
            release = () => resolve({ body: { status: "ok", agent: existing } });
          })
        : { body: { status: "ok", agent: existing, formData: {} } };
    const onClose = vi.fn();
    renderWithHost(<AgentForm onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica agente Mario" });
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(dialog.querySelector("fieldset")?.disabled).toBe(true));
    expect(within(dialog).getByRole("button", { name: "Chiudi" })).toHaveProperty("disabled", true);
    await act(async () => release());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe("a message that depends on another field", () => {
  const accountSchema = z
    .object({ type: z.enum(["Conto bancario", "Altro"]), code: z.string(), version: z.number().optional() })
    .superRefine((v, ctx) => {
      if (v.type === "Conto bancario" && !v.code) ctx.addIssue({ code: "custom", message: 'Il campo "Codice conto" è richiesto', path: ["code"] });
    });
  type Account = { id?: number | null; type: "Conto bancario" | "Altro"; code: string; version?: number };

  it("leaves the banner when the other field changes (the whole form is validated again after a failed save)", async () => {
    handler = () => ({ body: { status: "ok", account: { id: null, type: "Conto bancario", code: "", version: 0 }, formData: {} } });
    const user = userEvent.setup();
    renderWithHost(
      <EntityFormModal<typeof accountSchema, Account>
        entityName="account"
        loadUrl="/api/accounts/create-form-data"
        saveUrl="/api/accounts"
        schema={accountSchema}
        title="Inserimento conto"
        onClose={() => {}}
      >
        {(form) => (
          <FormField
            control={form.control}
            name="type"
            label="Tipo"
            render={(field) => (
              <select aria-label="Tipo" value={String(field.value)} onChange={(e) => field.onChange(e.target.value)}>
                <option>Conto bancario</option>
                <option>Altro</option>
              </select>
            )}
          />
        )}
      </EntityFormModal>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Inserimento conto" });
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    await dismissAlert(user);
    expect(within(dialog).getAllByText('Il campo "Codice conto" è richiesto').length).toBeGreaterThan(0);
    await user.selectOptions(within(dialog).getByLabelText("Tipo"), "Altro");
    await waitFor(() => expect(within(dialog).queryByText('Il campo "Codice conto" è richiesto')).toBeNull());
    expect(within(dialog).queryByText("Errore nella compilazione dei campi")).toBeNull();
  });
});
