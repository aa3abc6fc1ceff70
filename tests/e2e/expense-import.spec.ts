import { expect, test, type Page } from "@playwright/test";
import { p7mDer, partitaIva, receivedXml as anyonesXml, withCustomer, withSupplierVat, zip, type ReceivedOptions } from "../fixtures/received-invoices";
import { formatEuro, formatMoney } from "@/lib/format";
import { filterColumn, login, rows, search } from "./support";

// 'Importa fatture elettroniche' (issue 12) as Mario Rossi (tenant 2): one received file imported first, then a zip
// of 5 — two new invoices (one signed .p7m), a lotto of two, the file imported before (a duplicate) and a broken
// envelope — read in the report; the grid reloads. On a desktop and on a 390 px phone (the report scrolls in the
// dialog). Screenshots go to the test's output folder (test-results, not committed).

/** Mario Rossi's tenant (db/seed.ts): only the tenant's own invoices are imported (issue 28). */
const ROSSI_VAT = "12345678903";
const receivedXml = (o: ReceivedOptions) => withCustomer(anyonesXml(o), { vatNumber: ROSSI_VAT });

const snap = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

async function importFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const dialog = page.getByRole("dialog", { name: "Importa fatture elettroniche" });
  if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Importa fatture elettroniche" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("File delle fatture").setInputFiles(files);
  await expect(dialog.getByText(files.length === 1 ? "1 file scelto" : `${files.length} file scelti`, { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Importa" }).click();
  await expect(dialog.getByTestId("import-expenses-report")).toBeVisible({ timeout: 20_000 });
  return dialog;
}

for (const viewport of [
  { name: "desktop", width: 1366, height: 768 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`import of received e-invoices: a zip with a duplicate and a broken file, the report (${viewport.name})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await login(page);
    await page.goto("/fatture-acquisto");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fatture d'acquisto");

    const tag = `${viewport.name === "phone" ? 2 : 1}${Date.now() % 100000}`;
    const supplier = { vatNumber: partitaIva(Number(`9${tag}`)), companyName: `Importazioni ${tag} S.r.l.` };
    const first = receivedXml({ number: `${tag}-1`, supplier, payment: "deadlines" });
    let dialog = await importFiles(page, [{ name: `${tag}-1.xml`, mimeType: "text/xml", buffer: Buffer.from(first) }]);
    await expect(dialog.getByRole("status")).toHaveText("Importate 1 fattura, 0 già presenti, 0 file scartati.");
    await dialog.locator("footer").getByRole("button", { name: "Chiudi" }).click();
    await expect(rows(page).filter({ hasText: `${tag}-1` })).toHaveCount(1);

    const der = await p7mDer(receivedXml({ number: `${tag}-3`, supplier }));
    const archive = zip({
      [`${tag}-1.xml`]: first,
      [`${tag}-2.xml`]: receivedXml({ number: `${tag}-2`, supplier, payment: "none" }),
      [`${tag}-3.xml.p7m`]: der,
      [`${tag}-lotto.xml`]: receivedXml({ number: `${tag}-4`, lotto: [`${tag}-5`], supplier }),
      "rotta.xml.p7m": der.slice(0, 300),
    });
    dialog = await importFiles(page, [{ name: "fatture-ricevute.zip", mimeType: "application/zip", buffer: Buffer.from(archive) }]);
    await expect(dialog.getByRole("status")).toHaveText("Importate 4 fatture, 1 già presente, 1 file scartato.");
    const imported = dialog.getByRole("region", { name: "Fatture importate" });
    for (const n of [2, 3, 4, 5]) await expect(imported.getByText(`Fattura n. ${tag}-${n}`, { exact: true })).toBeVisible();
    await expect(imported).toContainText(`di ${supplier.companyName}`);
    await expect(dialog.getByRole("region", { name: "Fatture già importate" })).toContainText(`Fattura n. ${tag}-1`);
    await expect(dialog.getByRole("region", { name: "File scartati" })).toContainText("fatture-ricevute.zip/rotta.xml.p7m: Busta firmata (p7m) non valida");

    // the dialog's body scrolls to the end of the report; its buttons stay reachable
    const body = dialog.locator("[data-modal-body]");
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(dialog.getByRole("region", { name: "File scartati" })).toBeInViewport();
    await expect(dialog.locator("footer").getByRole("button", { name: "Chiudi" })).toBeInViewport();
    await snap(page, `import-report-${viewport.name}`);
    await dialog.locator("footer").getByRole("button", { name: "Chiudi" }).click();
    await expect(rows(page).filter({ hasText: `${tag}-` })).toHaveCount(5);
    await snap(page, `import-grid-${viewport.name}`);
  });
}

// Issue 28: a supplier's invoice and its credit note (TD04) with the same number are two documents, not a duplicate;
// the list shows their 'Tipo documento' (and filters by it), the credit negative; the credit note's form shows its
// type read-only and what the file said of the signature. Screenshots also into /tmp/shots-f/ (looked at by hand).
const shot = async (page: Page, name: string) => {
  await snap(page, name);
  await page.screenshot({ path: `/tmp/shots-f/${name}.png` });
};

for (const viewport of [
  { name: "desktop", width: 1366, height: 768 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`import of an invoice and its credit note with the same number: both imported, their types in the list, the credit negative (${viewport.name})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await login(page);
    await page.goto("/fatture-acquisto");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fatture d'acquisto");

    const tag = `${viewport.name === "phone" ? 4 : 3}${Date.now() % 100000}`;
    const supplier = { vatNumber: partitaIva(Number(`8${tag}`)), companyName: `Crediti ${tag} S.r.l.` };
    const number = `NC${tag}`;
    const dialog = await importFiles(page, [
      { name: `${number}-fattura.xml`, mimeType: "text/xml", buffer: Buffer.from(receivedXml({ number, supplier, payment: "deadlines" })) },
      { name: `${number}-nota.xml`, mimeType: "text/xml", buffer: Buffer.from(receivedXml({ number, supplier, type: "TD04", payment: "none" })) },
    ]);
    await expect(dialog.getByRole("status")).toHaveText("Importate 2 fatture, 0 già presenti, 0 file scartati.");
    await shot(page, `credit-import-report-${viewport.name}`);
    await dialog.locator("footer").getByRole("button", { name: "Chiudi" }).click();

    // both in the list, each with its type; the credit note's total is negative
    const mine = rows(page).filter({ hasText: number });
    await expect(mine).toHaveCount(2);
    const credit = mine.filter({ hasText: "TD04 Nota di credito" });
    await expect(credit).toHaveCount(1);
    await expect(mine.filter({ hasText: "TD01 Fattura" })).toHaveCount(1);
    await expect(credit).toContainText(formatMoney(-122000));
    await shot(page, `credit-grid-${viewport.name}`);

    // the column filter on 'Tipo documento' keeps the credit notes only
    await filterColumn(page, "Tipo documento", "TD04");
    await expect(mine).toHaveCount(1);
    await expect(mine.first()).toContainText("TD04 Nota di credito");
    await shot(page, `credit-grid-filtered-${viewport.name}`);

    // the credit note's form: its type read-only, the signature of a plain XML, the negative total, no deadline
    await mine.first().dblclick();
    const edit = page.getByRole("dialog", { name: "Modifica fattura di acquisto" });
    await expect(edit).toBeVisible();
    const type = edit.getByRole("textbox", { name: "Tipo documento" });
    await expect(type).toHaveValue("TD04 Nota di credito");
    await expect(type).toHaveAttribute("readonly", "");
    await expect(edit.getByRole("textbox", { name: "Firma digitale" })).toHaveValue("assente");
    await expect(edit.getByRole("textbox", { name: "Totale" })).toHaveValue(formatEuro(-122000));
    await expect(edit.getByText("Nota di credito: riduce quanto dovuto al fornitore")).toBeVisible();
    await shot(page, `credit-form-${viewport.name}`);
    // its body scrolls to the Scadenze: what the supplier gives back (it names no invoice), said to be collected
    const body = edit.locator("[data-modal-body]");
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const note = edit.getByRole("note", { name: "Scadenze della nota di credito" });
    await expect(note).toBeInViewport();
    await expect(note).toHaveText("Nota di credito: le scadenze sono importi che il fornitore deve restituire (nello Scadenziario: Da incassare).");
    await expect(edit.getByTestId("expense-deadline")).toHaveCount(1);
    await expect(edit.locator("footer").getByRole("button", { name: "Salva" })).toBeInViewport();
    await shot(page, `credit-form-end-${viewport.name}`);

    // the supplier's form: 'Saldo fornitore' nets the credit note against the invoice (1,220.00 − 1,220.00)
    await body.evaluate((el) => el.scrollTo(0, 0));
    await edit.getByRole("button", { name: "Visualizza fornitore" }).click();
    const contact = page.getByRole("dialog", { name: `Modifica ${supplier.companyName}` });
    await expect(contact).toBeVisible();
    await contact.getByRole("tab", { name: "Fatturazione" }).click();
    const balance = contact.getByRole("textbox", { name: "Saldo fornitore" });
    await balance.scrollIntoViewIfNeeded();
    await expect(balance).toHaveValue(formatEuro(0));
    await expect(contact.getByText(`Da pagare ${formatEuro(122000)} meno note di credito ricevute ${formatEuro(122000)}`)).toBeVisible();
    await shot(page, `supplier-balance-${viewport.name}`);

    // the Scadenziario: the credit note's deadline is money to collect, the invoice's two to pay
    await page.goto("/scadenziario");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scadenziario");
    await search(page, number);
    const deadlines = rows(page);
    await expect(deadlines).toHaveCount(3);
    await expect(deadlines.filter({ hasText: `Nota di credito ricevuta ${number}` })).toContainText("Da incassare");
    await expect(deadlines.filter({ hasText: `Fattura d'acquisto ${number}` }).filter({ hasText: "Da pagare" })).toHaveCount(2);
    await shot(page, `credit-scadenziario-${viewport.name}`);

    // a file SDI delivered whose supplier's VAT number fails our check digit: imported, the warning in its form
    await page.goto("/fatture-acquisto");
    const odd = `CD${tag}`;
    const warned = await importFiles(page, [
      { name: `${odd}.xml`, mimeType: "text/xml", buffer: Buffer.from(withSupplierVat(receivedXml({ number: odd, supplier: { vatNumber: "01234567890", companyName: "Esempio AdE S.r.l." } }), "IT", "01234567890")) },
    ]);
    await expect(warned.getByRole("status")).toHaveText("Importate 1 fattura, 0 già presenti, 0 file scartati.");
    await warned.getByRole("button", { name: `Fattura n. ${odd}` }).click();
    const oddForm = page.getByRole("dialog", { name: "Modifica fattura di acquisto" });
    await expect(oddForm.getByRole("note", { name: "Avvisi sul fornitore" })).toContainText("cifra di controllo non valida");
    await shot(page, `supplier-warning-${viewport.name}`);
  });
}
