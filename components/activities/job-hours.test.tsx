// @vitest-environment happy-dom
/**
 * Issue 30, defects met on the way: the jobs' hours shown elsewhere follow the time entries (the tracker's STOP and the
 * entry's save reload the /lavori grid), and the job form's Ore lavorate tab adds hours.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { GridPage } from "@/components/grid/grid-types";
import { SessionRolesProvider } from "@/components/shell/session-roles";
import { TIME_ENTRIES_CHANGED_EVENT } from "@/components/time-entries/time-entry-events";
import { TimeTracker } from "@/components/time-entries/time-tracker";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import { ActivitiesGrid } from "./activities-grid";
import { ActivityForm, ADD_HOURS_LABEL } from "./activity-form";

const JOB = { id: 12, toString: "44 - Sito web" };
const job = {
  id: 12, version: 3, contact: { id: 5, toString: "Rossi S.r.l." }, activityNumber: 44, name: "Sito web", activityState: "Attivo", description: "",
  paymentType: "Lavoro pagato a ore", activityAmount: null, currency: "EUR", activityExpirationDate: null, finished: false, invoiced: false,
  activityStateLogs: [], workedMinutes: 0, toInvoiceMinutes: 0, toInvoice: 0, hourlyRate: 6000, hourlyRateFrom: "tenant", rowColor: null, toString: JOB.toString,
};
const entry = (over: Record<string, unknown> = {}) => ({
  id: 5, version: 1, rowColor: null, toString: "10/03/2026 09:00", user: { id: 1, toString: "Demo Utente" }, activity: JOB, contact: null,
  date: "2026-03-10", startTime: "09:00", endTime: "10:30", minutes: 90, description: "", billable: true, invoiced: false, ...over,
});
const entryFormData = { users: [], currentUser: { id: 1, toString: "Demo Utente" } };
const gridPage: GridPage & { status: string } = {
  status: "ok", data: [{ id: 12, rowColor: null, version: 3, name: "Sito web" }], count: 1, countExact: true, startRow: 0, offset: 0,
  gridData: { name: "activities", defaultSort: [], columns: [{ field: "name", header: "Nome", type: "text", sortable: true, filterable: true, searchable: true, fixed: true, hidden: false, exportable: true }] },
};

let requests: string[];
let entries: ReturnType<typeof entry>[];

beforeEach(() => {
  requests = [];
  entries = [];
  resetOpenRecords();
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 800, width: 800, height: 600, toJSON: () => ({}) } as DOMRect);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = init.method ?? "GET";
      requests.push(`${method} ${url.pathname}`);
      const ok = (body: Record<string, unknown>) => new Response(JSON.stringify({ status: "ok", ...body }), { status: 200, headers: { "Content-Type": "application/json" } });
      if (method === "POST" && url.pathname === "/api/time-entries") {
        const sent = JSON.parse(String((init.body as FormData).get("timeEntry")));
        entries.push(entry({ ...sent, id: 6 }));
        return ok({ message: "Salvataggio effettuato", timeEntry: entries.at(-1) });
      }
      if (method === "POST" && url.pathname === "/api/time-entries/time-entry-end") return ok({ message: "Cronometro fermato", timeEntry: entry() });
      if (method === "POST" && url.pathname === "/api/time-entries/5") return ok({ message: "Modifica effettuata", timeEntry: entry() });
      switch (url.pathname) {
        case "/api/activities":
          return ok(gridPage as unknown as Record<string, unknown>);
        case "/api/activities/update-form-data/12":
          return ok({ activity: job, formData: { tenantHourlyPrice: 6000 } });
        case "/api/activities/get/12":
          return ok({ activity: { ...job, workedMinutes: entries.reduce((s, e) => s + e.minutes, 0) } });
        case "/api/time-entries":
          return ok({
            count: entries.length, countExact: true, startRow: 0, offset: 0, gridData: { name: "time-entries", columns: [] }, totals: { hours: entries.length * 150, amount: 0 },
            data: entries.map((e) => ({ id: e.id, rowColor: null, date: e.date, startTime: e.startTime, endTime: e.endTime, user: e.user, description: e.description, hours: 150, amount: 9000, billable: true, invoiced: false })),
          });
        case "/api/time-entries/create-form-data":
          return ok({ timeEntry: { ...entry({ activity: url.searchParams.get("activityId") === "12" ? JOB : null }), id: null, version: 0 }, formData: entryFormData });
        case "/api/time-entries/update-form-data/5":
          return ok({ timeEntry: entry(), formData: entryFormData });
        case "/api/time-entries/time-entry-get":
          return ok({ timeEntryRunning: { id: 5, start: new Date(Date.now() - 90 * 60_000).toISOString(), activity: JOB } });
      }
      return new Response(JSON.stringify({ status: "error", message: `non previsto: ${url.pathname}` }), { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const host = (ui: React.ReactElement) =>
  render(
    <SessionRolesProvider roles={["ROLE_USER"]}>
      {ui}
      <DialogHost />
      <Toaster />
    </SessionRolesProvider>,
  );
const listReads = () => requests.filter((r) => r === "GET /api/activities").length;

describe("the /lavori grid follows the hours", () => {
  // happy-dom has no layout: the virtualizer measures once (the dialogs' observer does nothing)
  beforeEach(() =>
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    ),
  );

  it("reads its rows again after the tracker's STOP and after the stopped entry is saved", async () => {
    host(
      <>
        <TimeTracker />
        <ActivitiesGrid initial={gridPage} />
      </>,
    );
    await screen.findByText("Sito web");
    await waitFor(() => expect(screen.getByTestId("time-tracker").dataset.state).toBe("running"));
    const before = listReads();
    await userEvent.click(screen.getByRole("button", { name: "STOP" }));
    const form = await screen.findByRole("dialog", { name: "Modifica ore lavorate" });
    await waitFor(() => expect(listReads()).toBe(before + 1));
    await within(form).findByTestId("time-entry-duration");
    await userEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(requests).toContain("POST /api/time-entries/5"));
    await waitFor(() => expect(listReads()).toBe(before + 2));
  });

  it("reads its rows again on the window event", async () => {
    host(<ActivitiesGrid initial={gridPage} />);
    await screen.findByText("Sito web");
    const before = listReads();
    act(() => void window.dispatchEvent(new Event(TIME_ENTRIES_CHANGED_EVENT)));
    await waitFor(() => expect(listReads()).toBe(before + 1));
  });
});

describe("the job form's Ore lavorate tab", () => {
  it("'Aggiungi ore lavorate' opens a new entry on the job; once saved, the list and the figures are read again", async () => {
    const user = userEvent.setup();
    host(<ActivityForm id={12} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Modifica lavoro Sito web" });
    await user.click(within(dialog).getByRole("tab", { name: "Ore lavorate" }));
    await within(dialog).findByText("Nessuna registrazione");
    await user.click(within(dialog).getByRole("button", { name: ADD_HOURS_LABEL }));
    const form = await screen.findByRole("dialog", { name: "Inserimento ore lavorate" });
    expect(requests).toContain("GET /api/time-entries/create-form-data");
    expect((within(form).getByRole("combobox", { name: /Lavoro/ }) as HTMLInputElement).value).toBe(JOB.toString);
    await user.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(requests).toContain("POST /api/time-entries"));
    const list = await within(dialog).findByRole("table", { name: "Ore lavorate sul lavoro" });
    await waitFor(() => expect(within(list).getByTestId("hours-total").textContent).toBe("1,50"));
    await waitFor(() => expect(within(dialog).getByText("1,5 ore")).toBeTruthy());
  });
});
