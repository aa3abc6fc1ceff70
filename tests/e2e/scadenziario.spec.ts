import { expect, test, type Page } from "@playwright/test";
import { formatMoney } from "../../lib/format";
import { romeDateInDays } from "../../lib/subscription";
import { login, rows, search } from "./support";

// Scadenziario (issue 12) as Mario Rossi (tenant 2): an issued invoice of a customer of this run, due a month ago,
// shows among the overdue deadlines to collect (red, with its days late and the late-payment interest); 'Segna
// saldato' with today's date takes its amount out of the footer's 'Da incassare' and the invoice becomes 'Pagata';
// 'Riapri' puts it back. The same on a phone. Screenshots go to the test's output folder (test-results).

interface Option {
  id: number;
  toString: string;
}

const snap = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });
/** A figure as the grid's currency cells show it ("1'220,00"). */
const euro = (cents: number) => formatMoney(cents);
/** The Italian calendar day n days ago: the server counts days late from Europe/Rome's today (from 23:00 UTC in winter it is already tomorrow there). */
const isoDaysAgo = (n: number) => romeDateInDays(-n);

/**
 * A company customer and an issued invoice of it dated 30 days ago (one deadline on that date: no modality), on a
 * sectional of its own: a numbering series of its own, so dating it back never falls before a later invoice of the
 * tenant's series (new tenants check that dates follow numbers).
 */
async function overdueInvoice(page: Page, tag: string): Promise<{ id: number; number: string; netToPay: number; customer: string }> {
  const name = `Scadenze ${tag} S.r.l.`;
  const c = await page.request.post("/api/contacts", {
    multipart: { contact: JSON.stringify({ kind: "COMPANY", companyName: name, isCustomer: true, vatNumber: "12345678903", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", email: "amministrazione@example.it" }) },
  });
  expect(c.status(), await c.text()).toBe(200);
  const contact = ((await c.json()) as { contact: Option }).contact;
  const rates = ((await (await page.request.get("/api/vat-rates/get-filtered-list")).json()) as { options: Option[] }).options;
  const vat = rates.find((o) => o.toString.startsWith("22%"))!;
  const sectional = await page.request.post("/api/invoice-sectionals", { multipart: { invoiceSectional: JSON.stringify({ name: `Arretrati ${tag}`, typology: "Tutti", suffix: `R${tag}` }) } });
  expect(sectional.status(), await sectional.text()).toBe(200);
  const sectionalId = ((await sectional.json()) as { invoiceSectional: Option }).invoiceSectional.id;
  const r = await page.request.post("/api/invoices", {
    multipart: {
      invoice: JSON.stringify({ kind: "INVOICE", state: "Emessa", date: isoDaysAgo(30), sectional: { id: sectionalId }, contact: { id: contact.id }, rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: { id: vat.id } }] }),
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  const invoice = ((await r.json()) as { invoice: { id: number; number: string; totals: { netToPay: number } } }).invoice;
  return { id: invoice.id, number: invoice.number, netToPay: invoice.totals.netToPay, customer: name };
}

const footer = (page: Page, field: string) => page.locator(`[data-grid-totals] [data-total="${field}"]`);

async function walk(page: Page, label: string) {
  await login(page);
  const tag = `${label}${Date.now().toString(36)}`;
  const inv = await overdueInvoice(page, tag);

  await page.goto("/scadenziario");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scadenziario");
  await page.getByRole("combobox", { name: "Direzione" }).selectOption("IN");
  await page.getByRole("button", { name: "Scadute", exact: true }).click();
  await search(page, tag);
  const row = rows(page).first();
  await expect(rows(page)).toHaveCount(1);
  await expect(row).toContainText(`Fattura ${inv.number}`);
  await expect(row).toContainText("Da incassare");
  await expect(row).toContainText("30 gg");
  await expect(row.getByText("Da saldare")).toBeVisible();
  await expect(footer(page, "toCollect")).toHaveText(euro(inv.netToPay));
  await expect(footer(page, "toPay")).toHaveText(euro(0));
  await snap(page, `${label}-scadute`);

  // Sollecito: the template with the amount, the days late and the interest of a business customer
  await row.getByRole("button", { name: "Sollecito" }).click();
  const reminder = page.getByRole("dialog", { name: "Sollecito di pagamento" });
  await expect(reminder.getByTestId("reminder-dialog")).toContainText("Interessi di mora");
  await expect(reminder.getByRole("textbox", { name: "Messaggio" })).toHaveValue(/scaduta da 30 giorni/);
  await expect(reminder.getByRole("textbox", { name: "Messaggio" })).toHaveValue(/D\.Lgs\. 231\/2002/);
  await snap(page, `${label}-sollecito`);
  await reminder.getByRole("button", { name: "Invia sollecito" }).click();
  await expect(reminder).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Sollecito inviato" })).toBeVisible();

  // Segna saldato: the date defaults to today
  await row.getByRole("button", { name: "Segna saldato" }).click();
  const dialog = page.getByRole("dialog", { name: "Segna saldato" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Data pagamento" })).toHaveValue(new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date()));
  await snap(page, `${label}-segna-saldato`);
  await dialog.getByRole("button", { name: "Conferma" }).click();
  await expect(dialog).toHaveCount(0);
  // no longer overdue: out of 'Scadute', the totals at zero
  await expect(rows(page)).toHaveCount(0);
  await expect(footer(page, "toCollect")).toHaveText(euro(0));
  // all dates: the row Saldato, nothing to collect, the invoice Pagata
  await page.getByRole("button", { name: "Tutte le date" }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByText("Saldato")).toBeVisible();
  await expect(footer(page, "toCollect")).toHaveText(euro(0));
  const state = async () => ((await (await page.request.get(`/api/invoices/get/${inv.id}`)).json()) as { invoice: { state: string } }).invoice.state;
  expect(await state()).toBe("Pagata");
  await snap(page, `${label}-saldato`);

  // Riapri: back to Da saldare, the amount back in the footer, the invoice Emessa again
  await rows(page).first().getByRole("button", { name: "Riapri" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(rows(page).first().getByText("Da saldare")).toBeVisible();
  await expect(footer(page, "toCollect")).toHaveText(euro(inv.netToPay));
  expect(await state()).toBe("Emessa");

  // the document link opens the invoice's form
  await rows(page).first().getByRole("button", { name: `Fattura ${inv.number}` }).click();
  await expect(page.getByRole("dialog", { name: /fattura/i })).toBeVisible();
  await snap(page, `${label}-documento`);
}

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  test("mark an overdue deadline paid and watch the totals, then reopen it", async ({ page }) => {
    test.setTimeout(90_000);
    await walk(page, "desktop");
  });

  test("a purchase invoice's deadline is to pay, and its link opens the purchase invoice", async ({ page }) => {
    test.setTimeout(60_000);
    await login(page);
    const tag = `acq${Date.now().toString(36)}`;
    const s = await page.request.post("/api/contacts", {
      multipart: { contact: JSON.stringify({ kind: "COMPANY", companyName: `Fornitore ${tag} S.p.A.`, isCustomer: false, isSupplier: true, vatNumber: "01234567897" }) },
    });
    expect(s.status(), await s.text()).toBe(200);
    const supplier = ((await s.json()) as { contact: Option }).contact;
    const due = isoDaysAgo(-10);
    const e = await page.request.post("/api/expenses", {
      multipart: {
        expense: JSON.stringify({ documentNumber: `FA-${tag}`, documentDate: isoDaysAgo(20), contact: { id: supplier.id }, taxable: 40984, totalVat: 9016, deadlines: [{ amount: 50000, deadlineDate: due, deadlineState: "Da saldare" }] }),
      },
    });
    expect(e.status(), await e.text()).toBe(200);

    await page.goto("/scadenziario");
    await page.getByRole("combobox", { name: "Direzione" }).selectOption("OUT");
    await page.getByRole("button", { name: "Prossimi 30 giorni", exact: true }).click();
    await search(page, tag);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText("Da pagare");
    await expect(row).toContainText(`Fornitore ${tag} S.p.A.`);
    await expect(footer(page, "toPay")).toHaveText(euro(50000));
    await expect(footer(page, "balance")).toHaveText(euro(-50000));
    await expect(row.getByRole("button", { name: "Sollecito" })).toHaveCount(0);
    await row.getByRole("button", { name: new RegExp(`^Fattura d'acquisto FA-${tag}`) }).click();
    await expect(page.getByRole("dialog", { name: "Modifica fattura di acquisto" })).toBeVisible();
    await snap(page, "desktop-fattura-acquisto");
  });
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the same on a phone", async ({ page }) => {
    test.setTimeout(90_000);
    await walk(page, "phone");
  });
});
