import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { totpCode } from "@/lib/auth/two-factor";
import { sideMenu } from "./support";

// Two-factor login (issue 29) in the browser: a new tenant's admin turns it on in Profilo (the secret read off the
// dialog, the code computed as an authenticator app would), sees the 10 recovery codes, logs out and logs in
// again with the 'Codice di verifica'. Then a tenant that requires it: the shell leads a user without it to the
// setup. New tenants each time: the seeded users the other files log in with keep logging in with a password only.
// Screenshots at 1366×768 and 390×844 in /tmp/helpers/shots-two-factor.

const SHOTS = process.env.TWO_FACTOR_SHOTS ?? "/tmp/helpers/shots-two-factor";
const PASSWORD = "prova1234";

async function snap(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A new tenant, its admin logged in through the page's own cookies. */
async function signUp(page: Page, prefix: string): Promise<string> {
  const email = `${prefix}.${Date.now().toString(36)}@example.it`;
  const r = await page.request.post("/api/sign-up", {
    multipart: { signUp: JSON.stringify({ denomination: `Due Fattori ${Date.now().toString(36)} S.r.l.`, firstName: "Anna", lastName: "Verdi", email, password: PASSWORD, passwordSecond: PASSWORD, acceptTerms: true }) },
  });
  expect(r.status(), await r.text()).toBe(200);
  return email;
}

/** Dialog 'Autenticazione a due fattori' from its first step to the recovery codes; answers the secret. */
async function turnOn(page: Page, shots?: string): Promise<string> {
  const dialog = page.getByRole("dialog", { name: "Autenticazione a due fattori" });
  await dialog.getByRole("button", { name: "Attiva" }).click();
  await expect(dialog.getByRole("img", { name: "Codice QR per l'app di autenticazione" })).toBeVisible();
  const secret = (await dialog.getByTestId("two-factor-secret").inputValue()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (shots) await snap(page, `${shots}-qr`);
  await dialog.getByLabel("Codice di verifica").fill(totpCode(secret));
  await dialog.getByRole("button", { name: "Conferma" }).click();
  await expect(dialog.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(dialog).toContainText("Conserva questi codici di recupero in un luogo sicuro");
  if (shots) await snap(page, `${shots}-codes`);
  await dialog.getByRole("button", { name: "Ho salvato i codici" }).click();
  await expect(dialog).toBeHidden();
  return secret;
}

test("turned on in Profilo, then the login asks for the code and accepts it", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const email = await signUp(page, "duefattori");
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("button", { name: "Profilo" }).click();
  const profile = page.getByRole("dialog", { name: "Profilo" });
  await expect(profile.getByTestId("two-factor-state")).toContainText("Non attiva");
  await snap(page, "01-profile-1366");
  await profile.getByTestId("two-factor-state").getByRole("button", { name: "Attiva" }).click();
  await snap(page, "02-intro-1366");
  const secret = await turnOn(page, "03-1366");
  await expect(profile.getByTestId("two-factor-state")).toContainText("Attiva");
  await expect(profile.getByTestId("two-factor-state").getByRole("button", { name: "Gestisci" })).toBeVisible();
  await profile.getByRole("button", { name: "Chiudi" }).first().click();

  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Username o email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Inserisci il codice di verifica");
  const code = page.getByLabel("Codice di verifica");
  await expect(code).toBeFocused();
  await snap(page, "04-login-code-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "05-login-code-390");
  // the enabling code's step is used up: the app's next code
  await code.fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("required by the tenant: the shell asks a user without it to turn it on first", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, "obbligo");
  const tenant = ((await (await page.request.get("/api/tenants/get-actual")).json()) as { tenant: Record<string, unknown> }).tenant;
  const saved = await page.request.post("/api/tenants/post-actual", { multipart: { tenant: JSON.stringify({ ...tenant, twoFactorRequired: true }) } });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const notice = page.getByTestId("two-factor-required");
  await expect(notice).toContainText("La tua azienda richiede l'autenticazione a due fattori");
  await snap(page, "06-required-390");
  await page.setViewportSize({ width: 1366, height: 768 });
  await snap(page, "07-required-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.getByRole("button", { name: "Attiva ora" }).click();
  await turnOn(page, "08-390");
  await expect(notice).toBeHidden();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByTestId("two-factor-required")).toHaveCount(0);

  // the setting, as the admin sees it in Impostazioni › Dati principali › Sicurezza
  await sideMenu(page).getByRole("button", { name: "Impostazioni" }).click();
  const security = page.getByRole("dialog", { name: "Impostazioni" }).getByTestId("security-settings");
  await security.scrollIntoViewIfNeeded();
  await expect(security.getByRole("checkbox", { name: "Autenticazione a due fattori obbligatoria per tutti gli utenti" })).toBeChecked();
  await snap(page, "09-settings-1366");
});
