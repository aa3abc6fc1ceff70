import { expect, test } from "@playwright/test";
import { counter, dismissAlert, field, filterRecolourExportDelete, login, openGrid, rows, search } from "./support";

const SAVE_WARNING = 'E\' necessario premere il pulsante "Salva" per salvare le modifiche effettuate';

test("Agenti: create (after the e-mail message), title from the value list, commission row, edit, search, filter, recolour, export, delete", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const firstName = `Aldo${stamp}`;
  const lastName = `Agente ${stamp}`;
  const title = `Avv. ${stamp}`;
  await login(page);
  await openGrid(page, "/agenti", "Agenti");

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
  await search(page, lastName);
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

  // Column filter instead of the search, recolour, CSV export of the filtered set, delete.
  await filterRecolourExportDelete(page, row, {
    filter: ["Cognome", lastName],
    colour: ["Verde", "rgb(200, 239, 196)"],
    csv: ["Titolo;Nome;Cognome;Email;Telefono", [`${title};${firstName};${lastName};aldo.${stamp}@example.it;333 9876543`]],
  });
});
