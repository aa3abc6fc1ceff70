import { expect, test, type Locator, type Page } from "@playwright/test";
import { counter, dismissAlert, field, filterRecolourExportDelete, login, openGrid, rows, search } from "./support";

const SAVE_WARNING = 'E\' necessario premere il pulsante "Salva" per salvare le modifiche effettuate';
const SUM_MESSAGE = "La somma delle percentuali delle righe di pagamento deve essere 100%";

/** Opens a payment row (index) or a new one, fills what is given, OK. */
async function editPaymentRow(page: Page, dialog: Locator, index: number | null, values: { type?: string; days?: string; months?: string; percentage?: string }) {
  if (index === null) await dialog.getByRole("button", { name: "Aggiungi riga" }).click();
  else await dialog.getByRole("button", { name: "Modifica riga" }).nth(index).click();
  const rowForm = page.getByRole("dialog", { name: index === null ? "Inserimento riga pagamento" : "Modifica riga pagamento" });
  if (values.type) await rowForm.getByRole("combobox", { name: "Scadenza pagamento" }).selectOption(values.type);
  if (values.days !== undefined) await field(rowForm, "Dopo quanti giorni").fill(values.days);
  if (values.months !== undefined) await field(rowForm, "Dopo quanti mesi").fill(values.months);
  if (values.percentage !== undefined) await field(rowForm, "Percentuale pagamento").fill(values.percentage);
  await rowForm.getByRole("button", { name: "OK" }).click();
  return rowForm;
}

test("Modalità pagamento: create (after the required-name message), payment rows and the 100% rule (client and server), edit, search, filter, recolour, export, delete", async ({ page }) => {
  const name = `Modalità e2e ${Date.now().toString(36)}`;
  const renamed = `${name} bis`;
  await login(page);
  await openGrid(page, "/modalita-pagamento", "Modalità pagamento");

  // Create: the empty name is refused with the message of spec section 5 first.
  await page.getByRole("button", { name: "Nuovo metodo di pagamento" }).click();
  let dialog = page.getByRole("dialog", { name: "Inserimento metodo di pagamento" });
  for (const card of ["Dati principali", "Righe pagamento"]) await expect(dialog.getByRole("heading", { name: card })).toBeVisible();
  // a new modality starts with one row of 100% from the invoice date
  const paymentRows = dialog.getByRole("table").getByRole("row");
  await expect(paymentRows).toHaveCount(2);
  await expect(paymentRows.nth(1)).toContainText("Dalla data fattura");
  await expect(paymentRows.nth(1)).toContainText("100%");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await dismissAlert(page, 'Il campo "Nome" è richiesto');
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toBeVisible();
  await expect(dialog.getByText('Il campo "Nome" è richiesto').first()).toBeVisible();
  await field(dialog, "Nome").fill(name);
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toHaveCount(0);
  await dialog.getByRole("combobox", { name: "Tipo pagamento" }).selectOption({ label: "MP12 - Riba" });

  // Rows: 50% + a new row (its required expiration type first) of 30% do not add up to 100%.
  await expect(dialog.getByText(SAVE_WARNING)).toHaveCount(0);
  await editPaymentRow(page, dialog, 0, { percentage: "50" });
  await expect(dialog.getByText(SAVE_WARNING)).toBeVisible();
  const rowForm = await editPaymentRow(page, dialog, null, {});
  await dismissAlert(page, 'Il campo "Scadenza pagamento" è richiesto');
  await expect(rowForm.getByText('Il campo "Scadenza pagamento" è richiesto').first()).toBeVisible();
  await expect(field(rowForm, "Percentuale pagamento")).toHaveValue("100,00"); // spec §9 default
  await rowForm.getByRole("combobox", { name: "Scadenza pagamento" }).selectOption("Fine mese");
  await field(rowForm, "Dopo quanti giorni").fill("10");
  await field(rowForm, "Dopo quanti mesi").fill("1");
  await field(rowForm, "Percentuale pagamento").fill("30%");
  await rowForm.getByRole("button", { name: "OK" }).click();
  await expect(rowForm).toHaveCount(0);
  await expect(paymentRows).toHaveCount(3);
  await expect(paymentRows.nth(2)).toContainText("Fine mese");
  await expect(paymentRows.nth(2)).toContainText("30%");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await dismissAlert(page, SUM_MESSAGE);
  await expect(dialog.getByText(SUM_MESSAGE).first()).toBeVisible();

  // The server refuses the same rows on its own (400, the same message, nothing written).
  const refused = await page.request.post("/api/payment-modalities", {
    multipart: {
      paymentModality: JSON.stringify({
        name,
        paymentType: "MP12",
        paymentModalityRows: [
          { paymentModalityExpirationType: "Dalla data fattura", paymentDay: 0, monthsAfter: 0, amountPercentage: "50" },
          { paymentModalityExpirationType: "Fine mese", paymentDay: 10, monthsAfter: 1, amountPercentage: "30" },
        ],
      }),
    },
  });
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as { status: string; errors?: string[] };
  expect(body.status).toBe("error");
  expect(body.errors).toContain(SUM_MESSAGE);
  const listed = (await (await page.request.get("/api/payment-modalities", { params: { search: name } })).json()) as { count: number };
  expect(listed.count).toBe(0);

  // 50% + 50%: saved.
  await editPaymentRow(page, dialog, 1, { percentage: "50" });
  await expect(dialog.getByText(SUM_MESSAGE)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);

  // Search it with 'Ricerca' (Enter).
  await search(page, name);
  await counter(page, 1);
  const row = rows(page).filter({ hasText: name });
  await expect(row).toContainText("MP12");

  // Edit on double click: the saved rows come back in order; rename it.
  await row.dblclick();
  dialog = page.getByRole("dialog", { name: "Modifica metodo di pagamento" });
  await expect(field(dialog, "Nome")).toHaveValue(name);
  await expect(dialog.getByRole("combobox", { name: "Tipo pagamento" })).toHaveValue("MP12");
  const savedRows = dialog.getByRole("table").getByRole("row");
  await expect(savedRows).toHaveCount(3);
  // cells: drag handle, edit, Scadenza pagamento, giorni, mesi, percentuale, delete (the icons are SVG, named by label)
  for (const [i, values] of [[1, ["Dalla data fattura", "0", "0", "50%"]], [2, ["Fine mese", "10", "1", "50%"]]] as const) {
    const cells = savedRows.nth(i).getByRole("cell");
    await expect(cells).toHaveText(["", "", ...values, ""]);
    await expect(cells.nth(0)).toHaveAttribute("aria-label", "Trascina per spostare");
    await expect(cells.nth(1).getByRole("button", { name: "Modifica riga" })).toBeVisible();
    await expect(cells.nth(6).getByRole("button", { name: "Elimina riga" })).toBeVisible();
  }
  await field(dialog, "Nome").fill(renamed);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(renamed);

  // Column filter instead of the search, recolour, CSV export of the filtered set, delete.
  await filterRecolourExportDelete(page, row, {
    filter: ["Nome", renamed],
    colour: ["Azzurro", "rgb(195, 220, 247)"],
    csv: ["Nome;Tipo pagamento;Rate", [`${renamed};MP12;2`]],
  });
});
