// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import { entryDuration, INVOICED_NOTE, TimeEntryForm } from "./time-entry-form";

const JOB = { id: 12, toString: "12 - Manutenzione (Bianchi S.r.l.)" };
const entry = (over: Record<string, unknown> = {}) => ({
  id: 5, version: 1, rowColor: null, toString: "10/03/2026 09:15",
  user: { id: 1, toString: "Demo Utente" }, activity: JOB, contact: null,
  date: "2026-03-10", startTime: "09:15", endTime: "10:30", minutes: 75, description: "Analisi", billable: true, invoiced: false,
  ...over,
});
const users = [{ id: 1, toString: "Demo Utente" }, { id: 2, toString: "Luca Bianchi" }];

let requests: string[];
let saved: Record<string, unknown>[];
let loaded: () => Record<string, unknown>;

beforeEach(() => {
  requests = [];
  saved = [];
  loaded = () => ({ timeEntry: entry(), formData: { users: [], currentUser: users[0] } });
  resetOpenRecords();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = init.method ?? "GET";
      requests.push(`${method} ${url.pathname}${url.search}`);
      let body: unknown = { status: "ok", ...loaded() };
      if (method === "POST") {
        const sent = JSON.parse(String((init.body as FormData).get("timeEntry")));
        saved.push(sent);
        body = { status: "ok", message: "Modifica effettuata", timeEntry: { ...entry(), ...sent } };
      } else if (method === "DELETE") {
        body = { status: "ok", message: "Eliminazione effettuata" };
      }
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(props: Partial<Parameters<typeof TimeEntryForm>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <>
      <TimeEntryForm id={5} onClose={onClose} {...props} />
      <DialogHost />
      <Toaster />
    </>,
  );
  return { onClose };
}

describe("TimeEntryForm", () => {
  it("edits an entry: no Utente for a user, the duration follows the times, the save posts the fields", async () => {
    const onSaved = vi.fn();
    renderForm({ onSaved });
    const form = await screen.findByRole("dialog", { name: "Modifica ore lavorate" });
    expect(requests).toEqual(["GET /api/time-entries/update-form-data/5"]);
    expect(within(form).queryByLabelText("Utente")).toBeNull();
    expect((await within(form).findByTestId("time-entry-duration")).textContent).toBe("1,25 ore");
    await userEvent.click(within(form).getAllByRole("button", { name: "Avanti di 60 minuti" })[1]!);
    expect(within(form).getByTestId("time-entry-duration").textContent).toBe("2,25 ore");
    await userEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests).toContain("POST /api/time-entries/5");
    expect(saved[0]).toMatchObject({ activity: JOB, date: "2026-03-10", startTime: "09:15", endTime: "11:30", billable: true, version: 1 });
  });

  it("an admin chooses the user among formData.users", async () => {
    loaded = () => ({ timeEntry: entry(), formData: { users, currentUser: users[0] } });
    renderForm();
    const form = await screen.findByRole("dialog", { name: "Modifica ore lavorate" });
    await userEvent.selectOptions(await within(form).findByLabelText("Utente"), "Luca Bianchi");
    await userEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ user: { id: 2, toString: "Luca Bianchi" } });
  });

  it("an invoiced entry is read-only, says so and has no Elimina", async () => {
    loaded = () => ({ timeEntry: entry({ invoiced: true }), formData: { users: [], currentUser: users[0] } });
    renderForm();
    const form = await screen.findByRole("dialog", { name: "Modifica ore lavorate" });
    expect(await within(form).findByText(INVOICED_NOTE)).toBeTruthy();
    expect(within(form).queryByRole("button", { name: "Elimina" })).toBeNull();
    expect((within(form).getByRole("textbox", { name: "Descrizione" }) as HTMLTextAreaElement).closest("fieldset")?.disabled).toBe(true);
  });

  it("Elimina asks, deletes and tells the caller", async () => {
    const onDeleted = vi.fn();
    const { onClose } = renderForm({ onDeleted });
    const form = await screen.findByRole("dialog", { name: "Modifica ore lavorate" });
    await userEvent.click(await within(form).findByRole("button", { name: "Elimina" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Confermi l'eliminazione?")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(requests).toContain("DELETE /api/time-entries/5");
    expect(onClose).toHaveBeenCalled();
  });

  it("a new entry on a job asks create-form-data with the job", async () => {
    loaded = () => ({ timeEntry: { ...entry({ startTime: "", endTime: "", minutes: null }), id: null, version: 0 }, formData: { users: [], currentUser: users[0] } });
    renderForm({ id: null, activity: JOB });
    expect(await screen.findByRole("dialog", { name: "Inserimento ore lavorate" })).toBeTruthy();
    expect(requests).toEqual(["GET /api/time-entries/create-form-data?activityId=12"]);
  });
});

describe("entryDuration", () => {
  it.each<[string, string, string, string]>([
    ["2026-03-10", "09:00", "09:45", "45 minuti"],
    ["2026-03-10", "09:00", "10:30", "1,5 ore"],
    ["2026-03-10", "22:00", "01:00", "3 ore (fino al giorno dopo)"],
    // the night the clocks go forward is an hour shorter
    ["2026-03-28", "23:00", "04:00", "4 ore (fino al giorno dopo)"],
    ["2026-03-10", "09:00", "09:00", ""],
    ["", "09:00", "10:00", ""],
  ])("%s %s-%s -> %s", (date, start, end, text) => {
    expect(entryDuration(date, start, end)).toBe(text);
  });
});
