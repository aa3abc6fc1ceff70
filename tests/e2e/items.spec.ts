import { expect, test, type Locator, type Page } from "@playwright/test";
import { login } from "./support";

/**
 * The CSV the export opens in a new window: the window closes as soon as the download starts, so
 * the test catches the export request and reads the same URL with the session's cookies.
 */
async function exportCsv(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Esporta", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Seleziona colonne da esportare" });
  await dialog.getByRole("radio", { name: "CSV" }).check();
  const request = page.context().waitForEvent("request", (r) => new URL(r.url()).pathname.endsWith("/export"));
  await dialog.getByRole("button", { name: "Esporta" }).click();
  const response = await page.request.get((await request).url());
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toMatch(/attachment; filename=.*\.csv/);
  return response.text();
}

async function dismissAlert(page: Page) {
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
}

const rows = (page: Page) => page.getByRole("grid").locator("[data-row-id]");
const counter = (page: Page, n: number) => expect(page.getByText(new RegExp(`^Righe: ${n}\\b`))).toBeVisible();

async function chooseOperation(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Operazioni sulle righe selezionate" }).selectOption({ label });
}

async function filterColumn(page: Page, header: string, value: string) {
  await page.getByRole("button", { name: `Filtra ${header}`, exact: true }).click();
  await page.getByRole("textbox", { name: "Valore" }).fill(value);
  await page.getByRole("button", { name: "Applica" }).click();
}

function field(dialog: Locator, name: string) {
  return dialog.getByRole("textbox", { name, exact: true });
}

test("Prodotti: create (after the required-name message), edit, search, filter, recolour, export, delete", async ({ page }) => {
  const name = `Prodotto e2e ${Date.now()}`;
  await login(page);
  await page.goto("/prodotti");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prodotti");
  await expect(rows(page).first()).toBeVisible(); // the server's first block

  // Create: the empty name is refused with the message of spec section 5 first.
  await page.getByRole("button", { name: "Nuovo prodotto" }).click();
  let dialog = page.getByRole("dialog", { name: "Inserimento prodotto" });
  await expect(dialog.getByRole("combobox", { name: "Aliquota" })).toHaveValue(/\d+/);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await dismissAlert(page);
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toBeVisible();
  await expect(dialog.getByText('Il campo "Nome" è richiesto').first()).toBeVisible();
  await field(dialog, "Nome").fill(name);
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toHaveCount(0);
  await field(dialog, "Importo").fill("1234,5");
  await dialog.getByRole("combobox", { name: "Aliquota" }).selectOption({ label: "10% - Aliquota ridotta" });
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);

  // Search it with 'Ricerca' (Enter).
  await page.getByRole("textbox", { name: "Ricerca" }).fill(name);
  await page.getByRole("textbox", { name: "Ricerca" }).press("Enter");
  await counter(page, 1);
  const row = rows(page).filter({ hasText: name });
  await expect(row).toContainText("1'234,50");
  await expect(row).toContainText("10% - Aliquota ridotta");

  // Edit on double click.
  await row.dblclick();
  dialog = page.getByRole("dialog", { name: "Modifica prodotto" });
  await expect(field(dialog, "Nome")).toHaveValue(name);
  await field(dialog, "Descrizione in fattura").fill(`Descrizione ${name}`);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(`Descrizione ${name}`);

  // Column filter instead of the search.
  await page.getByRole("button", { name: "Rimuovi tutti i filtri" }).click();
  await expect(page.getByRole("button", { name: "Rimuovi tutti i filtri" })).toHaveCount(0);
  await filterColumn(page, "Descrizione in fattura", `Descrizione ${name}`);
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
  expect(lines[0]).toBe("Nome;Descrizione in fattura;Importo;Aliquota");
  expect(lines.slice(1)).toEqual([`${name};Descrizione ${name};1'234,50;10% - Aliquota ridotta`]);

  // Delete with confirmation.
  await chooseOperation(page, "Elimina");
  await expect(page.getByText("Confermi l'eliminazione?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await counter(page, 0);
  await expect(page.getByText("Nessuna riga")).toBeVisible();
});
