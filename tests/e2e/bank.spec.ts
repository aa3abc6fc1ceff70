import { expect, test, type Page } from "@playwright/test";
import { writeCamt053 } from "../../lib/bank/testing";
import { formatMoney } from "../../lib/format";
import { romeDateInDays } from "../../lib/subscription";
import { closeToasts, login, rows, search } from "./support";

// Banca (issue 32) as Mario Rossi (tenant 2): an issued invoice of a customer of this run has one open deadline; a
// camt.053 written by lib/bank/testing.ts holds the customer's transfer that pays it (its number in the description,
// the netto a pagare read from the API). Imported through 'Importa estratto conto' (report: 1 imported), the movement
// is 'Da abbinare'; its panel suggests the deadline (number and amount), Enter on the focused suggestion confirms:
// 'Abbinato', the deadline Saldato in the Scadenziario with the bank mark, the invoice Pagata; 'Annulla abbinamento'
// puts everything back. The same on a phone. Screenshots go to the test's output folder (test-results).

interface Option {
  id: number;
  toString: string;
}

const snap = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** A customer of this run and an issued invoice of it, dated 10 days ago, on a sectional of its own (one open deadline). */
async function openInvoice(page: Page, tag: string): Promise<{ id: number; number: string; netToPay: number; customer: string }> {
  const name = `Banca ${tag} S.r.l.`;
  const c = await page.request.post("/api/contacts", {
    multipart: { contact: JSON.stringify({ kind: "COMPANY", companyName: name, isCustomer: true, vatNumber: "12345678903", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM" }) },
  });
  expect(c.status(), await c.text()).toBe(200);
  const contact = ((await c.json()) as { contact: Option }).contact;
  const rates = ((await (await page.request.get("/api/vat-rates/get-filtered-list")).json()) as { options: Option[] }).options;
  const vat = rates.find((o) => o.toString.startsWith("22%"))!;
  const sectional = await page.request.post("/api/invoice-sectionals", { multipart: { invoiceSectional: JSON.stringify({ name: `Banca ${tag}`, typology: "Tutti", suffix: `B${tag}` }) } });
  expect(sectional.status(), await sectional.text()).toBe(200);
  const sectionalId = ((await sectional.json()) as { invoiceSectional: Option }).invoiceSectional.id;
  const r = await page.request.post("/api/invoices", {
    multipart: {
      invoice: JSON.stringify({
        kind: "INVOICE",
        state: "Emessa",
        date: romeDateInDays(-10),
        sectional: { id: sectionalId },
        contact: { id: contact.id },
        rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 123400, vat: { id: vat.id } }],
      }),
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  const invoice = ((await r.json()) as { invoice: { id: number; number: string; totals: { netToPay: number } } }).invoice;
  return { id: invoice.id, number: invoice.number, netToPay: invoice.totals.netToPay, customer: name };
}

/** The tenant's bank account with an IBAN (the seed gives Rossi one). */
async function accountWithIban(page: Page): Promise<{ id: number; label: string; iban: string }> {
  const options = ((await (await page.request.get("/api/bank-accounts/get-filtered-list")).json()) as { options: Option[] }).options;
  for (const o of options) {
    const account = ((await (await page.request.get(`/api/bank-accounts/get/${o.id}`)).json()) as { bankAccount: { iban: string | null } }).bankAccount;
    if (account.iban) return { id: o.id, label: o.toString, iban: account.iban.replace(/\s+/g, "").toUpperCase() };
  }
  throw new Error("Nessun conto corrente con IBAN nel tenant");
}

const invoiceState = async (page: Page, id: number) => ((await (await page.request.get(`/api/invoices/get/${id}`)).json()) as { invoice: { state: string } }).invoice.state;

async function walk(page: Page, label: string) {
  await login(page);
  const tag = `${label}${Date.now().toString(36)}`;
  const inv = await openInvoice(page, tag);
  const account = await accountWithIban(page);
  const description = `BONIFICO DA ${inv.customer.toUpperCase()} SALDO FATTURA ${inv.number} RIF ${tag}`;
  const xml = writeCamt053({
    version: "001.02",
    iban: account.iban,
    movements: [{ bookingDate: romeDateInDays(-1), valueDate: romeDateInDays(-1), amount: inv.netToPay, description, counterpartyName: inv.customer, counterpartyIban: null, reference: `E2E-${tag}` }],
  });

  // import
  await page.goto("/banca");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Banca");
  await page.getByRole("button", { name: "Importa estratto conto" }).click();
  const dialog = page.getByRole("dialog", { name: "Importa estratto conto" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox", { name: "Conto corrente" }).selectOption(String(account.id));
  await dialog.getByLabel("File dell'estratto conto").setInputFiles({ name: `estratto-${tag}.xml`, mimeType: "application/xml", buffer: Buffer.from(xml, "utf8") });
  await expect(dialog.getByTestId("bank-import-files")).toHaveText(`estratto-${tag}.xml`);
  await snap(page, `${label}-1-import`);
  await dialog.getByRole("button", { name: "Importa", exact: true }).click();
  const report = dialog.getByTestId("bank-import-report");
  await expect(report).toContainText("Importati: 1");
  await expect(report).toContainText("Già presenti (duplicati): 0");
  await closeToasts(page);
  await snap(page, `${label}-2-import-report`);
  await dialog.getByRole("button", { name: "Chiudi", exact: true }).last().click();
  await expect(dialog).toHaveCount(0);

  // the movement, to match
  await search(page, tag);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row.getByText("Da abbinare")).toBeVisible();
  await expect(row).toContainText(formatMoney(inv.netToPay));
  await snap(page, `${label}-3-grid`);

  // the panel: the deadline suggested by number and amount, focused; Enter confirms
  await row.getByRole("button", { name: description }).click();
  const panel = page.getByTestId("bank-panel");
  await expect(panel).toBeVisible();
  const suggestion = panel.getByTestId("bank-suggestion").first();
  await expect(suggestion).toContainText(inv.number);
  await expect(suggestion).toContainText(inv.customer);
  await expect(suggestion).toContainText(formatMoney(inv.netToPay));
  await expect(suggestion).toBeFocused();
  await snap(page, `${label}-4-suggestions`);
  await page.keyboard.press("Enter");
  await expect(panel).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Movimento abbinato" })).toBeVisible();
  await expect(rows(page).first().getByText("Abbinato", { exact: true })).toBeVisible();
  await expect(rows(page).first()).toContainText(inv.number);
  expect(await invoiceState(page, inv.id)).toBe("Pagata");
  await closeToasts(page);
  await snap(page, `${label}-5-matched`);

  // the Scadenziario: the deadline Saldato, paid by the movement
  await page.goto("/scadenziario");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scadenziario");
  await search(page, tag);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByText("Saldato")).toBeVisible();
  await expect(rows(page).first().getByTestId("deadline-bank-mark")).toHaveAttribute("title", new RegExp(`Pagata con il movimento bancario del .*${inv.number}`));
  await snap(page, `${label}-6-scadenziario`);
  // the invoice's form says which movement paid the deadline
  await rows(page).first().getByRole("button", { name: new RegExp(`^Fattura ${inv.number.replace(/[/.]/g, "\\$&")}`) }).click();
  const form = page.getByRole("dialog", { name: /fattura/i });
  const paidBy = form.getByTestId("deadline-bank-movement");
  await expect(paidBy).toContainText("Pagata con il movimento bancario del");
  await expect(paidBy).toContainText(description);
  await paidBy.scrollIntoViewIfNeeded();
  await snap(page, `${label}-6b-invoice-deadline`);
  // (the page is left as it is: the undo starts from /banca)

  // undo: back to 'Da abbinare', the deadline open again, the invoice Emessa
  await page.goto("/banca");
  await search(page, tag);
  await expect(rows(page).first().getByText("Abbinato", { exact: true })).toBeVisible();
  await rows(page).first().getByRole("button", { name: "Annulla abbinamento" }).click();
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(inv.number);
  await snap(page, `${label}-7-unmatch-panel`);
  await panel.getByRole("button", { name: "Annulla abbinamento" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Annulla abbinamento" }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Abbinamento annullato" })).toBeVisible();
  await expect(rows(page).first().getByText("Da abbinare")).toBeVisible();
  expect(await invoiceState(page, inv.id)).toBe("Emessa");
  await closeToasts(page);
  await snap(page, `${label}-8-undone`);
  await page.goto("/scadenziario");
  await search(page, tag);
  await expect(rows(page).first().getByText("Da saldare")).toBeVisible();
  await expect(rows(page).first().getByTestId("deadline-bank-mark")).toHaveCount(0);
}

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  test("import a camt.053, confirm the suggested deadline with Enter, see it paid, undo", async ({ page }) => {
    test.setTimeout(120_000);
    await walk(page, "desktop");
  });
});

// A CSV whose headers no bank uses: the mapping step, remembered on the account (the same file again is read with it and
// its movement is a duplicate); a bank fee, red, marked 'Nessun documento' and put back.
async function csvWalk(page: Page, label: string) {
  await login(page);
  const tag = `${label}csv${Date.now().toString(36)}`;
  const account = await accountWithIban(page);
  const day = romeDateInDays(-2);
  const csv = `Giorno;Testo operazione;Euro;Chi\r\n${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)};COMMISSIONI TENUTA CONTO ${tag};-2,50;\r\n`;
  const file = { name: `movimenti-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") };

  await page.goto("/banca");
  await page.getByRole("button", { name: "Importa estratto conto" }).click();
  const dialog = page.getByRole("dialog", { name: "Importa estratto conto" });
  await dialog.getByRole("combobox", { name: "Conto corrente" }).selectOption(String(account.id));
  await dialog.getByLabel("File dell'estratto conto").setInputFiles(file);
  const mapping = dialog.getByTestId("bank-mapping");
  await expect(mapping).toBeVisible();
  await mapping.getByRole("combobox", { name: "Colonna per Data contabile" }).selectOption("Giorno");
  await mapping.getByRole("combobox", { name: "Colonna per Descrizione / causale" }).selectOption("Testo operazione");
  await mapping.getByRole("combobox", { name: "Colonna per Importo (con segno)" }).selectOption("Euro");
  await expect(mapping.getByRole("alert")).toHaveCount(0);
  await snap(page, `${label}-csv-1-mapping`);
  await dialog.getByRole("button", { name: "Importa", exact: true }).click();
  await expect(dialog.getByTestId("bank-import-report")).toContainText("Importati: 1");
  // the same file again: the mapping remembered on the account, the movement a duplicate
  await dialog.getByLabel("File dell'estratto conto").setInputFiles(file);
  await expect(mapping.getByRole("combobox", { name: "Colonna per Data contabile" })).toHaveValue("Giorno");
  await expect(mapping.getByRole("combobox", { name: "Colonna per Importo (con segno)" })).toHaveValue("Euro");
  await dialog.getByRole("button", { name: "Importa", exact: true }).click();
  await expect(dialog.getByTestId("bank-import-report")).toContainText("Importati: 0 · Già presenti (duplicati): 1");
  await closeToasts(page);
  await snap(page, `${label}-csv-2-duplicate`);
  await dialog.getByRole("button", { name: "Chiudi", exact: true }).last().click();

  // the fee: red, 'Nessun documento', then back
  await search(page, tag);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row.locator(".text-red-700")).toHaveText("-2,50");
  await row.getByRole("button", { name: "Abbina" }).click();
  const panel = page.getByTestId("bank-panel");
  await panel.getByRole("button", { name: "Nessun documento" }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Nessun documento" })).toBeVisible();
  await expect(rows(page).first().getByText("Nessun documento")).toBeVisible();
  await page.getByRole("combobox", { name: "Filtra per stato" }).selectOption("Da abbinare");
  await expect(rows(page)).toHaveCount(0);
  await page.getByRole("combobox", { name: "Filtra per stato" }).selectOption("Nessun documento");
  await expect(rows(page)).toHaveCount(1);
  await closeToasts(page);
  await snap(page, `${label}-csv-3-no-document`);
  await rows(page).first().getByRole("button", { name: "Annulla abbinamento" }).click();
  await panel.getByRole("button", { name: "Annulla abbinamento" }).click();
  await expect(panel).toHaveCount(0);
  await expect(rows(page)).toHaveCount(0);
  await page.getByRole("combobox", { name: "Filtra per stato" }).selectOption("Da abbinare");
  await expect(rows(page)).toHaveCount(1);
}

test.describe("desktop 1366×768, CSV", () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  test("map a CSV's columns, import it twice (a duplicate), mark the fee 'Nessun documento' and back", async ({ page }) => {
    test.setTimeout(120_000);
    await csvWalk(page, "desktop");
  });
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the same on a phone", async ({ page }) => {
    test.setTimeout(120_000);
    await walk(page, "phone");
  });
});
