import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { writeSdiMessage } from "@/lib/fiscal/sdi-testing";
import { sdiMessageFileName } from "@/lib/fiscal/sdi-messages";
import { SDI_ERROR_CODES } from "@/lib/fiscal/sdi-errors";
import { issuedInvoice, login, search } from "./support";

// Issue 31, SDI receipts in the invoice form as Mario Rossi: two invoices issued and their XML made (the API, as the
// user's buttons do), a NotificaScarto with two errors and a NotificaMancataConsegna uploaded
// (POST /api/invoices/sdi-notifications); the discarded invoice's form says what to correct (Note e allegati: the SDI
// notifications, each error's code and explanation) and is editable again; the undelivered one shows 'Fattura non
// consegnata: inviala al cliente per email' with 'Invia email', which opens the e-mail dialog. At 1366×768 and on a
// 390×844 phone; screenshots in /tmp/shots-sdi (SHOTS_DIR).

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-sdi";

async function issuedWithXml(page: Page, tag: string, n: number): Promise<{ id: number; number: string; file: string }> {
  const invoice = await issuedInvoice(page, `${tag}${n}`, tag);
  const x = await page.request.post(`/api/invoices/download-electronic-invoice-xml/${invoice.id}`, { multipart: { xmlOptions: JSON.stringify({ previdential: null, paymentCausal: null }) } });
  expect(x.status(), await x.text()).toBe(200);
  return { ...invoice, file: ((await x.json()) as { filename: string }).filename };
}

/** Opens the invoice of the customer named with `customerTag` (one invoice each). */
async function openInvoice(page: Page, customerTag: string) {
  await page.goto("/fatture");
  await search(page, customerTag);
  const row = page.getByRole("grid").locator("[data-row-id]");
  await expect(row).toHaveCount(1);
  await row.dblclick();
  const dialog = page.getByRole("dialog", { name: /Modifica fattura/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const [name, viewport] of [
  ["desktop", { width: 1366, height: 768 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`a scarto explained and a mancata consegna offered by e-mail (${name})`, async ({ page }) => {
    test.setTimeout(120_000);
    const dir = `${SHOTS}/${name}`;
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize(viewport);
    await login(page);
    const tag = `S${name[0]}${Date.now().toString(36)}`;
    const discarded = await issuedWithXml(page, tag, 1);
    const undelivered = await issuedWithXml(page, tag, 2);
    const id = Number(Date.now().toString().slice(-9));
    const ns = writeSdiMessage("NS", {
      fileName: discarded.file,
      identificativoSdi: id,
      errors: [
        { code: "00305", description: "1.4.1.1.2 <IdCodice> non valido : 01234567897" },
        { code: "00423", description: "2.2.1.11 <PrezzoTotale> non calcolato secondo le specifiche tecniche" },
      ],
    });
    const mc = writeSdiMessage("MC", { fileName: undelivered.file, identificativoSdi: id + 1 });
    const up = await page.request.post("/api/invoices/sdi-notifications", {
      multipart: {
        files: { name: sdiMessageFileName(discarded.file, "NS"), mimeType: "application/xml", buffer: Buffer.from(ns) },
      },
    });
    expect(up.status(), await up.text()).toBe(200);
    const up2 = await page.request.post("/api/invoices/sdi-notifications", {
      multipart: { files: { name: sdiMessageFileName(undelivered.file, "MC"), mimeType: "application/xml", buffer: Buffer.from(mc) } },
    });
    expect(((await up2.json()) as { applied: unknown[] }).applied).toHaveLength(1);

    // the scarto: Scartata, the notice, the errors explained in Note e allegati
    let dialog = await openInvoice(page, `${tag}1`);
    await expect(dialog.getByTestId("sdi-state")).toContainText("Scartata");
    await expect(dialog.getByText(/Fattura scartata dallo SDI: correggi/)).toBeVisible();
    await page.screenshot({ path: `${dir}/1-scartata.png` });
    await dialog.getByRole("tab", { name: "Note e allegati" }).click();
    const notices = dialog.getByRole("region", { name: "Notifiche SDI" });
    await expect(notices).toBeVisible();
    await expect(notices.getByText(SDI_ERROR_CODES["00305"])).toBeVisible();
    await expect(notices.getByText(SDI_ERROR_CODES["00423"])).toBeVisible();
    await expect(notices.getByText("Firma della notifica: valida")).toBeVisible();
    await notices.getByText(SDI_ERROR_CODES["00423"]).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/2-errori.png` });
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // the mancata consegna: the notice and its 'Invia email'
    dialog = await openInvoice(page, `${tag}2`);
    const notice = dialog.getByRole("status").filter({ hasText: "Fattura non consegnata: inviala al cliente per email" });
    await expect(notice).toBeVisible();
    await page.screenshot({ path: `${dir}/3-mancata-consegna.png` });
    await notice.getByRole("button", { name: "Invia email" }).click();
    await expect(page.getByRole("dialog", { name: "Invia email" })).toBeVisible();
    await page.screenshot({ path: `${dir}/4-invia-email.png` });
  });
}
