import { expect, test, type Page } from "@playwright/test";
import { italianDate, todayInRome } from "../../lib/rome-time";
import { chooseOperation, counter, DEMO, dismissAlert, field, filterBooleanColumn, login, recolourRow, rows, search } from "./support";

// Impegni (issue 13) as Mario Rossi (tenant 2): a to-do with an alert made in the form, found in the list, marked
// done with 'Segna svolto' so it leaves the default view (done = 0); the demo admin's bell with the seeded reminder;
// the form and the top bar on a phone. Each test tags its to-dos (the database lives for the whole run).

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const runTag = () => `T${Date.now().toString(36)}`;
const SHOTS = process.env.SHOTS_DIR;

/** A screenshot in the test's output folder (and in SHOTS_DIR when set, to look at). */
async function snap(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** 'yyyy-MM-dd' `days` from today (Europe/Rome). */
function inDays(days: number): string {
  const d = new Date(`${todayInRome()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function openTodos(page: Page) {
  await page.goto("/impegni");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impegni");
  await expect(page.getByRole("button", { name: "Nuovo impegno" })).toBeVisible();
}

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("a to-do with an alert from the form: in the list, then 'Segna svolto' takes it out of the default view", async ({ page }) => {
    const tag = runTag();
    const title = `Richiamare Edilnova ${tag}`;
    const due = inDays(10);
    await login(page);
    await openTodos(page);

    await page.getByRole("button", { name: "Nuovo impegno" }).click();
    const dialog = page.getByRole("dialog", { name: "Inserimento impegno" });
    await field(dialog, "Titolo").fill(title);
    await dialog.getByRole("combobox", { name: "Cliente" }).fill("Edilnova");
    await page.getByRole("option", { name: "Edilnova S.p.A." }).click();
    await expect(dialog.getByRole("combobox", { name: "Assegnato a" })).toHaveValue(/\d+/);
    await dialog.getByRole("combobox", { name: "Priorità" }).selectOption("Alta");
    await dialog.getByRole("combobox", { name: "Tipo avviso" }).selectOption("Giorni prima della scadenza");
    // the days are asked for, and the due date they count from
    await dialog.getByRole("button", { name: "Salva" }).click();
    await dismissAlert(page, 'Il campo "Giorni prima della scadenza" è richiesto');
    await expect(dialog).toContainText("Errore nella compilazione dei campi");
    await expect(dialog).toContainText('Il campo "Data scadenza" è richiesto per l\'avviso "Giorni prima della scadenza"');
    await field(dialog, "Data scadenza").fill(italianDate(due));
    await field(dialog, "Giorni prima della scadenza").fill("2");
    await field(dialog, "Descrizione").fill("Confermare il sopralluogo");
    await expect(dialog).not.toContainText("Errore nella compilazione dei campi");
    await snap(page, "todo-form-desktop");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect(toast(page, "Salvataggio effettuato")).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await search(page, tag);
    await counter(page, 1);
    const row = rows(page).filter({ hasText: title });
    for (const text of ["Edilnova S.p.A.", "Mario Rossi", italianDate(due), "Alta", "Giorni prima della scadenza"]) await expect(row).toContainText(text);
    await snap(page, "todos-grid-desktop");

    // the form again: everything as saved
    await row.dblclick();
    const edit = page.getByRole("dialog", { name: `Modifica impegno ${title}` });
    await expect(field(edit, "Giorni prima della scadenza")).toHaveValue("2");
    await expect(field(edit, "Data scadenza")).toHaveValue(italianDate(due));
    await edit.getByRole("button", { name: "Chiudi" }).first().click();
    await expect(edit).toHaveCount(0);

    // 'Cambia colore': the row's background, kept after a reload
    await recolourRow(page, row, "Verde", "rgb(200, 239, 196)");
    await page.reload();
    await search(page, tag);
    await expect(row).toHaveCSS("background-color", "rgb(200, 239, 196)");

    await row.getByRole("checkbox").check();
    await chooseOperation(page, "Segna svolto");
    await expect(toast(page, "Impegno segnato come svolto")).toBeVisible();
    // done = 0: it is gone
    await counter(page, 0);
    await snap(page, "todos-after-set-done");
    await filterBooleanColumn(page, "Svolto", "Sì");
    await counter(page, 1);
    await expect(rows(page).first()).toContainText(italianDate(todayInRome()));
  });

  test("the bell: the demo admin's reminder, its count, and the list that opens Impegni", async ({ page }) => {
    await login(page, DEMO);
    const bell = page.getByTestId("notifications-bell");
    await expect(bell.getByTestId("notifications-unread")).toHaveText("1");
    await expect(bell).toHaveAccessibleName("Notifiche: 1 da leggere");
    await bell.click();
    const list = page.getByTestId("notifications-list");
    await expect(list).toContainText("Promemoria: Chiamare il commercialista");
    await expect(list).toContainText(`Scadenza: ${italianDate(inDays(2))}`);
    await snap(page, "bell-open-desktop");
    await list.getByRole("link", { name: /Chiamare il commercialista/ }).click();
    await expect(page).toHaveURL(/\/impegni$/);
    await expect(bell.getByTestId("notifications-unread")).toHaveCount(0);
    await expect(rows(page).filter({ hasText: "Chiamare il commercialista" })).toBeVisible();
  });
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the form scrolls with Salva in view; the bell fits the top bar", async ({ page }) => {
    const tag = runTag();
    await login(page);
    await expect(page.getByTestId("notifications-bell")).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport({ ratio: 1 });
    await page.getByTestId("notifications-bell").click();
    // whatever it lists (other walks on this server leave this admin SDI notices), the list fits the phone
    await expect(page.getByTestId("notifications-list")).toBeVisible();
    await expect(page.getByTestId("notifications-list")).toBeInViewport({ ratio: 1 });
    await snap(page, "bell-open-phone");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("notifications-list")).toHaveCount(0);
    await openTodos(page);
    await snap(page, "todos-grid-phone");
    await page.getByRole("button", { name: "Nuovo impegno" }).click();
    const dialog = page.getByRole("dialog", { name: "Inserimento impegno" });
    await field(dialog, "Titolo").fill(`Telefono ${tag}`);
    await dialog.getByRole("combobox", { name: "Tipo avviso" }).selectOption("Data fissa");
    await field(dialog, "Data avviso").fill(italianDate(inDays(5)));
    await dialog.getByRole("checkbox", { name: "Svolto" }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole("button", { name: "Salva" })).toBeInViewport();
    await snap(page, "todo-form-phone");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect(toast(page, "Salvataggio effettuato")).toBeVisible();
    await search(page, tag);
    await counter(page, 1);
    await snap(page, "todos-grid-phone-saved");
  });
});
