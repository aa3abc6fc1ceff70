import fs from "node:fs";
import { expect, test, type Download, type Locator, type Page } from "@playwright/test";
import { login } from "./support";

const SAVE_WARNING = 'E\' necessario premere il pulsante "Salva" per salvare le modifiche effettuate';

/** Reads the CSV the export opens in a new window. */
async function exportCsv(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Esporta", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Seleziona colonne da esportare" });
  await dialog.getByRole("radio", { name: "CSV" }).check();
  // the export opens a new window whose navigation is the download; Chromium reports it on the
  // opener (noopener window), so take it from whichever page reports it first
  const download = new Promise<Download>((resolve) => {
    page.once("download", resolve);
    page.context().once("page", (popup) => popup.once("download", resolve));
  });
  await dialog.getByRole("button", { name: "Esporta" }).click();
  return fs.readFileSync(await (await download).path(), "utf8");
}

async function dismissAlert(page: Page, text?: string) {
  const alert = page.getByRole("alertdialog");
  if (text) await expect(alert).toContainText(text);
  await alert.getByRole("button", { name: "OK" }).click();
}

const rows = (page: Page) => page.getByRole("grid").locator("[data-row-id]");
const counter = (page: Page, n: number) => expect(page.getByText(new RegExp(`^Righe: ${n}\\b`))).toBeVisible();
const field = (dialog: Locator, name: string) => dialog.getByRole("textbox", { name, exact: true });

async function chooseOperation(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Operazioni sulle righe selezionate" }).selectOption({ label });
}

async function filterColumn(page: Page, header: string, value: string) {
  await page.getByRole("button", { name: `Filtra ${header}`, exact: true }).click();
  await page.getByRole("textbox", { name: "Valore" }).fill(value);
  await page.getByRole("button", { name: "Applica" }).click();
}

test("Agenti: create (after the e-mail message), title from the value list, commission row, edit, search, filter, recolour, export, delete", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const firstName = `Aldo${stamp}`;
  const lastName = `Agente ${stamp}`;
  const title = `Avv. ${stamp}`;
  await login(page);
  await page.goto("/agenti");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agenti");
  await expect(rows(page).first()).toBeVisible(); // the server's first block (seeded agents)

  // Create: a wrong e-mail is refused with the message of spec section 5 first.
  await page.getByRole("button", { name: "Nuovo agente" }).click();
  let dialog = page.getByRole("dialog", { name: "Inserimento agente" });
  for (const card of ["Dati personali", "Indirizzi e contatti", "Provvigioni"]) await expect(dialog.getByRole("heading", { name: card })).toBeVisible();
  await field(dialog, "Nome").fill(firstName);
  await field(dialog, "Cognome").fill(lastName);
  await field(dialog, "Email").fill("non-una-email");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await dismissAlert(page, "Indirizzo email non corretto");
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toBeVisible();
  await expect(dialog.getByText("Indirizzo email non corretto").first()).toBeVisible();
  await field(dialog, "Email").fill(`aldo.${stamp}@example.it`);
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toHaveCount(0);

  // A new title through the value list dialog becomes the agent's title.
  await dialog.getByRole("button", { name: "Gestisci titoli" }).click();
  const titles = page.getByRole("dialog", { name: "Titoli" });
  await expect(titles.locator("[data-row-id]").first()).toBeVisible();
  await titles.getByRole("button", { name: "Crea valore" }).click();
  const valueForm = page.getByRole("dialog", { name: "Inserimento valore" });
  await field(valueForm, "Valore").fill(title);
  await valueForm.getByRole("button", { name: "Salva" }).click();
  await expect(valueForm).toHaveCount(0);
  await expect(titles.locator("[data-row-id]").filter({ hasText: title })).toBeVisible();
  await titles.getByRole("button", { name: "Chiudi" }).last().click();
  await expect(titles).toHaveCount(0);
  await expect(dialog.getByRole("combobox", { name: "Titolo" })).toHaveValue(title);

  // A commission row (its decimal message first), then the save warning.
  await expect(dialog.getByText(SAVE_WARNING)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Aggiungi provvigione" }).click();
  const rowForm = page.getByRole("dialog", { name: "Inserimento provvigione" });
  await expect(field(rowForm, "Percentuale")).toHaveValue("0,00");
  await field(rowForm, "Da importo").fill("1.000");
  await field(rowForm, "Percentuale").fill("sette");
  await rowForm.getByRole("button", { name: "OK" }).click();
  await dismissAlert(page, 'Il campo "Percentuale" non è un numero decimale corretto');
  await expect(rowForm.getByText('Il campo "Percentuale" non è un numero decimale corretto').first()).toBeVisible();
  await field(rowForm, "Percentuale").fill("7,5");
  await rowForm.getByRole("button", { name: "OK" }).click();
  await expect(rowForm).toHaveCount(0);
  await expect(dialog.getByText(SAVE_WARNING)).toBeVisible();
  const commissions = dialog.getByRole("table");
  await expect(commissions.getByRole("row").nth(1)).toContainText("1'000,00");
  await expect(commissions.getByRole("row").nth(1)).toContainText("7,5%");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);

  // Search it with 'Ricerca' (Enter).
  await page.getByRole("textbox", { name: "Ricerca" }).fill(lastName);
  await page.getByRole("textbox", { name: "Ricerca" }).press("Enter");
  await counter(page, 1);
  const row = rows(page).filter({ hasText: lastName });
  await expect(row).toContainText(title);
  await expect(row).toContainText(firstName);
  await expect(row).toContainText(`aldo.${stamp}@example.it`);

  // Edit on double click: the saved commission row is there; change the phone.
  await row.dblclick();
  dialog = page.getByRole("dialog", { name: `Modifica agente ${title} ${firstName} ${lastName}` });
  await expect(field(dialog, "Nome")).toHaveValue(firstName);
  await expect(dialog.getByRole("table").getByRole("row").nth(1)).toContainText("7,5%");
  await field(dialog, "Telefono").fill("333 9876543");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("333 9876543");

  // Column filter instead of the search.
  await page.getByRole("button", { name: "Rimuovi tutti i filtri" }).click();
  await expect(page.getByRole("button", { name: "Rimuovi tutti i filtri" })).toHaveCount(0);
  await filterColumn(page, "Cognome", lastName);
  await counter(page, 1);
  await expect(row).toBeVisible();

  // Recolour through 'Operazioni sulle righe selezionate'.
  await row.getByRole("checkbox").check();
  await chooseOperation(page, "Cambia colore");
  const colors = page.getByRole("dialog", { name: "Cambia colore" });
  await colors.getByRole("radio", { name: "Verde" }).click();
  await colors.getByRole("button", { name: "Applica" }).click();
  await expect(colors).toHaveCount(0);
  await expect(row).toHaveCSS("background-color", "rgb(200, 239, 196)");

  // Export (CSV) of the filtered set.
  const csv = await exportCsv(page);
  const lines = csv.replace(/^\uFEFF/, "").trim().split(/\r\n/);
  expect(lines[0]).toBe("Titolo;Nome;Cognome;Email;Telefono");
  expect(lines.slice(1)).toEqual([`${title};${firstName};${lastName};aldo.${stamp}@example.it;333 9876543`]);

  // Delete with confirmation.
  await chooseOperation(page, "Elimina");
  await expect(page.getByText("Confermi l'eliminazione?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await counter(page, 0);
  await expect(page.getByText("Nessuna riga")).toBeVisible();
});
