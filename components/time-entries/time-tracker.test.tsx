// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SessionRolesProvider } from "@/components/shell/session-roles";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import { TIME_ENTRY_MESSAGES } from "@/lib/schemas/time-entry";
import { TimeTracker } from "./time-tracker";

// the job form is another component's business: a stand-in that "saves" job 42
vi.mock("@/components/activities/activity-form", () => ({
  ActivityForm: ({ onSaved, onClose }: { onSaved?: (a: { id: number; toString: string }) => void; onClose: () => void }) => (
    <div role="dialog" aria-label="Inserimento lavoro">
      <button
        type="button"
        onClick={() => {
          onSaved?.({ id: 42, toString: "42 - Nuovo sito (Rossi)" });
          onClose();
        }}
      >
        Salva lavoro
      </button>
    </div>
  ),
}));

type Reply = { status?: number; body: unknown };
type Handler = (method: string, path: string) => Reply | undefined;

let requests: string[];
let handler: Handler;

const JOB = { id: 12, toString: "12 - Manutenzione (Bianchi S.r.l.)" };
const entry = (over: Record<string, unknown> = {}) => ({
  id: 5, version: 1, rowColor: null, toString: "10/03/2026 09:15",
  user: { id: 1, toString: "Demo Utente" }, activity: JOB, contact: { id: 3, toString: "Bianchi S.r.l." },
  date: "2026-03-10", startTime: "09:15", endTime: "10:30", minutes: 75, description: "", billable: true, invoiced: false,
  ...over,
});
const formData = { users: [], currentUser: { id: 1, toString: "Demo Utente" } };

function reply(method: string, path: string): Reply {
  const own = handler(method, path);
  if (own) return own;
  if (path === "/api/time-entries/time-entry-get") return { body: { status: "ok", timeEntryRunning: null } };
  if (path === "/api/activities/get-unfinished") return { body: { activities: [JOB], status: "ok" } };
  if (path === "/api/time-entries/update-form-data/5") return { body: { status: "ok", timeEntry: entry(), formData } };
  return { status: 404, body: { status: "error", message: "Non trovato" } };
}

beforeEach(() => {
  requests = [];
  handler = () => undefined;
  resetOpenRecords();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = init.method ?? "GET";
      requests.push(`${method} ${url.pathname}`);
      const { status = 200, body } = reply(method, url.pathname);
      return new Response(JSON.stringify(body), { status });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTracker(roles = ["ROLE_USER"]) {
  return render(
    <SessionRolesProvider roles={roles}>
      <TimeTracker />
      <DialogHost />
      <Toaster />
    </SessionRolesProvider>,
  );
}

const tracker = () => screen.getByTestId("time-tracker");
const posts = () => requests.filter((r) => r.startsWith("POST"));

async function idle() {
  renderTracker();
  await waitFor(() => expect(tracker().dataset.state).toBe("idle"));
}

describe("TimeTracker", () => {
  it("START without a job says so and sends nothing", async () => {
    await idle();
    await userEvent.click(screen.getByRole("button", { name: "START" }));
    expect(await screen.findByText(TIME_ENTRY_MESSAGES.noJob)).toBeTruthy();
    expect(posts()).toEqual([]);
    expect(screen.getByRole("button", { name: "STOP" }).hasAttribute("disabled")).toBe(true);
  });

  it("START on the chosen job: the server's toast, then the job, the start and the elapsed time", async () => {
    const start = new Date(Date.now() - 3 * 60_000).toISOString();
    handler = (method, path) =>
      method === "POST" && path === "/api/time-entries/time-entry-start/12"
        ? { body: { status: "ok", message: TIME_ENTRY_MESSAGES.started, timeEntryRunning: { id: 5, start, activity: JOB } } }
        : undefined;
    await idle();
    await userEvent.click(screen.getByRole("combobox", { name: "Lavoro" }));
    await userEvent.click(await screen.findByRole("option", { name: JOB.toString }));
    await userEvent.click(screen.getByRole("button", { name: "START" }));
    expect(await screen.findByText(TIME_ENTRY_MESSAGES.started)).toBeTruthy();
    expect(posts()).toEqual(["POST /api/time-entries/time-entry-start/12"]);
    expect(tracker().dataset.state).toBe("running");
    expect(screen.getByTestId("time-tracker-job").textContent).toBe(JOB.toString);
    expect(screen.getByTestId("time-tracker-elapsed").textContent).toBe("3 minuti");
    expect(screen.queryByRole("button", { name: "START" })).toBeNull();
  });

  it("a refusal shows the server's message as an error toast and reads the state again", async () => {
    handler = (method, path) =>
      method === "POST" && path.startsWith("/api/time-entries/time-entry-start/")
        ? { status: 409, body: { status: "error", message: TIME_ENTRY_MESSAGES.alreadyRunning, errors: [] } }
        : undefined;
    await idle();
    await userEvent.click(screen.getByRole("combobox", { name: "Lavoro" }));
    await userEvent.click(await screen.findByRole("option", { name: JOB.toString }));
    await userEvent.click(screen.getByRole("button", { name: "START" }));
    expect(await screen.findByText(TIME_ENTRY_MESSAGES.alreadyRunning)).toBeTruthy();
    await waitFor(() => expect(requests.filter((r) => r === "GET /api/time-entries/time-entry-get")).toHaveLength(2));
  });

  it("'Crea nuovo lavoro' opens the job form and the saved job becomes the selection", async () => {
    await idle();
    await userEvent.click(screen.getByRole("button", { name: "Crea nuovo lavoro" }));
    await userEvent.click(within(screen.getByRole("dialog", { name: "Inserimento lavoro" })).getByRole("button", { name: "Salva lavoro" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Inserimento lavoro" })).toBeNull());
    expect((screen.getByRole("combobox", { name: "Lavoro" }) as HTMLInputElement).value).toBe("42 - Nuovo sito (Rossi)");
  });

  it("running: the elapsed time refreshes every 5 seconds; STOP posts time-entry-end and opens the entry's form", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(new Date("2026-03-10T09:14:57.000Z"));
    // started 59 minutes 57 seconds ago (Italian clock 09:15)
    const start = "2026-03-10T08:15:00.000Z";
    handler = (method, path) => {
      if (path === "/api/time-entries/time-entry-get") return { body: { status: "ok", timeEntryRunning: { id: 5, start, activity: JOB } } };
      if (method === "POST" && path === "/api/time-entries/time-entry-end") return { body: { status: "ok", message: TIME_ENTRY_MESSAGES.stopped, timeEntry: entry() } };
      return undefined;
    };
    renderTracker();
    await waitFor(() => expect(tracker().dataset.state).toBe("running"));
    expect(screen.getByTestId("time-tracker-job").textContent).toBe(JOB.toString);
    expect(screen.getByTestId("time-tracker-start").textContent).toBe("09:15");
    expect(screen.getByTestId("time-tracker-elapsed").textContent).toBe("59 minuti");
    await act(async () => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId("time-tracker-elapsed").textContent).toBe("60 minuti");
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId("time-tracker-elapsed").textContent).toBe("1,02 ore");

    await userEvent.click(screen.getByRole("button", { name: "STOP" }));
    const form = await screen.findByRole("dialog", { name: "Modifica ore lavorate" });
    expect(posts()).toEqual(["POST /api/time-entries/time-entry-end"]);
    expect(requests).toContain("GET /api/time-entries/update-form-data/5");
    expect(await screen.findByText(TIME_ENTRY_MESSAGES.stopped)).toBeTruthy();
    expect((await within(form).findByTestId("time-entry-duration")).textContent).toBe("1,25 ore");
    expect(tracker().dataset.state).toBe("idle");
    // the same job is offered again
    expect((screen.getByRole("combobox", { name: "Lavoro" }) as HTMLInputElement).value).toBe(JOB.toString);
  });

  it("a clipped STOP shows the server's notice before the entry opens", async () => {
    const notice = "L'orario di fine è stato anticipato alle 10:30 per non sovrapporsi alla registrazione successiva";
    handler = (method, path) => {
      if (path === "/api/time-entries/time-entry-get") return { body: { status: "ok", timeEntryRunning: { id: 5, start: new Date().toISOString(), activity: JOB } } };
      if (method === "POST" && path === "/api/time-entries/time-entry-end") return { body: { status: "ok", message: TIME_ENTRY_MESSAGES.stopped, timeEntry: entry(), dialogMessage: notice } };
      return undefined;
    };
    renderTracker();
    await waitFor(() => expect(tracker().dataset.state).toBe("running"));
    await userEvent.click(screen.getByRole("button", { name: "STOP" }));
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByText(notice)).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Modifica ore lavorate" })).toBeNull();
    await userEvent.click(within(alert).getByRole("button", { name: "OK" }));
    expect(await screen.findByRole("dialog", { name: "Modifica ore lavorate" })).toBeTruthy();
  });

  it("reads the running entry again when the window regains focus (another tab's START)", async () => {
    await idle();
    handler = (_method, path) =>
      path === "/api/time-entries/time-entry-get" ? { body: { status: "ok", timeEntryRunning: { id: 6, start: new Date().toISOString(), activity: JOB } } } : undefined;
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(tracker().dataset.state).toBe("running"));
    expect(screen.getByTestId("time-tracker-elapsed").textContent).toBe("0 minuti");
  });

  it("a failed read is silent and leaves the tracker usable", async () => {
    handler = (_method, path) => (path === "/api/time-entries/time-entry-get" ? { status: 500, body: { status: "error", message: "Errore del server" } } : undefined);
    renderTracker();
    await waitFor(() => expect(tracker().dataset.state).toBe("idle"));
    expect(screen.queryByText("Errore del server")).toBeNull();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("is not there without ROLE_USER", async () => {
    renderTracker([]);
    expect(screen.queryByTestId("time-tracker")).toBeNull();
    expect(requests).toEqual([]);
  });
});
