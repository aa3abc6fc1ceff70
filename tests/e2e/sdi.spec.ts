import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { startImapServer, startSmtpServer, type TestImapServer, type TestSmtpServer } from "@/tests/support/pec-servers";
import { answerWithReceipt, deliverStranger, sentFile, type Mailbox } from "@/tests/support/sdi-stand-in";
import { closeToasts, issuedInvoice, login, search } from "./support";

// Issue 31, the PEC channel as Mario Rossi, on real servers started here (smtp-server, dovecot) and the SDI stand-in:
// the tenant's PEC saved (the API, as Impostazioni › Fatturazione elettronica does: its own walk is
// sdi-channel-settings.spec.ts), an issued invoice sent with 'Invia allo SDI' from its form, SDI's NotificaScarto and
// a stranger's message delivered to the mailbox, 'Controlla ora' on 'SDI da verificare' (the scarto applied, the
// stranger's message listed with its reason and its file), the invoice Scartata and sent again. At 1366×768 and on a
// 390×844 phone; screenshots in /tmp/shots-sdipec (SHOTS_DIR).

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-sdipec";
let smtp: TestSmtpServer;
let imap: TestImapServer;
const mailbox: Mailbox = { address: "rossi@pec.prova.test", user: "rossi@pec.prova.test", password: "imap-segreta" };

test.beforeAll(async () => {
  smtp = await startSmtpServer(mailbox.address, "smtp-segreta");
  imap = await startImapServer();
  imap.addUser(mailbox.user, mailbox.password);
});

test.afterAll(async () => {
  await smtp?.stop();
  await imap?.stop();
});

async function openInvoice(page: Page, tag: string, number: string) {
  await page.goto("/fatture");
  await search(page, tag);
  const row = page.getByRole("grid").locator("[data-row-id]").filter({ hasText: number }).first();
  await row.dblclick();
  const dialog = page.getByRole("dialog", { name: /Modifica fattura/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function sendFromForm(page: Page, tag: string, number: string, shot: string) {
  const dialog = await openInvoice(page, tag, number);
  const button = dialog.getByRole("button", { name: "Invia allo SDI" });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await page.getByRole("alertdialog").getByRole("button", { name: /OK|Sì|Conferma/ }).click();
  await expect(page.getByText("Fattura inviata allo SDI").first()).toBeVisible();
  // the form reloads the document: sent, so no second 'Invia allo SDI'
  await expect(dialog.getByRole("button", { name: "Invia allo SDI" })).toHaveCount(0);
  await expect(dialog.getByTestId("sdi-state")).toContainText("Inviata allo SDI");
  await page.screenshot({ path: shot });
  await closeToasts(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

for (const [name, viewport] of [
  ["desktop", { width: 1366, height: 768 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`send to SDI, a scarto read from the PEC mailbox, resent; 'SDI da verificare' (${name})`, async ({ page }) => {
    test.setTimeout(150_000);
    const dir = `${SHOTS}/${name}`;
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize(viewport);
    await login(page);
    const saved = await page.request.post("/api/sdi-channel/settings", {
      multipart: {
        settings: JSON.stringify({
          pec: mailbox.address,
          smtp: { host: smtp.host, port: smtp.port, secure: false, user: smtp.user, password: smtp.password },
          imap: { host: imap.host, port: imap.port, secure: false, user: mailbox.user, password: mailbox.password },
          sdiAddress: "",
        }),
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // unsigned sending ('Invia allo SDI'): the settings walk may have left its test certificate on this tenant
    expect((await page.request.delete("/api/sdi-channel/certificate")).status()).toBe(200);
    const tag = `P${name[0]}${Date.now().toString(36)}`;
    const invoice = await issuedInvoice(page, tag);

    const before = smtp.received.length;
    await sendFromForm(page, tag, invoice.number, `${dir}/1-inviata.png`);
    expect(smtp.received.length).toBe(before + 1);
    const sent = smtp.received.at(-1)!;
    const { fileName } = sentFile(sent);

    await answerWithReceipt(imap, mailbox, sent, "NS", { errors: [{ code: "00305", description: "1.4.1.1.2 <IdCodice> non valido : 01234567897" }] });
    await deliverStranger(imap, mailbox);

    await page.goto("/sdi-da-verificare");
    await page.getByRole("button", { name: "Controlla ora" }).click();
    await expect(page.getByText("Messaggi elaborati: 2").first()).toBeVisible();
    const list = page.getByTestId("sdi-inbox-list");
    await expect(list.getByText("Da: fornitore@pec.altro.test").first()).toBeVisible();
    await expect(list.getByText("Il messaggio non contiene file dello SDI da leggere").first()).toBeVisible();
    await expect(list.getByRole("button", { name: "Scarica preventivo.pdf" }).first()).toBeVisible();
    await closeToasts(page);
    await page.screenshot({ path: `${dir}/2-da-verificare.png` });

    const dialog = await openInvoice(page, tag, invoice.number);
    await expect(dialog.getByTestId("sdi-state")).toContainText("Scartata");
    await page.screenshot({ path: `${dir}/3-scartata.png` });
    await page.keyboard.press("Escape");

    await sendFromForm(page, tag, invoice.number, `${dir}/4-reinviata.png`);
    const resent = sentFile(smtp.received.at(-1)!);
    expect(resent.fileName).not.toBe(fileName);
    expect(smtp.received.at(-1)!.to).toEqual(["sdi23@pec.fatturapa.it"]);
  });
}
