import { expect, test, type Page } from "@playwright/test";
import { p7mDer, partitaIva, receivedXml, zip } from "../fixtures/received-invoices";
import { login, rows } from "./support";

// 'Importa fatture elettroniche' (issue 12) as Mario Rossi (tenant 2): one received file imported first, then a zip
// of 5 — two new invoices (one signed .p7m), a lotto of two, the file imported before (a duplicate) and a broken
// envelope — read in the report; the grid reloads. On a desktop and on a 390 px phone (the report scrolls in the
// dialog). Screenshots go to the test's output folder (test-results, not committed).

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
