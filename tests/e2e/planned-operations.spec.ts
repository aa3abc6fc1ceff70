import { expect, test, type Page } from "@playwright/test";
import { italianDate, todayInRome } from "../../lib/rome-time";
import { chooseOperation, counter, dismissAlert, field, login, rows, search } from "./support";

// Operazioni pianificate (issue 14) as Mario Rossi (tenant 2): a monthly invoice planned in the form on an existing
// invoice, run with 'Esegui ora', the document in the run log and in /fatture; the form and the grid on a phone.
// The next date is in the future: the server's own job must not run it while the test does.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const runTag = () => `P${Date.now().toString(36)}`;
const SHOTS = process.env.SHOTS_DIR;

async function snap(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The first day of next month (Europe/Rome), 'yyyy-MM-dd'. */
function firstOfNextMonth(): string {
  const [y, m] = todayInRome().split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/**
 * A customer and a draft invoice of it, through the API (multipart fields, as the forms send them), on a sectional of
 * its own: the operation issues its copies dated on the first of next month, and in the tenant's own series that date
 * would bar every invoice dated before it (new tenants check that dates follow numbers) in the files that run next.
 */
async function invoiceOf(page: Page, customer: string): Promise<void> {
  const c = await page.request.post("/api/contacts", { multipart: { contact: JSON.stringify({ kind: "COMPANY", companyName: customer, isCustomer: true, email: "amministrazione@example.it" }) } });
  expect(c.status()).toBe(200);
  const contactId = (await c.json()).contact.id as number;
  const tag = Date.now().toString(36);
  const sectional = await page.request.post("/api/invoice-sectionals", { multipart: { invoiceSectional: JSON.stringify({ name: `Canoni ${tag}`, typology: "Tutti", suffix: `C${tag}` }) } });
  expect(sectional.status(), await sectional.text()).toBe(200);
  const sectionalId = (await sectional.json()).invoiceSectional.id as number;
  const r = await page.request.post("/api/invoices", {
    multipart: { invoice: JSON.stringify({ kind: "INVOICE", state: "Bozza", date: todayInRome(), sectional: { id: sectionalId }, contact: { id: contactId }, rows: [{ rowType: "GENERICA", description: "Canone di manutenzione", hideAmount: true }] }) },
  });
  expect(r.status()).toBe(200);
}

async function openPlanned(page: Page) {
  await page.goto("/operazioni-pianificate");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operazioni pianificate");
  await expect(page.getByRole("button", { name: "Nuova operazione" })).toBeVisible();
}

async function fillForm(page: Page, name: string, customer: string, next: string) {
  await page.getByRole("button", { name: "Nuova operazione" }).click();
  const dialog = page.getByRole("dialog", { name: "Inserimento operazione pianificata" });
  await field(dialog, "Nome").fill(name);
  const template = dialog.getByRole("combobox", { name: "Documento modello" });
  const option = template.locator("option").filter({ hasText: customer });
  await template.selectOption(await option.getAttribute("value"));
  await expect(dialog.getByRole("combobox", { name: "Frequenza" })).toHaveValue("Mensile");
  await field(dialog, "Prossima esecuzione").fill(italianDate(next));
  return dialog;
}

/** Logged in, a new customer's draft invoice, and the operation form filled on it for the first of next month. */
async function newOperationOnNewInvoice(page: Page, customerWord: string, nameWord: string) {
  const tag = runTag();
  const customer = `${customerWord} ${tag} S.r.l.`;
  await login(page);
  await invoiceOf(page, customer);
  await openPlanned(page);
  return { tag, dialog: await fillForm(page, `${nameWord} ${tag}`, customer, firstOfNextMonth()) };
}

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("a monthly invoice planned in the form, run with 'Esegui ora': the document in the run log and in Fatture", async ({ page }) => {
    const tag = runTag();
    const customer = `Manutenzioni ${tag} S.r.l.`;
    const name = `Canone mensile ${tag}`;
    const next = firstOfNextMonth();
    await login(page);
    await invoiceOf(page, customer);
    await openPlanned(page);

    const dialog = await fillForm(page, name, customer, next);
    // 'Ogni N mesi' asks for N
    await dialog.getByRole("combobox", { name: "Frequenza" }).selectOption("Ogni N mesi");
    await expect(field(dialog, "Ogni quanti mesi")).toBeVisible();
    await dialog.getByRole("combobox", { name: "Frequenza" }).selectOption("Mensile");
    await dialog.getByRole("combobox", { name: "Azione" }).selectOption("Crea ed emetti");
    await snap(page, "planned-form-desktop");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect(toast(page, "Salvataggio effettuato")).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await search(page, tag);
    await counter(page, 1);
    const row = rows(page).filter({ hasText: name });
    for (const text of ["Fattura (bozza) del", "Mensile", "Crea ed emetti", italianDate(next)]) await expect(row).toContainText(text);

    await row.getByRole("checkbox").check();
    await chooseOperation(page, "Esegui ora");
    await expect(toast(page, "Operazione eseguita")).toBeVisible();
    await expect(row).toContainText(`del ${italianDate(next)}`);
    await expect(row).toContainText("Emessa Fattura");
    await snap(page, "planned-grid-desktop");

    await row.getByRole("checkbox").check();
    await chooseOperation(page, "Storico esecuzioni");
    const runs = page.getByRole("dialog", { name: "Storico esecuzioni" });
    await expect(runs.getByTestId("planned-runs")).toContainText("Eseguita");
    const link = runs.getByRole("link", { name: new RegExp(`^Fattura \\S+ del ${italianDate(next).replace(/\//g, "\\/")}$`) });
    await expect(link).toHaveAttribute("href", /^\/api\/invoices\/download-pdf\/\d+\?inline=1$/);
    await snap(page, "planned-runs-desktop");
    await runs.getByRole("button", { name: "Chiudi" }).last().click();

    // the document made is in Fatture: issued, dated the planned day
    await page.goto("/fatture");
    await search(page, tag);
    const made = rows(page).filter({ hasText: italianDate(next) });
    await expect(made).toHaveCount(1);
    await expect(made).toContainText(customer);
  });

  test("deleting the invoice an operation copies is refused in Fatture, saying why; the invoice stays", async ({ page }) => {
    const { tag, dialog } = await newOperationOnNewInvoice(page, "Modelli", "Canone");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect(toast(page, "Salvataggio effettuato")).toBeVisible();

    await page.goto("/fatture");
    await search(page, tag);
    await counter(page, 1);
    // a Bozza is deletable by its number, so the row offers 'Elimina'; the server refuses it for what it is
    await rows(page).first().getByRole("button", { name: "Elimina" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Il documento è il modello di un'operazione pianificata");
    await snap(page, "planned-template-delete-desktop");
    await dismissAlert(page);
    await counter(page, 1);
  });
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the form fits the phone and saves; the new operation is in the grid", async ({ page }) => {
    const { tag, dialog } = await newOperationOnNewInvoice(page, "Canoni", "Canone annuale");
    await dialog.getByRole("combobox", { name: "Frequenza" }).selectOption("Annuale");
    await field(dialog, "Numero massimo di esecuzioni").fill("3");
    await snap(page, "planned-form-phone");
    await dialog.getByRole("checkbox", { name: "Attiva" }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole("checkbox", { name: "Attiva" })).toBeInViewport();
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect(toast(page, "Salvataggio effettuato")).toBeVisible();
    await search(page, tag);
    await counter(page, 1);
    await snap(page, "planned-grid-phone");
  });
});
