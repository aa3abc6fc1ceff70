// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import { AgendaEventForm } from "./agenda-event-form";

const users = [
  { id: 1, toString: "Mario Rossi", color: "#7c3aed" },
  { id: 2, toString: "Luca Bianchi", color: "#bae6fd" },
];
const event = (over: Record<string, unknown> = {}) => ({
  id: 7, version: 2, rowColor: null, toString: "Fiera (10/03/2026)",
  title: "Fiera", start: "2026-03-10T00:00", end: "2026-03-12T00:00", allDay: true,
  contact: null, activity: null, place: "Bologna", description: "", participants: [{ id: 1, toString: "Mario Rossi", color: "#7c3aed" }],
  ...over,
});

let requests: string[];
let saved: Record<string, unknown>[];

beforeEach(() => {
  requests = [];
  saved = [];
  resetOpenRecords();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = init.method ?? "GET";
      requests.push(`${method} ${url.pathname}${url.search}`);
      let body: unknown;
      if (method === "POST") {
        const sent = JSON.parse(String((init.body as FormData).get("agendaEvent")));
        saved.push(sent);
        body = { status: "ok", message: "Modifica effettuata", agendaEvent: { ...event(), ...sent } };
      } else if (url.pathname.endsWith("/create-form-data")) {
        body = { status: "ok", agendaEvent: { id: null, version: 0, rowColor: null, toString: "", title: "", start: url.searchParams.get("start"), end: url.searchParams.get("end"), allDay: false, contact: null, activity: null, place: "", description: "", participants: [users[0]] }, formData: { users } };
      } else {
        body = { status: "ok", agendaEvent: event(), formData: { users } };
      }
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(props: Partial<Parameters<typeof AgendaEventForm>[0]> = {}) {
  const onSaved = vi.fn();
  render(
    <>
      <AgendaEventForm id={7} onSaved={onSaved} onDeleted={vi.fn()} onClose={vi.fn()} {...props} />
      <DialogHost />
      <Toaster />
    </>,
  );
  return { onSaved };
}

describe("AgendaEventForm", () => {
  it("shows an all-day appointment's last day (the API's end is the midnight after it) and saves it back exclusive", async () => {
    const { onSaved } = renderForm();
    const form = await screen.findByRole("dialog", { name: "Modifica appuntamento" });
    expect(requests).toEqual(["GET /api/agenda-events/update-form-data/7"]);
    expect((within(form).getByRole("textbox", { name: "Inizio: data" }) as HTMLInputElement).value).toBe("10/03/2026");
    expect((within(form).getByRole("textbox", { name: "Fine: data" }) as HTMLInputElement).value).toBe("11/03/2026");
    expect(within(form).queryByLabelText("Inizio: ora")).toBeNull();
    // one more participant
    await userEvent.click(within(form).getByRole("checkbox", { name: "Luca Bianchi" }));
    await userEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests).toContain("POST /api/agenda-events/7");
    expect(saved[0]).toMatchObject({ title: "Fiera", start: "2026-03-10T00:00", end: "2026-03-12T00:00", allDay: true, version: 2 });
    expect((saved[0]!.participants as { id: number }[]).map((p) => p.id)).toEqual([1, 2]);
  });

  it("opens 'Inserimento appuntamento' on the slot chosen in the calendar", async () => {
    renderForm({ id: null, slot: { start: "2026-03-11T14:00", end: "2026-03-11T15:30", allDay: false } });
    const form = await screen.findByRole("dialog", { name: "Inserimento appuntamento" });
    expect(requests).toEqual(["GET /api/agenda-events/create-form-data?start=2026-03-11T14%3A00&end=2026-03-11T15%3A30"]);
    expect((within(form).getByRole("textbox", { name: "Fine: data" }) as HTMLInputElement).value).toBe("11/03/2026");
    expect((within(form).getByRole("checkbox", { name: "Mario Rossi" }) as HTMLElement).getAttribute("aria-checked")).toBe("true");
    await userEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect((await within(form).findAllByText('Il campo "Titolo" è richiesto')).length).toBeGreaterThan(0);
    expect(saved).toEqual([]);
  });
});
