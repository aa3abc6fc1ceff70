import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { makeTestCertificate } from "@/lib/fiscal/sign-testing";
import { freePort, startSmtpServer } from "../support/pec-servers";
import { atBothWidths, closeToasts, ROSSI, sideMenu } from "./support";

const SHOTS = process.env.SCREENSHOT_DIR ?? "test-results/sdi-channel-settings";

/** support.ts's login with room for a slow first page (the machine is shared: the home page took over 7 s to load). */
async function login(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Username o email").fill(ROSSI.username);
  await page.getByLabel("Password", { exact: true }).fill(ROSSI.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible({ timeout: 45_000 });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
}

async function openSdiTab(page: Page): Promise<Locator> {
  await sideMenu(page).getByRole("button", { name: "Impostazioni" }).click();
  const dialog = page.getByRole("dialog", { name: "Impostazioni" });
  await expect(dialog.getByRole("textbox", { name: "Ragione sociale" })).not.toHaveValue("");
  await dialog.getByRole("tab", { name: "Fatturazione elettronica" }).click();
  await expect(dialog.getByTestId("sdi-channel-panel")).toBeVisible();
  return dialog;
}

/** The dialog at a desktop and a phone size: its top, then scrolled to the certificate (the dialog's body scrolls). */
async function screenshots(page: Page, dialog: Locator, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await atBothWidths(
    page,
    async (w, h) => {
      await dialog.getByText("Casella PEC per lo SDI").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${name}-top-${w}x${h}.png`) });
      await dialog.getByRole("button", { name: "Carica certificato" }).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole("button", { name: "Carica certificato" })).toBeInViewport();
      await page.screenshot({ path: path.join(SHOTS, `${name}-bottom-${w}x${h}.png`) });
    },
    { width: 1366, height: 768 },
  );
}

test("Impostazioni › Fatturazione elettronica: PEC settings saved without showing passwords, Prova connessione, the signing certificate", async ({ page }) => {
  test.setTimeout(240_000);
  const smtp = await startSmtpServer("pec@rossi.example.it", "smtp-segreta");
  const closed = await freePort();
  const cert = makeTestCertificate({ commonName: "Mario Rossi Consulenze", password: "firma-1234" });
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await login(page);
    let dialog = await openSdiTab(page);
    const smtpBox = dialog.getByRole("group", { name: "Invio (SMTP)" });
    const imapBox = dialog.getByRole("group", { name: "Ricezione (IMAP)" });

    await dialog.getByRole("textbox", { name: "Indirizzo PEC", exact: true }).fill("rossi@pec.example.it");
    await smtpBox.getByRole("textbox", { name: "Server" }).fill(smtp.host);
    await smtpBox.getByRole("textbox", { name: "Porta" }).fill(String(smtp.port));
    await smtpBox.getByRole("checkbox", { name: "Connessione cifrata SSL/TLS" }).click();
    await smtpBox.getByRole("textbox", { name: "Utente" }).fill(smtp.user);
    await smtpBox.getByLabel("Password").fill(smtp.password);
    await imapBox.getByRole("textbox", { name: "Server" }).fill("127.0.0.1");
    await imapBox.getByRole("textbox", { name: "Porta" }).fill(String(closed));
    await imapBox.getByRole("checkbox", { name: "Connessione cifrata SSL/TLS" }).click();
    await imapBox.getByRole("textbox", { name: "Utente" }).fill("rossi@pec.example.it");
    await imapBox.getByLabel("Password").fill("imap-segreta");

    // Prova connessione with the typed values: the SMTP server logs in, the IMAP port is closed
    await dialog.getByRole("button", { name: "Prova connessione" }).click();
    const results = dialog.getByTestId("sdi-connection-results");
    await expect(results).toContainText("SMTP: connessione riuscita");
    await expect(results).toContainText(`IMAP: connessione non riuscita (connessione rifiutata da 127.0.0.1:${closed})`);

    await dialog.getByRole("button", { name: "Salva impostazioni PEC" }).click();
    await expect(page.getByText("Salvataggio effettuato")).toBeVisible();
    await closeToasts(page);

    // the certificate: a wrong password is said, the right one shows who it names
    await dialog.getByLabel("File del certificato").setInputFiles({ name: "firma.p12", mimeType: "application/x-pkcs12", buffer: Buffer.from(cert.p12) });
    await expect(dialog.getByTestId("sdi-certificate-file")).toHaveText("firma.p12");
    await dialog.getByLabel("Password del certificato").fill("sbagliata");
    await dialog.getByRole("button", { name: "Carica certificato" }).click();
    await expect(dialog.getByTestId("sdi-certificate-error")).toHaveText("Password del certificato errata");
    await dialog.getByLabel("Password del certificato").fill(cert.password);
    await dialog.getByRole("button", { name: "Carica certificato" }).click();
    await expect(dialog.getByTestId("sdi-certificate-subject")).toContainText("Mario Rossi Consulenze");
    await expect(dialog.getByTestId("sdi-certificate-expiry")).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await closeToasts(page);
    await screenshots(page, dialog, "saved");

    // opened again: the values are there, the passwords are not (placeholder and hint only)
    await dialog.getByRole("button", { name: "Chiudi" }).click();
    await expect(dialog).toHaveCount(0);
    dialog = await openSdiTab(page);
    const smtpAgain = dialog.getByRole("group", { name: "Invio (SMTP)" });
    await expect(smtpAgain.getByRole("textbox", { name: "Server" })).toHaveValue(smtp.host);
    await expect(smtpAgain.getByLabel("Password")).toHaveValue("");
    await expect(smtpAgain.getByText("Password salvata: lascia vuoto per non cambiarla")).toBeVisible();
    // the saved password is used when the field is left empty
    await dialog.getByRole("button", { name: "Prova connessione" }).click();
    await expect(dialog.getByTestId("sdi-connection-results")).toContainText("SMTP: connessione riuscita");
    await screenshots(page, dialog, "reopened");
  } finally {
    cert.cleanup();
    await smtp.stop();
  }
});
