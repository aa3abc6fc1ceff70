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

test("Aliquote IVA: natura required at 0%, create, edit (deactivate), search, filter, recolour, export, delete", async ({ page }) => {
  const description = `IVA e2e ${Date.now()}`;
  await login(page);
  await page.goto("/aliquote-iva");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aliquote IVA");
  await expect(rows(page).filter({ hasText: "Aliquota ordinaria" }).first()).toBeVisible(); // the server's first block

  // Create: an empty rate, then a 0% rate without natura, are refused.
  await page.getByRole("button", { name: "Nuova aliquota IVA" }).click();
  let dialog = page.getByRole("dialog", { name: "Inserimento aliquota IVA" });
  await expect(field(dialog, "Aliquota")).not.toHaveValue("");
  await field(dialog, "Aliquota").fill("");
  await field(dialog, "Descrizione").fill(description);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await dismissAlert(page);
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toBeVisible();
  await expect(dialog.getByText('Il campo "Aliquota" è richiesto').first()).toBeVisible();
  await field(dialog, "Aliquota").fill("0");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await dismissAlert(page);
  await expect(dialog.getByText('Il campo "Natura" è richiesto per le aliquote allo 0%').first()).toBeVisible();
  await dialog.getByRole("combobox", { name: "Natura" }).selectOption("N3.3");
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);

  // Search it with 'Ricerca'.
  await page.getByRole("textbox", { name: "Ricerca" }).fill(description);
  await page.getByRole("textbox", { name: "Ricerca" }).press("Enter");
  await counter(page, 1);
  const row = rows(page).filter({ hasText: description });
  await expect(row).toContainText("N3.3");

  // Edit on double click: deactivate it.
  await row.dblclick();
  dialog = page.getByRole("dialog", { name: "Modifica aliquota IVA" });
  await expect(dialog.getByRole("combobox", { name: "Natura" })).toHaveValue("N3.3");
  const active = dialog.getByRole("checkbox", { name: "Attiva" });
  await expect(active).toBeChecked();
  await active.click();
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);

  // Column filters instead of the search: the description, and 'Attiva' = No.
  await page.getByRole("button", { name: "Rimuovi tutti i filtri" }).click();
  await expect(page.getByRole("button", { name: "Rimuovi tutti i filtri" })).toHaveCount(0);
  await filterColumn(page, "Descrizione", description);
  await counter(page, 1);
  await page.getByRole("button", { name: "Filtra Attiva", exact: true }).click();
  await page.getByRole("combobox", { name: "Valore" }).selectOption({ label: "Sì" });
  await page.getByRole("button", { name: "Applica" }).click();
  await counter(page, 0);
  await page.getByRole("button", { name: "Filtra Attiva", exact: true }).click();
  await page.getByRole("combobox", { name: "Valore" }).selectOption({ label: "No" });
  await page.getByRole("button", { name: "Applica" }).click();
  await counter(page, 1);
  await expect(row).toBeVisible();

  // Recolour through 'Operazioni sulle righe selezionate'.
  await row.getByRole("checkbox").check();
  await chooseOperation(page, "Cambia colore");
  const colors = page.getByRole("dialog", { name: "Cambia colore" });
  await colors.getByRole("radio", { name: "Lavanda" }).click();
  await colors.getByRole("button", { name: "Applica" }).click();
  await expect(colors).toHaveCount(0);
  await expect(row).toHaveCSS("background-color", "rgb(220, 205, 250)");

  // Export (CSV) of the filtered set.
  const csv = await exportCsv(page);
  const lines = csv.replace(/^\uFEFF/, "").trim().split(/\r\n/);
  expect(lines[0]).toBe("Aliquota;Natura;Descrizione;Attiva");
  expect(lines.slice(1)).toEqual([`0%;N3.3;${description};No`]);

  // Delete with confirmation.
  await chooseOperation(page, "Elimina");
  await expect(page.getByText("Confermi l'eliminazione?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await counter(page, 0);
  await expect(page.getByText("Nessuna riga")).toBeVisible();
});
