import { expect, test, type Locator, type Page } from "@playwright/test";
import { codiceFiscaleCheckChar, partitaIvaCheckDigit } from "../../lib/fiscal/identifiers";
import { counter, dismissAlert, exportCsv, field, login, openGrid, rows, search } from "./support";

const SAVE_WARNING = 'E\' necessario premere il pulsante "Salva" per salvare le modifiche effettuate';

/** A valid Partita IVA of the run (seven digits of the stamp, Bologna's office). */
function runVat(stamp: number): string {
  const first10 = `${String(stamp % 10_000_000).padStart(7, "0")}037`;
  return first10 + partitaIvaCheckDigit(first10);
}

async function addReferent(page: Page, dialog: Locator, r: { firstName: string; lastName: string; role: string; email: string }) {
  await dialog.getByRole("button", { name: "Aggiungi referente" }).click();
  const row = page.getByRole("dialog", { name: "Inserimento referente" });
  await field(row, "Nome").fill(r.firstName);
  await field(row, "Cognome").fill(r.lastName);
  await field(row, "Ruolo").fill(r.role);
  await field(row, "Email").fill(r.email);
  await row.getByRole("button", { name: "OK" }).click();
  await expect(row).toHaveCount(0);
}

test("Anagrafica: a company (wrong then right Partita IVA, two referents), a person, search, 'Persone fisiche', export, import of 20 rows with 2 bad", async ({ page }) => {
  const stamp = Date.now();
  const tag = `W${stamp.toString(36)}`;
  const company = `Walk ${tag} S.r.l.`;
  const vat = runVat(stamp);
  await login(page);
  await openGrid(page, "/anagrafica", "Anagrafica");

  // A company: the wrong check digit is refused with lib/fiscal's message, then the right one saves.
  await page.getByRole("button", { name: "Nuovo cliente/fornitore" }).click();
  let dialog = page.getByRole("dialog", { name: "Inserimento cliente/fornitore" });
  for (const tab of ["Dati principali", "Indirizzo e contatti", "Fatturazione", "Referenti", "Lavori", "Note"]) await expect(dialog.getByRole("tab", { name: tab })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Persona giuridica" })).toBeChecked();
  await field(dialog, "Ragione sociale").fill(company);
  await field(dialog, "Partita IVA").fill(vat.slice(0, 10) + String((Number(vat[10]) + 1) % 10));
  await dialog.getByRole("button", { name: "Salva" }).click();
  await dismissAlert(page, "La partita IVA non è valida (cifra di controllo errata)");
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toBeVisible();
  await field(dialog, "Partita IVA").fill(vat);
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toHaveCount(0);
  await dialog.getByRole("tab", { name: "Indirizzo e contatti" }).click();
  await field(dialog, "Città").fill("Bologna");
  await dialog.getByRole("combobox", { name: "Provincia" }).fill("BO");
  await field(dialog, "Email").fill(`info.${tag}@example.it`.toLowerCase());

  // Two referents as embedded rows: the spec's warning until the contact is saved.
  await dialog.getByRole("tab", { name: "Referenti" }).click();
  await expect(dialog.getByText(SAVE_WARNING)).toHaveCount(0);
  await addReferent(page, dialog, { firstName: "Giorgio", lastName: "Landi", role: "Titolare", email: "g.landi@example.it" });
  await addReferent(page, dialog, { firstName: "Silvia", lastName: "Monti", role: "Amministrazione", email: "s.monti@example.it" });
  await expect(dialog.getByText(SAVE_WARNING)).toBeVisible();
  await expect(dialog.getByRole("table").getByRole("row")).toHaveCount(3);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);

  // A person: Nome and Cognome instead of Ragione sociale.
  await page.getByRole("button", { name: "Nuovo cliente/fornitore" }).click();
  dialog = page.getByRole("dialog", { name: "Inserimento cliente/fornitore" });
  await dialog.getByRole("radio", { name: "Persona fisica" }).check();
  await expect(field(dialog, "Ragione sociale")).toHaveCount(0);
  await field(dialog, "Nome").fill("Anna");
  await field(dialog, "Cognome").fill(`Persona ${tag}`);
  await field(dialog, "Codice fiscale").fill(`VRDNNA80A41H501${codiceFiscaleCheckChar("VRDNNA80A41H501")}`);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);

  // Search: both carry the run's tag; the company's row shows what was saved.
  await search(page, tag);
  await counter(page, 2);
  const companyRow = rows(page).filter({ hasText: company });
  await expect(companyRow).toContainText(vat);
  await expect(companyRow).toContainText("Bologna");

  // 'Persone fisiche' leaves the person alone; the export has the filtered set.
  await page.getByRole("combobox", { name: "Tipologia" }).selectOption({ label: "Persone fisiche" });
  await counter(page, 1);
  await expect(rows(page).first()).toContainText(`Persona ${tag} Anna`);
  const csv = (await exportCsv(page)).replace(/^\uFEFF/, "").trim().split("\r\n");
  // the shown columns (Provincia and Telefono are hidden by default: the list fits 1366 px)
  expect(csv[0]).toBe("Codice;Denominazione;Partita IVA;Codice fiscale;Città;Email;Cliente;Fornitore;PA");
  expect(csv.slice(1)).toEqual([`;Persona ${tag} Anna;;VRDNNA80A41H501H;;;Sì;No;No`]);
  await page.getByRole("combobox", { name: "Tipologia" }).selectOption({ label: "Tutti" });
  await counter(page, 2);

  // The company again: its two referents were saved.
  await companyRow.dblclick();
  dialog = page.getByRole("dialog", { name: `Modifica ${company}` });
  await dialog.getByRole("tab", { name: "Referenti" }).click();
  await expect(dialog.getByRole("table").getByRole("row").nth(1)).toContainText("Giorgio Landi");
  await expect(dialog.getByRole("table").getByRole("row").nth(2)).toContainText("Silvia Monti");
  await dialog.getByRole("button", { name: "Chiudi" }).first().click();
  await expect(dialog).toHaveCount(0);

  // Import: a CSV of 20 rows, 2 of them bad; the preview, then the report of the import.
  const lines = ["Ragione sociale;Nome;Cognome;Partita IVA;Città;Provincia;Email;Cliente/Fornitore"];
  for (let i = 1; i <= 18; i++) lines.push(`Importata ${tag} ${i} S.r.l.;;;;Modena;MO;imp${i}.${tag.toLowerCase()}@example.it;Cliente`);
  lines.push(`;Solo nome ${tag};;;;;;Cliente`, `Errata ${tag};;;12345678901;;;non-una-mail;Fornitore`);
  await page.getByRole("button", { name: "Importa" }).click();
  const dialogImport = page.getByRole("dialog", { name: "Importa clienti e fornitori" });
  await dialogImport.getByLabel("File da importare").setInputFiles({ name: "contatti.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n")) });
  await expect(dialogImport.getByTestId("import-file-info")).toHaveText("CSV UTF-8, separatore punto e virgola · 20 righe di dati");
  await expect(dialogImport.getByRole("combobox", { name: 'Campo per la colonna "Ragione sociale"' })).toHaveValue("companyName");
  await expect(dialogImport.getByTestId("import-counts")).toHaveText("Da creare: 18 · Da aggiornare: 0 · Già presenti, da saltare: 0 · Con errori, non importate: 2");
  await expect(dialogImport.getByTestId("import-report")).toHaveText(
    'Riga 20: Il campo "Cognome" è richiestoRiga 21: Indirizzo email non corretto; La partita IVA non è valida (cifra di controllo errata)',
  );
  await dialogImport.getByRole("button", { name: "Importa 18 contatti" }).click();
  await expect(dialogImport.getByTestId("import-result")).toHaveText("Importazione completata: 18 creati, 0 aggiornati, 0 saltati, 2 scartati");
  await expect(dialogImport.getByRole("region", { name: "Righe non importate" })).toContainText("Riga 21: Indirizzo email non corretto");
  await dialogImport.getByRole("button", { name: "Chiudi" }).last().click();
  await expect(dialogImport).toHaveCount(0);
  await search(page, `Importata ${tag}`);
  await counter(page, 18);
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the contact form's tabs and the import dialog scroll, their buttons in view", async ({ page }) => {
    await login(page);
    await openGrid(page, "/anagrafica", "Anagrafica");
    await page.getByRole("button", { name: "Nuovo cliente/fornitore" }).click();
    const dialog = page.getByRole("dialog", { name: "Inserimento cliente/fornitore" });
    await dialog.getByRole("tab", { name: "Fatturazione" }).click();
    await dialog.locator("[data-modal-body]").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(dialog.getByRole("combobox", { name: "Agente" })).toBeInViewport();
    await expect(dialog.getByRole("button", { name: "Salva" })).toBeInViewport();
    await dialog.getByRole("button", { name: "Chiudi" }).first().click();

    await page.getByRole("button", { name: "Importa" }).click();
    const dialogImport = page.getByRole("dialog", { name: "Importa clienti e fornitori" });
    const lines = ["Ragione sociale;Partita IVA", "Telefono rotto;123"];
    await dialogImport.getByLabel("File da importare").setInputFiles({ name: "c.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
    await expect(dialogImport.getByTestId("import-report")).toHaveText("Riga 2: La partita IVA deve essere composta da 11 cifre");
    await dialogImport.locator("[data-modal-body]").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(dialogImport.getByTestId("import-report")).toBeInViewport();
    await expect(dialogImport.getByRole("button", { name: "Importa", exact: true })).toBeDisabled();
    await expect(dialogImport.getByRole("button", { name: "Chiudi" }).last()).toBeInViewport();
  });
});
