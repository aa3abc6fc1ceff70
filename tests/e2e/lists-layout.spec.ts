import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { formatMoney } from "../../lib/format";
import { romeDateInDays } from "../../lib/subscription";
import { login, rows, search, sideMenu } from "./support";

// The lists at 1366×768 and on a phone (issue 30, 'Defects met on the way'), as Mario Rossi (tenant 2):
// - at 1366 the columns that matter are in view with the side menu open (no sideways scrolling): Stato and Pagata on
//   /fatture, Saldo, Giorni di ritardo and Interessi di mora on /scadenziario, the other main lists alike;
// - at 390 the rows are cards that keep the amount and the state in view, and the 'Totale' stays on the screen;
// - Impostazioni › Fatturazione fits a phone (its sectionals table scrolls inside its card) and the drawer it was
//   opened from is closed after saving.
// Screenshots of each list at both widths go to the test's output folder, and to SHOTS_DIR when it is set.

interface Option {
  id: number;
  toString: string;
}

async function snap(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path, `${dir}/${name}.png`);
  }
}

async function post<T>(page: Page, url: string, field: string, body: unknown): Promise<T> {
  const r = await page.request.post(url, { multipart: { [field]: JSON.stringify(body) } });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as Record<string, T>)[field]!;
}

/**
 * A customer of this run with an issued invoice dated 30 days ago (its deadline overdue) on a sectional of its own,
 * and a supplier with a purchase invoice: every list below has a row of the run to find by its tag.
 */
async function records(page: Page, tag: string) {
  const customer = `Officine Meccaniche ${tag} S.p.A.`;
  const contact = await post<Option>(page, "/api/contacts", "contact", {
    kind: "COMPANY",
    companyName: customer,
    isCustomer: true,
    vatNumber: "12345678903",
    address: "Via Roma 1",
    postalCode: "00184",
    city: "Roma",
    province: "RM",
  });
  const rates = ((await (await page.request.get("/api/vat-rates/get-filtered-list")).json()) as { options: Option[] }).options;
  const vat = rates.find((o) => o.toString.startsWith("22%"))!;
  const sectional = await post<Option>(page, "/api/invoice-sectionals", "invoiceSectional", { name: `Liste ${tag}`, typology: "Tutti", suffix: `L${tag}` });
  // 30 days ago, or the 1st of January: /fatture opens on the current year
  const today = romeDateInDays(0);
  const date = romeDateInDays(-30).startsWith(today.slice(0, 4)) ? romeDateInDays(-30) : `${today.slice(0, 4)}-01-01`;
  const daysLate = Math.round((Date.parse(today) - Date.parse(date)) / 86_400_000);
  const invoice = await post<{ number: string; totals: { netToPay: number } }>(page, "/api/invoices", "invoice", {
    kind: "INVOICE",
    state: "Emessa",
    date,
    sectional: { id: sectional.id },
    contact: { id: contact.id },
    rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: { id: vat.id } }],
  });
  const supplier = await post<Option>(page, "/api/contacts", "contact", { kind: "COMPANY", companyName: `Fornitore ${tag} S.r.l.`, isSupplier: true, vatNumber: "01234567897" });
  await post(page, "/api/expenses", "expense", {
    documentNumber: `FA-${tag}`,
    documentDate: romeDateInDays(-5),
    contact: { id: supplier.id },
    taxable: 40984,
    totalVat: 9016,
    deadlines: [{ amount: 50000, deadlineDate: romeDateInDays(10), deadlineState: "Da saldare" }],
  });
  return { customer, number: invoice.number, netToPay: invoice.totals.netToPay, late: daysLate > 0 ? `${daysLate} gg` : "" };
}

const totalsRow = (page: Page) => page.locator("[data-grid-totals]");

/** Rows and totals loaded (for a screenshot of the whole list): no placeholder row left. */
async function settled(page: Page) {
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator('[role="grid"] [role="row"][aria-rowindex]:not([data-row-id]):not([data-grid-totals])')).toHaveCount(0);
  if (await totalsRow(page).count()) await expect(totalsRow(page)).toHaveAttribute("aria-busy", "false");
}

const header = (page: Page, name: string) => page.locator(`[role="columnheader"][title="${name}"]`);
const grid = (page: Page) => page.getByRole("grid");

/**
 * The named columns' headers end inside the grid and the window, their names whole (two lines at most, no word cut),
 * and the grid does not scroll sideways.
 */
async function expectColumnsInView(page: Page, names: string[]) {
  const box = (await grid(page).boundingBox())!;
  for (const name of names) {
    const h = (await header(page, name).boundingBox())!;
    expect(h, name).not.toBeNull();
    expect(h.x + h.width, `${name} ends at ${h.x + h.width}`).toBeLessThanOrEqual(Math.min(1366, box.x + box.width));
    const label = header(page, name).locator("span").first();
    await expect(label).toHaveText(name);
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight), `${name} whole`).toBe(true);
  }
  expect(await grid(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/** Back to every row of the list: the search emptied, its answer awaited. */
async function clearSearch(page: Page, api: string) {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === api);
  await search(page, "");
  await answered;
}

async function openList(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
}

/** On a phone: the card's amount and its right edge in the window, the 'Totale' on the screen. */
async function expectCard(card: Locator, amount: string) {
  await expect(card.locator("[data-card-amount]")).toHaveText(amount);
  await expect(card.locator("[data-card-amount]")).toBeInViewport();
  const box = (await card.locator("[data-card-amount]").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the main lists show the columns that matter without scrolling sideways", async ({ page }) => {
    test.setTimeout(90_000);
    await login(page);
    const tag = `d${Date.now().toString(36)}`;
    const run = await records(page, tag);

    await openList(page, "/fatture", "Fatture");
    await search(page, tag);
    await expect(rows(page)).toHaveCount(1);
    await expectColumnsInView(page, ["Numero", "Data", "Cliente", "Tipo documento", "Totale", "Netto a pagare", "Stato", "Pagata", "Prossima scadenza"]);
    await expect(rows(page).first().getByText("Emessa", { exact: true })).toBeInViewport();
    await clearSearch(page, "/api/invoices");
    await settled(page);
    await snap(page, "fatture-1366");

    await openList(page, "/scadenziario", "Scadenziario");
    await search(page, tag);
    await expect(rows(page)).toHaveCount(2); // the invoice's, the purchase's
    await expectColumnsInView(page, ["Data scadenza", "Controparte", "Documento", "Direzione", "Da incassare", "Da pagare", "Saldo", "Stato", "Giorni di ritardo", "Interessi di mora"]);
    await expect(rows(page).filter({ hasText: run.customer })).toContainText(run.late);
    await expect(page.locator('[data-grid-totals] [data-total="balance"]')).toHaveText(formatMoney(run.netToPay - 50000));
    await clearSearch(page, "/api/deadlines");
    await settled(page);
    await snap(page, "scadenziario-1366");

    await openList(page, "/fatture-acquisto", "Fatture d'acquisto");
    await search(page, tag);
    await expect(rows(page)).toHaveCount(1);
    await expectColumnsInView(page, ["Numero", "Data", "Tipo documento", "Fornitore", "Imponibile", "IVA", "Totale", "Pagata", "Prossima scadenza"]);
    await clearSearch(page, "/api/expenses");
    await settled(page);
    await snap(page, "fatture-acquisto-1366");

    await openList(page, "/lavori", "Lavori");
    await expect(rows(page).first()).toBeVisible();
    await expectColumnsInView(page, ["Numero", "Nome", "Cliente", "Stato", "Tipo pagamento", "Importo", "Scadenza prevista", "Ore lavorate", "Da fatturare", "Completato"]);
    await settled(page);
    await snap(page, "lavori-1366");

    await openList(page, "/anagrafica", "Anagrafica");
    await expect(rows(page).first()).toBeVisible();
    await expectColumnsInView(page, ["Codice", "Denominazione", "Partita IVA", "Codice fiscale", "Città", "Email", "Cliente", "Fornitore", "PA"]);
    await settled(page);
    await snap(page, "anagrafica-1366");
  });
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the lists are cards with their amount and state, the 'Totale' on the screen", async ({ page }) => {
    test.setTimeout(90_000);
    await login(page);
    const tag = `p${Date.now().toString(36)}`;
    const run = await records(page, tag);

    await openList(page, "/fatture", "Fatture");
    await search(page, tag);
    await expect(rows(page)).toHaveCount(1);
    const invoice = rows(page).first();
    await expect(invoice).toHaveAttribute("data-card", "");
    await expect(invoice).toContainText(run.customer);
    await expectCard(invoice, `€ ${formatMoney(run.netToPay)}`);
    await expect(invoice.getByText("Emessa", { exact: true })).toBeInViewport();
    await expect(invoice).toContainText(run.number);
    await expect(totalsRow(page)).toBeInViewport();
    await expect(totalsRow(page).locator('[data-total="netToPay"]')).toHaveText(formatMoney(run.netToPay));
    // the pencil edits the row, as on the table
    await invoice.getByRole("button", { name: "Modifica" }).click();
    const form = page.getByRole("dialog", { name: `Modifica fattura ${run.number}` });
    await expect(form).toBeVisible();
    await form.getByRole("button", { name: "Chiudi" }).last().click();
    await expect(form).toHaveCount(0);
    await clearSearch(page, "/api/invoices");
    await expect(totalsRow(page)).toBeInViewport();
    await settled(page);
    await snap(page, "fatture-390");

    await openList(page, "/scadenziario", "Scadenziario");
    await search(page, tag);
    await expect(rows(page)).toHaveCount(2); // the invoice's, the purchase's
    const deadline = rows(page).filter({ hasText: run.customer });
    await expectCard(deadline, formatMoney(run.netToPay));
    await expect(deadline.getByText("Da saldare", { exact: true })).toBeInViewport();
    await expect(deadline).toContainText(run.late);
    await expect(deadline.getByRole("button", { name: "Segna saldato" })).toBeInViewport();
    await expect(totalsRow(page)).toBeInViewport();
    await expect(totalsRow(page).locator('[data-total="toCollect"]')).toHaveText(formatMoney(run.netToPay));
    await clearSearch(page, "/api/deadlines");
    await expect(totalsRow(page)).toBeInViewport();
    await settled(page);
    await snap(page, "scadenziario-390");

    await openList(page, "/fatture-acquisto", "Fatture d'acquisto");
    await search(page, tag);
    await expect(rows(page)).toHaveCount(1);
    await expectCard(rows(page).first(), `€ ${formatMoney(50000)}`);
    await expect(totalsRow(page)).toBeInViewport();
    await clearSearch(page, "/api/expenses");
    await settled(page);
    await snap(page, "fatture-acquisto-390");

    await openList(page, "/lavori", "Lavori");
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).first().locator("[data-card-amount]")).toBeInViewport();
    await expect(totalsRow(page)).toBeInViewport();
    await settled(page);
    await snap(page, "lavori-390");

    await openList(page, "/anagrafica", "Anagrafica");
    await expect(rows(page).first()).toBeVisible();
    await settled(page);
    await snap(page, "anagrafica-390");
  });

  test("Impostazioni › Fatturazione fits the phone; the drawer it was opened from is closed after saving", async ({ page }) => {
    test.setTimeout(60_000);
    await login(page);
    // a sectional, so that the table is there
    const sectional = `Telefono ${Date.now().toString(36)}`;
    await post(page, "/api/invoice-sectionals", "invoiceSectional", { name: sectional, typology: "Tutti", suffix: "TEL" });
    await page.getByTestId("menu-toggle").click();
    await expect(page.getByTestId("side-menu-overlay")).toBeVisible();
    await sideMenu(page).getByRole("button", { name: "Impostazioni" }).click();
    const dialog = page.getByRole("dialog", { name: "Impostazioni" });
    await expect(dialog.getByRole("textbox", { name: "Ragione sociale" })).not.toHaveValue("");
    await dialog.getByRole("tab", { name: "Impostazioni fatturazione" }).click();
    const table = dialog.getByTestId("invoice-sectionals-table");
    await expect(table).toBeVisible();

    // nothing of the dialog scrolls sideways, the sectionals' table included (each sectional a card); the percentages whole
    const sideways = await dialog.evaluate((el) =>
      [el, ...el.querySelectorAll("*")].filter((e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth).map((e) => `${e.tagName} ${e.className}`),
    );
    expect(sideways).toEqual([]);
    // a sectional's card: its name, its fields labelled, its buttons, all on the screen
    const card = dialog.getByTestId("invoice-sectional-row").filter({ hasText: sectional });
    await expect(card).toContainText("Tipologia di clienti Tutti");
    await expect(card).toContainText("Suffisso TEL");
    for (const button of await card.getByRole("button").all()) expect(((await button.boundingBox())!).x + ((await button.boundingBox())!).width).toBeLessThanOrEqual(390);
    const box = await dialog.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    expect(box.right).toBeLessThanOrEqual(390);
    for (const name of ["% Rivalsa INPS", "% Cassa professionisti", "% Ritenuta d'acconto"]) {
      const box = (await dialog.getByRole("textbox", { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    expect(await table.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    await dialog.getByRole("textbox", { name: "% Rivalsa INPS", exact: true }).scrollIntoViewIfNeeded();
    await snap(page, "impostazioni-fatturazione-campi-390");
    await table.scrollIntoViewIfNeeded();
    await snap(page, "impostazioni-fatturazione-390");

    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect(page.getByText("Modifica effettuata").or(page.getByText("Salvataggio effettuato")).first()).toBeVisible();
    await expect(page.getByTestId("side-menu-overlay")).toHaveCount(0);
    await snap(page, "impostazioni-saved-390");
  });
});
