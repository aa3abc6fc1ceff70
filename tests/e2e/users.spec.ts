import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { atBothWidths, counter, dismissAlert, field, login, openGrid, rows, search, sideMenu } from "./support";

/** The last mail the server "sent" to `to` (MAIL_OUTBOX_DIR of the test server). */
function lastMailTo(to: string): { subject: string; text: string } {
  const dir = process.env.E2E_OUTBOX_DIR!;
  const mail = fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")))
    .filter((m) => m.to === to)
    .at(-1);
  if (!mail) throw new Error(`nessuna email a ${to}`);
  return mail;
}

/** Screenshots of the page at a desktop and a phone size, for the visual check (test-results/users/). */
async function screenshots(page: Page, name: string) {
  await atBothWidths(page, (w, h) => page.screenshot({ path: `test-results/users/${name}-${w}x${h}.png` }));
}

const menuGroup = (page: Page, label: string) => sideMenu(page).getByTestId("menu-group").getByText(label, { exact: true });

test("Utenti: invite, the mail in the outbox, sign-in in another browser, role change ends that session, disable refuses it", async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const email = `giada.${stamp}@example.it`;
  const lastName = `Invitata ${stamp}`;
  await login(page);
  await openGrid(page, "/utenti", "Utenti");
  await expect(rows(page).filter({ hasText: "mario.rossi@example.it" })).toContainText("Amministratore");
  await screenshots(page, "grid");

  // The invitation form: required fields first, then a complete invitation.
  await page.getByRole("button", { name: "Invita utente" }).click();
  let dialog = page.getByRole("dialog", { name: "Invita utente" });
  await expect(dialog.getByText("A questo indirizzo arriverà il link per scegliere la password, valido 7 giorni")).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Utente" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "Utente" }).click();
  await dialog.getByRole("button", { name: "Invia invito" }).click();
  await dismissAlert(page, "Scegliere almeno un ruolo");
  for (const message of ['Il campo "Email" è richiesto', 'Il campo "Nome" è richiesto', 'Il campo "Cognome" è richiesto', "Scegliere almeno un ruolo"]) {
    await expect(dialog.getByText(message).first()).toBeVisible();
  }
  await screenshots(page, "form-errors");
  // on a phone the body scrolls under the fixed header and footer: the last card and 'Invia invito' are reachable
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole("radio", { name: "Verde" }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole("radio", { name: "Verde" })).toBeInViewport();
  await expect(dialog.getByRole("button", { name: "Invia invito" })).toBeInViewport();
  await page.screenshot({ path: "test-results/users/form-errors-scrolled-390x844.png" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await field(dialog, "Email").fill(email);
  await field(dialog, "Nome").fill("Giada");
  await field(dialog, "Cognome").fill(lastName);
  await dialog.getByRole("checkbox", { name: "Utente" }).click();
  await dialog.getByRole("radio", { name: "Verde" }).click();
  await dialog.getByRole("button", { name: "Invia invito" }).click();
  await dismissAlert(page, `Invito inviato a ${email}: il link per scegliere la password vale 7 giorni`);
  await expect(dialog).toHaveCount(0);

  await search(page, lastName);
  await counter(page, 1);
  const row = rows(page).filter({ hasText: email });
  await expect(row).toContainText("Giada");
  await expect(row.getByRole("img", { name: "Colore #c8efc4" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Reinvia invito" })).toBeVisible();

  // The invitation mail, opened in another browser: the /sign-in link sets the password and enters.
  const mail = lastMailTo(email);
  expect(mail.subject).toBe("Invito a Studio Tecnico Rossi");
  expect(mail.text).toContain("Mario Rossi ti ha invitato a usare il gestionale di Studio Tecnico Rossi.");
  const link = new URL(/https?:\/\/\S+\/sign-in\?token=\S+/.exec(mail.text)![0]);
  const giadaContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: "it-IT", timezoneId: "Europe/Rome" });
  const giada = await giadaContext.newPage();
  await giada.goto(link.pathname + link.search);
  await expect(giada.getByRole("heading", { name: "Attiva il tuo account" })).toBeVisible();
  await giada.getByLabel(/^Nuova password/).fill("giada1234");
  await giada.getByLabel("Ripeti la password").fill("giada1234");
  await giada.getByRole("button", { name: "Salva la password" }).click();
  await dismissAlert(giada, "Benvenuto! La password è stata impostata");
  await expect(giada.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(menuGroup(giada, "Sezioni")).toBeVisible();
  await expect(menuGroup(giada, "Amministrazione")).toHaveCount(0);

  // Back as the admin: the invitation is no longer pending; the roles change (Amministrazione added).
  await page.reload();
  await search(page, lastName);
  await expect(row.getByRole("button", { name: "Reinvia invito" })).toHaveCount(0);
  await row.dblclick();
  dialog = page.getByRole("dialog", { name: `Modifica utente Giada ${lastName}` });
  await expect(field(dialog, "Email")).toHaveValue(email);
  await expect(field(dialog, "Email")).toHaveAttribute("readonly", "");
  await expect(dialog.getByText("Attivo", { exact: true })).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Amministrazione" }).click();
  await screenshots(page, "form-edit");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("Amministrazione");

  // Giada's session ended with the role change: her next page is the login; she logs in again with the new menu.
  await giada.goto("/anagrafica");
  await expect(giada).toHaveURL(/\/login$/);
  await login(giada, { username: email, password: "giada1234" });
  await expect(menuGroup(giada, "Amministrazione")).toBeVisible();

  // Own row: no 'Disabilita'; the Amministratore role cannot be unticked.
  const own = rows(page).filter({ hasText: "mario.rossi@example.it" });
  await search(page, "mario.rossi@example.it");
  await expect(own.getByRole("button", { name: "Disabilita" })).toHaveCount(0);
  await own.getByRole("button", { name: "Modifica" }).click();
  dialog = page.getByRole("dialog", { name: "Modifica utente Mario Rossi" });
  await expect(dialog.getByRole("checkbox", { name: "Amministratore" })).toBeDisabled();
  await expect(dialog.getByText("Non puoi togliere a te stesso il ruolo Amministratore")).toBeVisible();
  await dialog.getByRole("button", { name: "Chiudi" }).first().click();
  await expect(dialog).toHaveCount(0);

  // Disable Giada (confirmed): her open page is refused at once, and so is her login.
  await search(page, lastName);
  await row.getByRole("button", { name: "Disabilita" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`Disabilitare Giada ${lastName}? Non potrà più accedere`);
  await page.getByRole("alertdialog").getByRole("button", { name: "Disabilita" }).click();
  await expect(page.getByText("Utente disabilitato: non può più accedere")).toBeVisible();
  await expect(row.getByRole("button", { name: "Abilita" })).toBeVisible();
  await expect(row.locator('[data-tone="red"]')).toHaveText("No");
  await giada.reload();
  await expect(giada).toHaveURL(/\/login$/);
  await giada.getByLabel("Username o email").fill(email);
  await giada.getByLabel("Password", { exact: true }).fill("giada1234");
  await giada.getByRole("button", { name: "Accedi" }).click();
  await expect(giada.getByRole("alert").filter({ hasText: "Utente disabilitato: rivolgiti all'amministratore della tua azienda" })).toBeVisible();
  await giadaContext.close();

  // The page at both sizes with the form open (dialogs scroll, nothing hidden).
  await page.getByRole("button", { name: "Invita utente" }).click();
  await expect(page.getByRole("dialog", { name: "Invita utente" })).toBeVisible();
  await screenshots(page, "form-new");
});
