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

test("Conti corrente: type-dependent fields, required messages, create, edit, search, filter, recolour, export, delete", async ({ page }) => {
  const name = `Banca e2e ${Date.now()}`;
  const code = `CC${Date.now() % 100000}`;
  await login(page);
  await page.goto("/conti-corrente");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conti corrente");
  await expect(rows(page).first()).toBeVisible(); // the server's first block

  // The fields follow the type: 'Altro' has the payment link, 'Conto bancario' code and IBAN.
  await page.getByRole("button", { name: "Nuovo conto corrente" }).click();
  let dialog = page.getByRole("dialog", { name: "Inserimento conto corrente" });
  const type = dialog.getByRole("combobox", { name: "Tipo pagamento" });
  await expect(type).toHaveValue("Conto bancario");
  await type.selectOption("Altro");
  await expect(field(dialog, "Nome (es. PayPal)")).toBeVisible();
  await expect(field(dialog, "Link di pagamento")).toBeVisible();
  await expect(field(dialog, "Codice conto")).toHaveCount(0);
  await expect(field(dialog, "IBAN")).toHaveCount(0);
  await type.selectOption("Conto bancario");
  await expect(field(dialog, "Link di pagamento")).toHaveCount(0);

  // Required: the bank name, and the account code for 'Conto bancario'.
  await dialog.getByRole("button", { name: "Salva" }).click();
  await dismissAlert(page);
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toBeVisible();
  await expect(dialog.getByText('Il campo "Nome banca" è richiesto').first()).toBeVisible();
  await expect(dialog.getByText('Il campo "Codice conto" è richiesto').first()).toBeVisible();
  await field(dialog, "Nome banca").fill(name);
  await field(dialog, "Codice conto").fill(code);
  await field(dialog, "IBAN").fill("it60 x054 2811 1010 0000 0123 456");
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);

  // Search it with 'Ricerca'.
  await page.getByRole("textbox", { name: "Ricerca" }).fill(name);
  await page.getByRole("textbox", { name: "Ricerca" }).press("Enter");
  await counter(page, 1);
  const row = rows(page).filter({ hasText: name });
  await expect(row).toContainText("IT60X0542811101000000123456");

  // Edit on double click.
  await row.dblclick();
  dialog = page.getByRole("dialog", { name: "Modifica conto corrente" });
  await expect(field(dialog, "Codice conto")).toHaveValue(code);
  await field(dialog, "Codice conto").fill(`${code}-B`);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(`${code}-B`);

  // Column filter instead of the search.
  await page.getByRole("button", { name: "Rimuovi tutti i filtri" }).click();
  await expect(page.getByRole("button", { name: "Rimuovi tutti i filtri" })).toHaveCount(0);
  await filterColumn(page, "Codice conto", `${code}-B`);
  await counter(page, 1);
  await expect(row).toBeVisible();

  // Recolour through 'Operazioni sulle righe selezionate'.
  await row.getByRole("checkbox").check();
  await chooseOperation(page, "Cambia colore");
  const colors = page.getByRole("dialog", { name: "Cambia colore" });
  await colors.getByRole("radio", { name: "Giallo" }).click();
  await colors.getByRole("button", { name: "Applica" }).click();
  await expect(colors).toHaveCount(0);
  await expect(row).toHaveCSS("background-color", "rgb(254, 243, 160)");

  // Export (CSV) of the filtered set.
  const csv = await exportCsv(page);
  const lines = csv.replace(/^\uFEFF/, "").trim().split(/\r\n/);
  expect(lines[0]).toBe("Tipo pagamento;Nome banca;Codice conto;IBAN");
  expect(lines.slice(1)).toEqual([`Conto bancario;${name};${code}-B;IT60X0542811101000000123456`]);

  // Delete with confirmation.
  await chooseOperation(page, "Elimina");
  await expect(page.getByText("Confermi l'eliminazione?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await counter(page, 0);
  await expect(page.getByText("Nessuna riga")).toBeVisible();
});
