import { expect, test } from "@playwright/test";
import { counter, dismissAlert, field, filterBooleanColumn, filterColumn, filterRecolourExportDelete, login, openGrid, rows, search } from "./support";

test("Aliquote IVA: natura required at 0%, create, edit (deactivate), search, filter, recolour, export, delete", async ({ page }) => {
  const description = `IVA e2e ${Date.now()}`;
  await login(page);
  await openGrid(page, "/aliquote-iva", "Aliquote IVA", rows(page).filter({ hasText: "Aliquota ordinaria" }).first());

  // Create: an empty rate, then a 0% rate without natura, are refused.
  await page.getByRole("button", { name: "Nuova aliquota IVA" }).click();
  let dialog = page.getByRole("dialog", { name: "Inserimento aliquota IVA" });
  await expect(field(dialog, "Aliquota")).toHaveValue(""); // a new rate starts empty (since 4716999)
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
  await search(page, description);
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

  // Column filters instead of the search (the description, and 'Attiva' = No), recolour, CSV export, delete.
  await filterRecolourExportDelete(page, row, {
    filter: async () => {
      await filterColumn(page, "Descrizione", description);
      await counter(page, 1);
      await filterBooleanColumn(page, "Attiva", "Sì");
      await counter(page, 0);
      await filterBooleanColumn(page, "Attiva", "No");
    },
    colour: ["Lavanda", "rgb(220, 205, 250)"],
    csv: ["Aliquota;Natura;Descrizione;Attiva", [`0,00;N3.3;${description};No`]],
  });
});
