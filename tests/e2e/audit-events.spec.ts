import { expect, test, type Page } from "@playwright/test";
import { atBothWidths, BIANCHI, login, openGrid, rows, ROSSI, sideMenu } from "./support";

/** Screenshots of the page at a desktop and a phone size, for the visual check (test-results/audit-events/, or SCREENSHOT_DIR). */
async function screenshots(page: Page, name: string) {
  await atBothWidths(page, (w, h) => page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? "test-results/audit-events"}/${name}-${w}x${h}.png` }));
}

test("Impostazioni › Sicurezza: the admin sees a failed and a successful login; a user without ROLE_ADMIN has no such page", async ({ page, browser }) => {
  // a wrong password first: 'Accesso non riuscito' with the typed address
  await page.goto("/login");
  await page.getByLabel("Username o email").fill(ROSSI.username);
  await page.getByLabel("Password", { exact: true }).fill("sbagliata123");
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByText("Username o password non corretti")).toBeVisible();
  await login(page);

  await expect(sideMenu(page).getByRole("link", { name: "Sicurezza" })).toBeVisible();
  await openGrid(page, "/sicurezza", "Sicurezza");
  await expect(page.getByRole("columnheader", { name: "Evento" })).toBeVisible();
  await expect(rows(page).first()).toContainText("Accesso riuscito");
  await expect(rows(page).filter({ hasText: "Accesso non riuscito" }).first()).toContainText(ROSSI.username);
  await screenshots(page, "grid");

  const other = await browser.newPage();
  await login(other, BIANCHI);
  await expect(sideMenu(other).getByRole("link", { name: "Sicurezza" })).toHaveCount(0);
  await other.goto("/sicurezza");
  await expect(other).not.toHaveURL(/\/sicurezza$/);
  await other.close();
});
