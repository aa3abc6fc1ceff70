import { expect, test } from "@playwright/test";
import { counter, dismissAlert, field, filterRecolourExportDelete, login, openGrid, rows, search } from "./support";

test("Conti corrente: type-dependent fields, required messages, create, edit, search, filter, recolour, export, delete", async ({ page }) => {
  const name = `Banca e2e ${Date.now()}`;
  const code = `CC${Date.now() % 100000}`;
  await login(page);
  await openGrid(page, "/conti-corrente", "Conti corrente");

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
  await search(page, name);
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

  // Column filter instead of the search, recolour, CSV export of the filtered set, delete.
  await filterRecolourExportDelete(page, row, {
    filter: ["Codice conto", `${code}-B`],
    colour: ["Giallo", "rgb(254, 243, 160)"],
    csv: ["Tipo pagamento;Nome banca;Codice conto;IBAN", [`Conto bancario;${name};${code}-B;IT60X0542811101000000123456`]],
  });
});
