import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { formatEuro } from "../../lib/format";
import { DEMO, login, rows } from "./support";

// The public demo shows a living business (issue 30, db/seed-documents.ts): the start page's money and chart are not
// zero and agree with the Scadenziario's footer, /fatture lists the year's invoices, the Scadenziario has overdue
// deadlines with interest. At 1366×768 and on a 390×844 phone; screenshots in SHOTS_DIR (default the test's output).

const shot = (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  return page.screenshot({ path: dir ? `${dir}/${name}.png` : test.info().outputPath(`${name}.png`) });
};

for (const [label, viewport] of [
  ["1366", { width: 1366, height: 768 }],
  ["390", { width: 390, height: 844 }],
] as const) {
  test(`the demo's start page, invoices and deadlines are not empty (${label})`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await login(page, DEMO);
    const totals = ((await (await page.request.get("/api/deadlines?startRow=0&limit=1&totals=1")).json()) as { totals: { toCollect: number } }).totals;
    expect(totals.toCollect).toBeGreaterThan(0);

    await page.goto("/");
    await expect(page.getByTestId("home-money")).toBeVisible();
    await expect(page.getByTestId("home-invoiced-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Da incassare \(di cui scaduto\)/ })).toContainText(formatEuro(totals.toCollect));
    await shot(page, `demo-home-${label}`);

    await page.goto("/fatture");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fatture");
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeGreaterThan(10);
    await shot(page, `demo-fatture-${label}`);

    await page.goto("/scadenziario");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scadenziario");
    await expect(rows(page).first()).toBeVisible();
    await shot(page, `demo-scadenziario-${label}`);
    // the overdue ones: days late and late-payment interest
    await page.getByRole("button", { name: "Scadute", exact: true }).click();
    await expect(rows(page).filter({ hasText: "Da incassare" }).first()).toBeVisible();
    await shot(page, `demo-scadute-${label}`);
  });
}
