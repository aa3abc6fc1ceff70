import { expect, test, type Page } from "@playwright/test";
import { italianDate, todayInRome } from "../../lib/rome-time";
import { chooseOperation, counter, field, filterBooleanColumn, login, openGrid, rows, search } from "./support";

// Lavori and Ore lavorate (issue 10) as Mario Rossi (admin of tenant 2, ROLE_USER too): the top bar's time
// tracker, the job form with its state history, the customer's Lavori tab, 'Segna completato' on /lavori,
// /lista-lavori-eseguiti with its 'Totale'. Each test makes its own jobs (through the API with the page's
// session when they are only the scene) on the seeded customers.

const NO_JOB = "E' necessario scegliere un lavoro dalla tendina";
const HOURLY = "Lavoro pagato a ore";

interface Option {
  id: number;
  toString: string;
}

const tracker = (page: Page) => page.getByTestId("time-tracker");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** A screenshot of the screen as it is, in the test's output folder (test-results, not committed). */
async function snap(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** A seeded customer of the session's tenant by (the start of) its name. */
async function customer(page: Page, name: string): Promise<Option> {
  const r = await page.request.get("/api/contacts/get-filtered-list", { params: { role: "CUSTOMER", query: name } });
  expect(r.status()).toBe(200);
  const found = ((await r.json()) as { options: Option[] }).options.find((o) => o.toString.startsWith(name));
  expect(found, `cliente ${name}`).toBeTruthy();
  return found!;
}

/** A job saved through the API (multipart field 'activity', as the form sends it). */
async function createJob(page: Page, job: { name: string; contact: Option; activityState?: string; paymentType?: string }): Promise<Option & { activityNumber: number }> {
  const r = await page.request.post("/api/activities", {
    multipart: { activity: JSON.stringify({ activityState: "Attivo", paymentType: HOURLY, ...job }) },
  });
  expect(r.status(), await r.text()).toBe(200);
  const body = (await r.json()) as { status: string; message: string; activity: Option & { activityNumber: number } };
  expect(body.message).toBe("Salvataggio effettuato");
  return body.activity;
}

/** A time entry of the session's user through the API. */
async function createEntry(page: Page, entry: { activity: Option; date: string; startTime: string; endTime: string; description: string }) {
  const r = await page.request.post("/api/time-entries", { multipart: { timeEntry: JSON.stringify({ billable: true, ...entry }) } });
  expect(r.status(), await r.text()).toBe(200);
}

/** A unique tag of the test run, in names and descriptions (the database lives for the whole run). */
/** The last Sunday before `today` ('yyyy-MM-dd'): at most 7 days back, so inside the time-entry list's default period. */
function lastSundayBefore(today: string): string {
  const day = new Date(`${today}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() - 1);
  while (day.getUTCDay() !== 0);
  return day.toISOString().slice(0, 10);
}

const runTag = () => `J${Date.now().toString(36)}`;

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("START without a job: the message, nothing started", async ({ page }) => {
    await login(page);
    await expect(tracker(page)).toHaveAttribute("data-state", "idle");
    // inline at this width: no stopwatch button in the way
    await expect(tracker(page).getByRole("button", { name: "Cronometro" })).toBeHidden();
    await expect(tracker(page).getByRole("combobox", { name: "Lavoro" })).toHaveValue("");
    await tracker(page).getByRole("button", { name: "START" }).click();
    await expect(toast(page, NO_JOB)).toBeVisible();
    await snap(page, "tracker-no-job");
    await expect(tracker(page)).toHaveAttribute("data-state", "idle");
    await expect(tracker(page).getByRole("button", { name: "STOP" })).toBeDisabled();
    const running = await page.request.get("/api/time-entries/time-entry-get");
    expect(((await running.json()) as { timeEntryRunning: unknown }).timeEntryRunning).toBeNull();
  });

  test("'Crea nuovo lavoro' from the top bar, START, elapsed time, STOP, the entry edited in its form", async ({ page }) => {
    const tag = runTag();
    const name = `Tracker ${tag}`;
    await login(page);
    await expect(tracker(page)).toHaveAttribute("data-state", "idle");

    // '+' beside Lavoro: the job form, a seeded customer, paid by the hour.
    await tracker(page).getByRole("button", { name: "Crea nuovo lavoro" }).click();
    const dialog = page.getByRole("dialog", { name: "Inserimento lavoro" });
    for (const tab of ["Dati principali", "Ore lavorate", "Storico dei cambi di stato"]) await expect(dialog.getByRole("tab", { name: tab })).toBeVisible();
    await dialog.getByRole("combobox", { name: "Cliente" }).fill("Edilnova");
    await page.getByRole("option", { name: "Edilnova S.p.A." }).click();
    await expect(dialog.getByRole("combobox", { name: "Cliente" })).toHaveValue("Edilnova S.p.A.");
    await field(dialog, "Nome lavoro").fill(name);
    await expect(dialog.getByRole("combobox", { name: "Stato lavoro" })).toHaveValue("Attivo");
    await dialog.getByRole("combobox", { name: "Tipo pagamento" }).selectOption(HOURLY);
    await expect(dialog.getByTestId("hourly-rate-note")).toContainText("Tariffa oraria");
    await expect(field(dialog, "Importo lavoro")).toHaveCount(0);
    await snap(page, "job-form-from-tracker");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toast(page, "Salvataggio effettuato")).toBeVisible();
    // the new job is the tracker's choice
    await expect(tracker(page).getByRole("combobox", { name: "Lavoro" })).toHaveValue(new RegExp(`${name}$`));

    // START: the toast, the job, its start and the elapsed time.
    await tracker(page).getByRole("button", { name: "START" }).click();
    await expect(toast(page, "Inizio lavoro confermato")).toBeVisible();
    await expect(tracker(page)).toHaveAttribute("data-state", "running");
    await expect(tracker(page).getByTestId("time-tracker-job")).toContainText(name);
    await expect(tracker(page).getByTestId("time-tracker-start")).toHaveText(/^\d{2}:\d{2}$/);
    await expect(tracker(page).getByTestId("time-tracker-elapsed")).toHaveText(/^\d+ minut[oi]$/);
    await snap(page, "tracker-running");
    // the server's state, the same in any other tab
    const running = (await (await page.request.get("/api/time-entries/time-entry-get")).json()) as { timeEntryRunning: { activity: Option } | null };
    expect(running.timeEntryRunning?.activity.toString).toContain(name);

    // STOP: the entry opens in its form; a description and other times, saved.
    const stopped = page.waitForResponse((r) => r.url().endsWith("/api/time-entries/time-entry-end"));
    await tracker(page).getByRole("button", { name: "STOP" }).click();
    const entry = ((await (await stopped).json()) as { timeEntry: { id: number; date: string } }).timeEntry;
    const form = page.getByRole("dialog", { name: "Modifica ore lavorate" });
    await expect(form).toBeVisible();
    await expect(tracker(page)).toHaveAttribute("data-state", "idle");
    await expect(form.getByRole("combobox", { name: "Lavoro" })).toHaveValue(new RegExp(name));
    await expect(form.getByTestId("time-entry-duration")).toHaveText(/^\d+ minut[oi]$/);
    await form.getByRole("textbox", { name: "Descrizione" }).fill(`Sopralluogo in cantiere ${tag}`);
    await form.getByRole("combobox", { name: "Ora inizio" }).selectOption("07:00");
    await form.getByRole("combobox", { name: "Ora fine" }).selectOption("08:30");
    await expect(form.getByTestId("time-entry-duration")).toHaveText("1,5 ore");
    await snap(page, "time-entry-after-stop");
    await form.getByRole("button", { name: "Salva" }).click();
    await expect(form).toHaveCount(0);
    await expect(toast(page, "Modifica effettuata")).toBeVisible();

    const saved = (await (await page.request.get(`/api/time-entries/get/${entry.id}`)).json()) as { timeEntry: Record<string, unknown> };
    expect(saved.timeEntry).toMatchObject({ date: entry.date, startTime: "07:00", endTime: "08:30", minutes: 90, description: `Sopralluogo in cantiere ${tag}` });
  });

  test("a job's state Attivo → Sospeso in its form, read in 'Storico dei cambi di stato'", async ({ page }) => {
    const tag = runTag();
    await login(page);
    const job = await createJob(page, { name: `Stati ${tag}`, contact: await customer(page, "Tecnostudio Associati") });
    await openGrid(page, "/lavori", "Lavori");
    await search(page, tag);
    await counter(page, 1);
    await rows(page).first().dblclick();
    let dialog = page.getByRole("dialog", { name: `Modifica lavoro Stati ${tag}` });
    await expect(field(dialog, "Nome lavoro")).toHaveValue(`Stati ${tag}`);
    await expect(field(dialog, "Numero")).toHaveValue(String(job.activityNumber));
    await dialog.getByRole("combobox", { name: "Stato lavoro" }).selectOption("Sospeso");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toast(page, "Modifica effettuata")).toBeVisible();
    await expect(rows(page).first()).toContainText("Sospeso");

    await rows(page).first().dblclick();
    dialog = page.getByRole("dialog", { name: `Modifica lavoro Stati ${tag}` });
    await dialog.getByRole("tab", { name: "Storico dei cambi di stato" }).click();
    const history = dialog.getByRole("table", { name: "Storico dei cambi di stato" }).locator("tbody tr");
    await expect(history).toHaveCount(2);
    await expect(history.nth(0).getByRole("cell")).toHaveText([/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, "Creazione", "Attivo", "Mario Rossi"]);
    await expect(history.nth(1).getByRole("cell")).toHaveText([/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, "Attivo", "Sospeso", "Mario Rossi"]);
    await snap(page, "job-state-history");
    await dialog.getByRole("tab", { name: "Ore lavorate" }).click();
    await expect(dialog.getByText("Nessuna registrazione")).toBeVisible();
    await dialog.getByRole("button", { name: "Chiudi" }).first().click();
    await expect(dialog).toHaveCount(0);
  });

  test("the customer form's Lavori tab: the customer's jobs, 'Aggiungi lavoro' with the customer fixed", async ({ page }) => {
    const tag = runTag();
    const company = "Officina Meccanica Ferrari S.r.l.";
    await login(page);
    await createJob(page, { name: `Officina ${tag}`, contact: await customer(page, company) });
    await openGrid(page, "/anagrafica", "Anagrafica");
    await search(page, "Officina Meccanica Ferrari");
    await counter(page, 1);
    await rows(page).first().dblclick();
    const contactForm = page.getByRole("dialog", { name: `Modifica ${company}` });
    await contactForm.getByRole("tab", { name: "Lavori" }).click();
    const jobs = contactForm.getByRole("table", { name: "Lavori del cliente" }).locator("tbody tr");
    await expect(jobs.filter({ hasText: `Officina ${tag}` })).toHaveCount(1);
    const before = await jobs.count();
    await snap(page, "contact-jobs-tab");

    // 'Aggiungi lavoro': Cliente is the customer, shown and not chosen.
    await contactForm.getByRole("button", { name: "Aggiungi lavoro" }).click();
    const jobForm = page.getByRole("dialog", { name: "Inserimento lavoro" });
    await expect(field(jobForm, "Cliente")).toHaveValue(company);
    await expect(field(jobForm, "Cliente")).toHaveAttribute("readonly", "");
    await expect(jobForm.getByRole("combobox", { name: "Cliente" })).toHaveCount(0);
    await field(jobForm, "Nome lavoro").fill(`Revisione impianto ${tag}`);
    await snap(page, "contact-add-job");
    await jobForm.getByRole("button", { name: "Salva" }).click();
    await expect(jobForm).toHaveCount(0);
    await expect(jobs).toHaveCount(before + 1);
    const added = jobs.filter({ hasText: `Revisione impianto ${tag}` });
    await expect(added).toContainText("Attivo");

    // the pencil opens it, with its customer
    await added.getByRole("button", { name: `Modifica lavoro Revisione impianto ${tag}` }).click();
    const edit = page.getByRole("dialog", { name: `Modifica lavoro Revisione impianto ${tag}` });
    await expect(field(edit, "Cliente")).toHaveValue(company);
    await edit.getByRole("button", { name: "Chiudi" }).first().click();
    await expect(edit).toHaveCount(0);
    await expect(contactForm).toBeVisible();
  });

  test("'Segna completato' on two selected rows of /lavori: they leave 'non completati'", async ({ page }) => {
    const tag = runTag();
    await login(page);
    const contact = await customer(page, "Hotel Bellavista");
    for (const n of [1, 2, 3]) await createJob(page, { name: `Chiusura ${tag} ${n}`, contact, paymentType: n === 2 ? "Lavoro pagato a corpo" : HOURLY });
    await openGrid(page, "/lavori", "Lavori");
    await search(page, tag);
    await counter(page, 3);
    const first = rows(page).filter({ hasText: `Chiusura ${tag} 1` });
    const second = rows(page).filter({ hasText: `Chiusura ${tag} 2` });
    await first.getByRole("checkbox").check();
    await second.getByRole("checkbox").check();
    await chooseOperation(page, "Segna completato");
    await expect(page.getByRole("alertdialog")).toContainText("Confermi di segnare come completati i lavori selezionati?");
    await snap(page, "jobs-mark-finished-confirm");
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    // only the third is still 'non completati'
    await counter(page, 1);
    await expect(rows(page).first()).toContainText(`Chiusura ${tag} 3`);
    await snap(page, "jobs-after-mark-finished");

    await filterBooleanColumn(page, "Completato", "Sì");
    await counter(page, 2);
    await expect(rows(page).filter({ hasText: `Chiusura ${tag} 3` })).toHaveCount(0);
    for (const row of [first, second]) await expect(row).toContainText("Sì");
  });

  test("/lista-lavori-eseguiti as the admin: the entries listed, 'Totale' with their hours", async ({ page }) => {
    const tag = runTag();
    await login(page);
    const activity = await createJob(page, { name: `Ore ${tag}`, contact: await customer(page, "Tecnostudio Associati") });
    // a Sunday evening inside the list's default period (the previous month and this one) but not today: the seed
    // records working days only and the timer walks use today, so no other entry of the user is in the way
    const sunday = lastSundayBefore(todayInRome());
    await createEntry(page, { activity, date: sunday, startTime: "18:00", endTime: "19:30", description: `Analisi ${tag}` });
    await createEntry(page, { activity, date: sunday, startTime: "20:00", endTime: "20:45", description: `Collaudo ${tag}` });
    await openGrid(page, "/lista-lavori-eseguiti", "Lista lavori eseguiti");
    await expect(page.getByRole("row", { name: "Totale" })).toBeVisible();
    await search(page, tag);
    await counter(page, 2);
    const analysis = rows(page).filter({ hasText: `Analisi ${tag}` });
    await expect(analysis).toContainText(italianDate(sunday));
    await expect(analysis).toContainText("18:00");
    await expect(analysis).toContainText("19:30");
    await expect(analysis).toContainText("Mario Rossi");
    await expect(analysis).toContainText(`Ore ${tag}`);
    await expect(analysis).toContainText("1,50");
    const total = page.getByRole("row", { name: "Totale" });
    await expect(total.locator('[data-total="hours"]')).toHaveText("2,25");
    await expect(total.locator('[data-total="hours"]')).toBeInViewport();
    await snap(page, "lista-lavori-eseguiti");
  });
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the tracker's stopwatch opens its panel; the job form's tabs scroll with the buttons in view", async ({ page }) => {
    const tag = runTag();
    await login(page);
    await createJob(page, { name: `Telefono ${tag}`, contact: await customer(page, "Edilnova") });

    // the compact tracker: a stopwatch button, its panel with Lavoro, START and STOP
    const stopwatch = tracker(page).getByRole("button", { name: "Cronometro" });
    await expect(stopwatch).toBeVisible();
    const panel = page.getByRole("group", { name: "Cronometro" });
    await expect(panel).toBeHidden();
    await stopwatch.click();
    await expect(stopwatch).toHaveAttribute("aria-expanded", "true");
    for (const control of [panel.getByRole("combobox", { name: "Lavoro" }), panel.getByRole("button", { name: "START" }), panel.getByRole("button", { name: "STOP" })]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    await panel.getByRole("button", { name: "START" }).click();
    await expect(toast(page, NO_JOB)).toBeVisible();
    await snap(page, "phone-tracker-panel");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    // the job form: every tab reachable, Salva in view on each
    await openGrid(page, "/lavori", "Lavori");
    await search(page, tag);
    await counter(page, 1);
    await rows(page).first().dblclick();
    const dialog = page.getByRole("dialog", { name: `Modifica lavoro Telefono ${tag}` });
    await dialog.locator("[data-modal-body]").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(dialog.getByRole("textbox", { name: "Descrizione" })).toBeInViewport();
    await expect(dialog.getByRole("button", { name: "Salva" })).toBeInViewport();
    await snap(page, "phone-job-form");
    for (const tab of ["Ore lavorate", "Storico dei cambi di stato"]) {
      await dialog.getByRole("tab", { name: tab }).click();
      await expect(dialog.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await expect(dialog.getByRole("tab", { name: tab })).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole("button", { name: "Salva" })).toBeInViewport();
      await expect(dialog.getByRole("button", { name: "Elimina lavoro" })).toBeInViewport();
    }
    await expect(dialog.getByRole("table", { name: "Storico dei cambi di stato" }).locator("tbody tr")).toHaveCount(1);
    await snap(page, "phone-job-form-history");
  });
});
