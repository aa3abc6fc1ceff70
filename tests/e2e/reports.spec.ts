import { expect, test, type Page } from "@playwright/test";
import { formatEuro } from "../../lib/format";
import { DEMO, login } from "./support";
import { todayInRome } from "../../lib/rome-time";

// Statistiche (issue 14) as the demo admin: an invoice issued today, then /report-fatturazione opens on 'Anno in
// corso' with the chart and the months of this year, the 'Totale' row showing what the API sums; choosing 'Anno
// precedente' changes the period and the table to last year's months. The other three reports open with their chart
// and table. On a desktop and on a phone; screenshots in the test's output folder (or REPORT_SHOTS).

interface Option {
  id: number;
  toString: string;
}

const snap = (page: Page, name: string) =>
  page.screenshot({ path: process.env.REPORT_SHOTS ? `${process.env.REPORT_SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`), fullPage: true });
// the Italian calendar day, as the server's periods
const today = todayInRome();
const year = Number(today.slice(0, 4));

async function issueInvoice(page: Page, tag: string) {
  const c = await page.request.post("/api/contacts", {
    multipart: { contact: JSON.stringify({ kind: "COMPANY", companyName: `Report ${tag} S.r.l.`, isCustomer: true, vatNumber: "12345678903", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM" }) },
  });
  expect(c.status(), await c.text()).toBe(200);
  const contact = ((await c.json()) as { contact: Option }).contact;
  const rates = ((await (await page.request.get("/api/vat-rates/get-filtered-list")).json()) as { options: Option[] }).options;
  const vat = rates.find((o) => o.toString.startsWith("22%"))!;
  const r = await page.request.post("/api/invoices", {
    multipart: { invoice: JSON.stringify({ kind: "INVOICE", state: "Emessa", date: today, contact: { id: contact.id }, rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: { id: vat.id } }] }) },
  });
  expect(r.status(), await r.text()).toBe(200);
}

const totalsRow = (page: Page) => page.getByTestId("report-table").locator("tfoot tr");
const monthCells = (page: Page) => page.getByTestId("report-table").locator("tbody tr td:first-child");

async function walk(page: Page, label: string) {
  await login(page, DEMO);
  await issueInvoice(page, `${label}${Date.now().toString(36)}`);
  const api = (await (await page.request.get("/api/reports/ReportInvoiceManager")).json()) as { totals: { invoiced: number } };
  expect(api.totals.invoiced).toBeGreaterThanOrEqual(122000);

  await page.goto("/report-fatturazione");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report fatturazione");
  await expect(page.getByTestId("report-period")).toContainText(`Dal 01/01/${year} al 31/12/${year}`);
  await expect(page.getByTestId("report-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(monthCells(page).first()).toHaveText(`gennaio ${year}`);
  await expect(monthCells(page)).toHaveCount(12);
  await expect(totalsRow(page)).toContainText("Totale");
  await expect(totalsRow(page).locator("td").nth(1)).toHaveText(formatEuro(api.totals.invoiced));
  await expect(page.getByRole("link", { name: "Esporta XLSX" })).toHaveAttribute("href", /\/api\/reports\/ReportInvoiceManager\/export\?filters=/);
  await snap(page, `${label}-fatturazione`);

  await page.getByRole("combobox", { name: "Periodo" }).selectOption("Anno precedente");
  await expect(page.getByTestId("report-period")).toContainText(`Dal 01/01/${year - 1} al 31/12/${year - 1}`);
  await expect(monthCells(page).first()).toHaveText(`gennaio ${year - 1}`);
  await snap(page, `${label}-fatturazione-anno-precedente`);

  for (const [path, heading, shot] of [
    ["/report-ore-vendite", "Report ore e vendite", "ore"],
    ["/report-lavori-conclusi", "Report lavori conclusi", "lavori"],
    ["/report-impegni-svolti", "Report impegni svolti", "impegni"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByTestId("report-chart")).toBeVisible();
    await expect(page.getByTestId("report-table")).toBeVisible();
    await snap(page, `${label}-${shot}`);
  }
  // the hours report regrouped by user: one row per user, the labels change
  await page.goto("/report-ore-vendite");
  await page.getByRole("combobox", { name: "Periodo" }).selectOption("Ultimi 12 mesi");
  await page.getByRole("combobox", { name: "Raggruppa per" }).selectOption("Utente");
  await expect(page.getByTestId("report-table").getByRole("columnheader").first()).toHaveText("Voce");
  await snap(page, `${label}-ore-utenti`);
}

test("Statistiche on a desktop", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await walk(page, "desktop");
});

test("Statistiche on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await walk(page, "phone");
});
