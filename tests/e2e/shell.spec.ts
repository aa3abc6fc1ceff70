import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { BIANCHI, DEMO, dismissAlert, field, login, ROSSI, sideMenu as menu } from "./support";

const menuGroup = (page: Page, label: string) => menu(page).getByTestId("menu-group").getByText(label, { exact: true });

test("wrong password shows the Italian message and stays on /login", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Username o email").fill(ROSSI.username);
  await page.getByLabel("Password", { exact: true }).fill("sbagliata1");
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Username o password non corretti" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("an admin sees every menu group, opens the Tabelle submenu and navigates with titles", async ({ page }) => {
  await login(page, ROSSI);
  await expect(page).toHaveURL(/\/$/);
  for (const group of ["Sezioni", "Amministrazione", "Statistiche", "Impostazioni"]) await expect(menuGroup(page, group)).toBeVisible();
  await expect(menu(page).getByRole("button", { name: "Impostazioni" })).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Utenti" })).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Preventivi" })).toHaveCount(0);
  await menu(page).getByRole("button", { name: "Tabelle" }).click();
  await menu(page).getByRole("link", { name: "Aliquote IVA" }).click();
  await expect(page).toHaveURL(/\/aliquote-iva$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aliquote IVA");
  await menu(page).getByRole("link", { name: "Fatture d'acquisto" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fatture d'acquisto");
  await expect(page.getByTestId("subscription")).toContainText("Il periodo di utilizzo scade tra 200 giorni");
  await expect(page.getByTestId("subscription").getByRole("link", { name: "Rinnova l'abbonamento annuale" })).toHaveAttribute("href", "/acquista/4");
});

test("an ordinary user sees only Sezioni and is redirected away from Amministrazione", async ({ page }) => {
  await login(page, BIANCHI);
  await expect(menuGroup(page, "Sezioni")).toBeVisible();
  for (const group of ["Amministrazione", "Statistiche", "Impostazioni"]) await expect(menuGroup(page, group)).toHaveCount(0);
  await page.goto("/lavori");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lavori");
  await page.goto("/fatture");
  await expect(page).toHaveURL(/\/lavori$/);
});

test("profile dialog: validation banner, unsaved-changes confirmation, save", async ({ page }) => {
  await login(page, BIANCHI);
  await page.getByRole("button", { name: "Profilo" }).click();
  const dialog = page.getByRole("dialog", { name: "Profilo" });
  await expect(dialog.getByLabel("Username")).toHaveValue(BIANCHI.username);
  await expect(field(dialog, "Nome")).toHaveValue("Luca");
  await field(dialog, "Nome").fill("");
  await dialog.getByRole("button", { name: "Salva" }).click();
  // the alert, as in every other form, then the banner
  await dismissAlert(page, 'Il campo "Nome" è richiesto');
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toBeVisible();
  await expect(dialog.getByText('Il campo "Nome" è richiesto').first()).toBeVisible();

  await dialog.getByRole("button", { name: "Chiudi" }).click();
  await expect(page.getByText("Non hai salvato. Uscire?")).toBeVisible();
  await page.getByRole("button", { name: "Rimani" }).click();
  await expect(dialog).toBeVisible();

  await field(dialog, "Nome").fill("Luca Maria");
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Modifica effettuata")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await page.getByRole("button", { name: "Profilo" }).click();
  await expect(field(page.getByRole("dialog", { name: "Profilo" }), "Nome")).toHaveValue("Luca Maria");
  await field(page.getByRole("dialog", { name: "Profilo" }), "Nome").fill("Luca");
  await page.getByRole("dialog", { name: "Profilo" }).getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Modifica effettuata")).toBeVisible();
});

test("password dialog: CAPS LOCK warning and server-side checks", async ({ page }) => {
  await login(page, ROSSI);
  await page.getByRole("button", { name: "Profilo" }).click();
  await page.getByRole("dialog", { name: "Profilo" }).getByRole("button", { name: "Cambia password" }).click();
  const dialog = page.getByRole("dialog", { name: "Inserisci la password" });
  await expect(dialog).toBeVisible();
  const actual = dialog.getByLabel("Password attuale");
  await actual.click();
  // headless Chromium has no real Caps Lock key state: send the key event as the OS would with it on
  await actual.dispatchEvent("keydown", { key: "A", code: "KeyA", modifierCapsLock: true });
  await expect(dialog.getByText("Attenzione: CAPS LOCK attivo")).toBeVisible();
  await actual.dispatchEvent("keydown", { key: "a", code: "KeyA", modifierCapsLock: false });
  await expect(dialog.getByText("Attenzione: CAPS LOCK attivo")).toHaveCount(0);
  await actual.fill("sbagliata1");
  await dialog.getByLabel(/^Nuova password/).fill("nuova1234");
  await dialog.getByLabel("Ripeti la nuova password").fill("nuova1234");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("La password attuale non è corretta").first()).toBeVisible();
});

test("logout asks for confirmation and lands on /login", async ({ page }) => {
  await login(page, BIANCHI);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Effettuare il logout?")).toBeVisible();
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/lavori");
  await expect(page).toHaveURL(/\/login$/);
});

test("demo: call to action, and /login logs the demo user out", async ({ page }) => {
  await login(page, DEMO);
  await expect(page.getByTestId("demo-cta")).toContainText("senza carta di credito");
  await expect(page.getByTestId("subscription").getByRole("link", { name: "Acquista la licenza di un anno" })).toHaveAttribute("href", "/acquista/4");
  await page.goto("/login");
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("missing logo shows the Impostazioni hint", async ({ page }) => {
  await login(page, BIANCHI);
  await page.getByRole("button", { name: "Studio Tecnico Rossi" }).click();
  await expect(page.getByText('Per cambiare il tuo logo vai nella sezione "Impostazioni"')).toBeVisible();
});

test("an expired session shows the protected-page notice on the next call", async ({ page, context }) => {
  await login(page, BIANCHI);
  await context.clearCookies();
  await page.getByRole("button", { name: "Profilo" }).click();
  await expect(page.getByText("Attenzione: pagina protetta. Forse è scaduta la sessione, prova a ricaricare la pagina")).toBeVisible();
});

test("below 991 px the menu is an overlay opened by the toggle", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await login(page, ROSSI);
  await expect(page.getByTestId("side-menu")).toHaveCount(0);
  await page.getByTestId("menu-toggle").click();
  await expect(page.getByTestId("side-menu-overlay")).toBeVisible();
  await menu(page).getByRole("link", { name: "Agenda" }).click();
  await expect(page).toHaveURL(/\/agenda$/);
  await expect(page.getByTestId("side-menu-overlay")).toHaveCount(0);
});

test("sign-up creates a business with a 30-day trial; reset link sets a new password", async ({ page, browser }) => {
  const email = `e2e.${Date.now()}@example.it`;
  await page.goto("/sign-up");
  await page.getByLabel("Ragione sociale").fill("Ferramenta Gialli");
  await field(page, "Nome").fill("Paolo");
  await page.getByLabel("Cognome").fill("Gialli");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill("abc");
  await page.getByLabel("Ripeti la password").fill("abc");
  await page.getByRole("button", { name: "Crea il tuo account gratuito" }).click();
  await expect(page.getByText("La password deve essere lunga almeno 6 caratteri e contenere almeno un numero e una lettera").first()).toBeVisible();
  await page.getByLabel(/^Password/).fill("ferro1234");
  await page.getByLabel("Ripeti la password").fill("ferro1234");
  await page.getByRole("checkbox").click();
  await page.getByRole("button", { name: "Crea il tuo account gratuito" }).click();
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page.getByTestId("subscription")).toContainText("Il periodo di utilizzo scade tra 30 giorni");

  const other = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
  await other.goto("/reset-password");
  await other.getByLabel("Email").fill(email);
  await other.getByRole("button", { name: "Invia il link" }).click();
  await expect(other.getByRole("status")).toContainText("riceverai a breve una email");
  const dir = process.env.E2E_OUTBOX_DIR!;
  const mail = fs.readdirSync(dir).sort().map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))).filter((m) => m.to === email).at(-1);
  const link = /https?:\/\/\S+\/reset-password-two\?token=\S+/.exec(mail.text)![0];
  await other.goto(new URL(link).pathname + new URL(link).search);
  await other.getByLabel(/^Nuova password/).fill("ferro5678");
  await other.getByLabel("Ripeti la password").fill("ferro5678");
  await other.getByRole("button", { name: "Salva la password" }).click();
  await other.getByRole("button", { name: "OK" }).click();
  await expect(other).toHaveURL(/\/login$/);
  await login(other, { username: email, password: "ferro5678" });
});
