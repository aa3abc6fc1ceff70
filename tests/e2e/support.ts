import { expect, type Page } from "@playwright/test";

export const ROSSI = { username: "mario.rossi@example.it", password: "rossi1234" };
export const BIANCHI = { username: "luca.bianchi@example.it", password: "bianchi1234" };
export const DEMO = { username: "demo", password: "demo1234" };

/** Logs in through the form and waits until the shell is interactive. */
export async function login(page: Page, who: { username: string; password: string } = ROSSI) {
  await page.goto("/login");
  await page.getByLabel("Username o email").fill(who.username);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

export const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Menu principale" });
