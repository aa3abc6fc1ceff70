import { expect, test, type Locator, type Page } from "@playwright/test";
import { dismissAlert, login, rows, search } from "./support";
import { italianDate, todayInRome } from "../../lib/rome-time";

// Fatture d'acquisto (issue 12) as Mario Rossi (tenant 2): a purchase invoice by hand — the supplier prefills its
// payment modality and bank account, the server's deadlines (two) follow the amounts, one is marked paid, a third
// is added and deleted, an attachment uploads with 'Caricamento... N%' — then it is duplicated (confirm, save,
// duplicate, 'Apri'). Screenshots go to the test's output folder (test-results, not committed).

interface Option {
  id: number;
  toString: string;
}

const snap = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });
const runTag = () => `E${Date.now().toString(36)}`;

async function created<T>(page: Page, url: string, field: string, body: unknown): Promise<T> {
  const r = await page.request.post(url, { multipart: { [field]: JSON.stringify(body) } });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as Record<string, T>)[field]!;
}

/** Picks an entry of an ajax select by typing part of it. */
async function pick(scope: Locator, page: Page, label: string, typed: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label, exact: true }).fill(typed);
  await page.getByRole("option", { name: option }).first().click();
}

/** Collects every 'Caricamento... N%' the page shows from now on (the toast may be brief). */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    new MutationObserver(() => {
      for (const m of document.body.innerText.match(/Caricamento\.\.\. \d+%/g) ?? []) if (!seen.includes(m)) seen.push(m);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
}

for (const viewport of [
  { name: "desktop", width: 1366, height: 768 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a purchase invoice by hand with two deadlines and an attachment, then duplicated", async ({ page }) => {
      test.setTimeout(120_000);
      await login(page);
      const tag = runTag();
      // the scene: a payment modality of two instalments, a bank account, a supplier with both as defaults
      const modality = await created<Option>(page, "/api/payment-modalities", "paymentModality", {
        name: `30/60 ${tag}`,
        paymentType: "MP05",
        paymentModalityRows: [
          { paymentModalityExpirationType: "Dalla data fattura", paymentDay: 30, amountPercentage: "50" },
          { paymentModalityExpirationType: "Dalla data fattura", paymentDay: 60, amountPercentage: "50" },
        ],
      });
      const bank = await created<Option>(page, "/api/bank-accounts", "bankAccount", { bankAccountType: "Conto bancario", bankName: `Banca ${tag}`, code: `CC ${tag}` });
      const supplier = await created<Option>(page, "/api/contacts", "contact", {
        kind: "COMPANY",
        companyName: `Fornitore ${tag} S.r.l.`,
        isSupplier: true,
        vatNumber: "12345678903",
        supplierPaymentModality: modality,
        supplierBankAccount: bank,
      });

      await page.goto("/fatture-acquisto");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fatture d'acquisto");
      await page.getByRole("button", { name: "Nuova fattura di acquisto" }).click();
      const dialog = page.getByRole("dialog", { name: "Inserimento fattura di acquisto" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("tab", { name: "Dati principali" })).toBeVisible();
      await expect(dialog.getByRole("tab", { name: "Allegati" })).toBeVisible();

      // without a supplier: the spec's message
      await dialog.getByRole("button", { name: "Salva" }).click();
      const alert = page.getByRole("alertdialog");
      await expect(alert).toContainText('Il campo "Fornitore" è richiesto');
      await alert.getByRole("button", { name: "OK" }).click();

      await dialog.getByRole("textbox", { name: "Numero documento", exact: true }).fill(`A-${tag}`);
      await pick(dialog, page, "Fornitore", tag, supplier.toString);
      // the supplier's defaults
      await expect(dialog.getByRole("combobox", { name: "Modalità di pagamento", exact: true })).toHaveValue(modality.toString);
      await expect(dialog.getByRole("combobox", { name: "Conto corrente", exact: true }).first()).toHaveValue(bank.toString);
      await dialog.getByRole("textbox", { name: "Imponibile", exact: true }).fill("1000");
      await dialog.getByRole("textbox", { name: "IVA", exact: true }).fill("220");
      await dialog.getByRole("textbox", { name: "Ritenuta d'acconto", exact: true }).fill("-200");
      await dialog.getByRole("textbox", { name: "Ritenuta d'acconto", exact: true }).blur();
      await expect(dialog.getByTestId("expense-total")).toHaveValue(/1'020,00/);
      // the server's two deadlines on what is due
      const deadlines = dialog.getByTestId("expense-deadline");
      await expect(deadlines).toHaveCount(2);
      await expect(deadlines.nth(0).getByRole("textbox", { name: "Importo" })).toHaveValue(/510,00/);
      await expect(deadlines.nth(1).getByRole("textbox", { name: "Importo" })).toHaveValue(/510,00/);
      await expect(dialog.getByText('E\' necessario premere il pulsante "Salva" per salvare le modifiche effettuate')).toBeVisible();

      // the first one paid: its payment date is enabled only in 'Saldato'
      const paymentDate = deadlines.nth(0).getByRole("textbox", { name: "Data pagamento" });
      await expect(paymentDate).toBeDisabled();
      await deadlines.nth(0).getByRole("combobox", { name: "Stato scadenza" }).selectOption("Saldato");
      await expect(paymentDate).toBeEnabled();
      await expect(deadlines.nth(1).getByRole("textbox", { name: "Data pagamento" })).toBeDisabled();
      // 'Saldato' needs the day it was paid: the save stops on the field until it is given
      await dialog.getByRole("button", { name: "Salva" }).click();
      const paidNeedsDate = 'Il campo "Data pagamento" è richiesto per segnare la scadenza come saldata';
      await dismissAlert(page, paidNeedsDate);
      await expect(dialog.getByRole("group", { name: "Scadenze" }).getByText(paidNeedsDate)).toBeVisible();
      await paymentDate.fill(italianDate(todayInRome()));

      // a third deadline added, then deleted (confirmed)
      await dialog.getByRole("button", { name: "Aggiungi scadenza" }).click();
      await expect(deadlines).toHaveCount(3);
      await dialog.getByRole("button", { name: "Elimina scadenza 3" }).click();
      await expect(alert).toContainText("Confermi la cancellazione? (Non sarà comunque effettiva fino al salvataggio)");
      await alert.getByRole("button", { name: "OK" }).click();
      await expect(deadlines).toHaveCount(2);
      await snap(page, `${viewport.name}-expense-main`);

      // an attachment (4 MB), uploaded with the save's progress
      await dialog.getByRole("tab", { name: "Allegati" }).click();
      await dialog.getByLabel("Scegli file da allegare").setInputFiles({ name: `ddt-${tag}.pdf`, mimeType: "application/pdf", buffer: Buffer.alloc(4 * 1024 * 1024, 7) });
      await expect(dialog.getByText(`ddt-${tag}.pdf`)).toBeVisible();
      await expect(dialog.getByText("Nessun file").first()).toBeVisible();
      await snap(page, `${viewport.name}-expense-files`);
      const progress = await watchProgress(page);
      await dialog.getByRole("button", { name: "Salva" }).click();
      await expect(page.getByText("Salvataggio effettuato").first()).toBeVisible();
      await expect(dialog).toHaveCount(0);
      expect((await progress()).length).toBeGreaterThan(0);
      expect(await progress()).toEqual(expect.arrayContaining([expect.stringMatching(/^Caricamento\.\.\. \d+%$/)]));

      // the list shows it; open it and duplicate
      await search(page, `A-${tag}`);
      await expect(rows(page)).toHaveCount(1);
      await rows(page).first().dblclick();
      const edit = page.getByRole("dialog", { name: "Modifica fattura di acquisto" });
      await expect(edit).toBeVisible();
      await expect(edit.getByTestId("expense-deadline").nth(0).getByRole("combobox", { name: "Stato scadenza" })).toHaveValue("Saldato");
      await edit.getByRole("tab", { name: "Allegati" }).click();
      await expect(edit.getByText(`ddt-${tag}.pdf`)).toBeVisible();
      await edit.getByRole("button", { name: "Duplica" }).click();
      await expect(alert).toContainText("Confermi la duplicazione?");
      await alert.getByRole("button", { name: "OK" }).click();
      await expect(alert).toContainText(new RegExp(`Creazione fattura di acquisto A-${tag} del \\d{2}/\\d{2}/\\d{4} riuscita`));
      await expect(alert.getByRole("button", { name: "Rimani qui" })).toBeVisible();
      await snap(page, `${viewport.name}-expense-duplicated`);
      await alert.getByRole("button", { name: "Apri" }).click();
      // the copy: same invoice, deadlines to pay again, no files
      await expect(edit).toBeVisible();
      await edit.getByRole("tab", { name: "Allegati" }).click();
      await expect(edit.getByText(`ddt-${tag}.pdf`)).toHaveCount(0);
      await edit.getByRole("tab", { name: "Dati principali" }).click();
      await expect(edit.getByTestId("expense-deadline").nth(0).getByRole("combobox", { name: "Stato scadenza" })).toHaveValue("Da saldare");
      await edit.getByRole("button", { name: "Chiudi" }).first().click();
      await expect(edit).toHaveCount(0);
      await search(page, `A-${tag}`);
      await expect(rows(page)).toHaveCount(2);
      await snap(page, `${viewport.name}-expenses-grid`);
    });
  });
}
