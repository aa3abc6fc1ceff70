import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { formatMoney } from "../../lib/format";
import { readPdf } from "../support/sample-invoice";
import { closeToasts, login, rows, search } from "./support";

// The sales documents' life cycle as a user walks it (issue 27), as Anna Verdi (tenant 66, the quotes tenant: no
// cassa, no ritenuta, no bollo; one deadline, 'Bonifico a vista'): a quote of two rows, issued,
// converted into a proforma, issued, converted into an invoice, issued; the proforma and the quote then say what they
// became and offer no second conversion (the server refuses one too); a credit note of the invoice for one of its two
// rows (the row deleted and saved), issued: the /fatture footer nets it, the
// invoice's deadline is netted (the part taken back Stornato), the Scadenziario counts what is left, and the credit
// note's PDF names the invoice it corrects. At 1366×768 and on a 390×844 phone.
// Screenshots of each main step go to /tmp/shots-d (SHOTS_DIR), one folder per viewport.

const VERDI = { username: "anna.verdi@example.it", password: "verdi1234" };
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-d";

interface Option {
  id: number;
  toString: string;
}
interface Created {
  invoice: { id: number; number: string | null };
}

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const footer = (page: Page, field: string) => page.locator(`[data-grid-totals] [data-total="${field}"]`);
const badge = (dialog: Locator, state: string) => dialog.getByText(state, { exact: true }).first();
const euro = (cents: number) => formatMoney(cents);
/** dd/mm/yyyy of an ISO date (the PDF's dates). */
const italian = (iso: string) => iso.split("-").reverse().join("/");

/** A customer of this run (the scene, not the subject): the lists filtered by its name hold this walk's documents only. */
async function newCustomer(page: Page, tag: string): Promise<Option> {
  const r = await page.request.post("/api/contacts", {
    multipart: {
      contact: JSON.stringify({ kind: "COMPANY", companyName: `Cantiere ${tag} S.r.l.`, isCustomer: true, vatNumber: "12345678903", address: "Via Roma 1", postalCode: "10121", city: "Torino", province: "TO", sdiCode: "ABC1234" }),
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { contact: Option }).contact;
}

/** A row typed in the Righe grid: 'Aggiungi riga', its description, its unit price, Aliquota 22 %. */
async function addRow(page: Page, dialog: Locator, description: string, amount: string) {
  await dialog.getByRole("button", { name: "Aggiungi riga" }).click();
  const n = await dialog.getByRole("textbox", { name: /^Descrizione riga \d+$/ }).count();
  await expect(dialog.getByRole("textbox", { name: `Descrizione riga ${n}` })).toBeFocused();
  await dialog.getByRole("textbox", { name: `Descrizione riga ${n}` }).fill(description);
  await dialog.getByRole("textbox", { name: `Prezzo unitario riga ${n}` }).fill(amount);
  await dialog.getByRole("combobox", { name: `Aliquota riga ${n}` }).fill("22");
  await page.getByRole("option", { name: /^22%/ }).first().click();
  await expect(dialog.getByRole("combobox", { name: `Aliquota riga ${n}` })).toHaveValue(/^22%/);
}

/** 'Salva ed emetti' in the form's footer, confirmed: saved with ?issue=1, the document is numbered and 'Emessa'. */
async function issue(page: Page, dialog: Locator): Promise<{ id: number; number: string }> {
  await closeToasts(page);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && /^\/api\/invoices\/\d+$/.test(new URL(r.url()).pathname) && new URL(r.url()).searchParams.get("issue") === "1");
  await dialog.getByRole("button", { name: "Salva ed emetti" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: /OK|Sì|Conferma/ }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  await expect(dialog.getByRole("textbox", { name: "Numero", exact: true })).toHaveValue(/^\d+/);
  await expect(badge(dialog, "Emessa")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Salva ed emetti" })).toHaveCount(0);
  const id = Number(new URL(response.url()).pathname.split("/").pop());
  return { id, number: await dialog.getByRole("textbox", { name: "Numero", exact: true }).inputValue() };
}

/** A toolbar button that makes a copy (Converti, Crea nota di credito): the new document's id from the server's answer. */
async function copyBy(page: Page, dialog: Locator, button: string, path: string, confirm = false): Promise<number> {
  await closeToasts(page);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(`/api/invoices/${path}/`));
  await dialog.getByRole("button", { name: button, exact: true }).click();
  if (confirm) await page.getByRole("alertdialog").getByRole("button", { name: /OK|Sì|Conferma/ }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Created).invoice.id;
}

/** A grid cell's state badge, scrolled to: shown whole, not cut by its column. */
async function whole(badge: Locator) {
  await badge.scrollIntoViewIfNeeded();
  await expect(badge).toBeInViewport();
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/** The 'Convertito in: …' / 'Da: …' / 'Nota di credito di: …' link of the open document, pressed: the linked one opens. */
const links = (dialog: Locator) => dialog.getByTestId("document-links");

async function walk(page: Page, viewport: "desktop" | "phone") {
  const dir = `${SHOTS}/${viewport}`;
  mkdirSync(dir, { recursive: true });
  let step = 0;
  const snap = (name: string) => page.screenshot({ path: `${dir}/${String(++step).padStart(2, "0")}-${name}.png` });
  const width = page.viewportSize()!.width;
  /** The open form is no wider than the screen (a phone scrolls it down, never sideways). */
  const fits = async (dialog: Locator) => expect(await dialog.evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(width);

  await login(page, VERDI);
  const tag = `W${viewport[0]}${Date.now().toString(36)}`;
  const customer = await newCustomer(page, tag);
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Rome" }).format(new Date());

  // ---- the quote: two rows, saved, issued
  await page.goto("/preventivi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preventivi");
  await page.getByRole("button", { name: "Nuovo preventivo" }).click();
  const dialog = page.getByRole("dialog", { name: /preventivo|fattura|nota di credito/i });
  await expect(dialog).toHaveAccessibleName("Inserimento preventivo");
  await dialog.getByRole("combobox", { name: "Cliente", exact: true }).fill(tag);
  await page.getByRole("option", { name: customer.toString }).first().click();
  await addRow(page, dialog, "Progetto esecutivo", "1000,00");
  await addRow(page, dialog, "Direzione lavori", "500,00");
  await expect(dialog.getByRole("table").first().locator("tbody tr")).toHaveCount(2);
  // 1,500.00 + VAT 22 % 330.00 = 1,830.00
  await expect(dialog.getByTestId("invoice-totals")).toContainText("1'830,00");
  await snap("quote-new");
  await dialog.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(toast(page, "Salvataggio effettuato")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await search(page, tag);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().dblclick();
  await expect(dialog).toHaveAccessibleName(/^Modifica preventivo/);
  const { id: quoteId, number: quoteNumber } = await issue(page, dialog);
  await fits(dialog);
  await snap("quote-issued");

  // ---- Converti in proforma: the proforma opens in the same form, a Bozza that says where it comes from
  const proformaId = await copyBy(page, dialog, "Converti in proforma", "convert");
  await expect(dialog).toHaveAccessibleName(/^Modifica fattura proforma/);
  await expect(toast(page, /Documento convertito in/)).toBeVisible();
  await expect(badge(dialog, "Bozza")).toBeVisible();
  await expect(links(dialog)).toContainText(`Da: Preventivo ${quoteNumber}`);
  await expect(dialog.getByRole("table").first().locator("tbody tr")).toHaveCount(2);
  await fits(dialog);
  await snap("proforma-converted");
  const { number: proformaNumber } = await issue(page, dialog);
  await snap("proforma-issued");

  // ---- Converti in fattura: the invoice opens, a Bozza; issued it gets its number and its deadlines
  const invoiceId = await copyBy(page, dialog, "Converti in fattura", "convert");
  await expect(dialog).toHaveAccessibleName("Modifica fattura (bozza)");
  await expect(toast(page, "Documento convertito in fattura")).toBeVisible();
  await expect(links(dialog)).toContainText(new RegExp(`Da: (Fattura )?[Pp]roforma ${proformaNumber}`));
  await snap("invoice-converted");
  const { number: invoiceNumber } = await issue(page, dialog);
  await expect(dialog).toHaveAccessibleName(`Modifica fattura ${invoiceNumber}`);
  const deadlines = dialog.getByRole("group", { name: "Scadenze" });
  await expect(deadlines.getByText("Data scadenza")).toHaveCount(1); // the customer's modality: Bonifico a vista
  await fits(dialog);
  await snap("invoice-issued");

  // ---- the proforma, through the invoice's 'Da:' link: converted, no second conversion
  await closeToasts(page);
  await links(dialog).getByRole("button").click();
  await expect(dialog).toHaveAccessibleName(`Modifica fattura proforma ${proformaNumber}`);
  await expect(badge(dialog, "Convertito in fattura")).toBeVisible();
  await expect(links(dialog)).toContainText(`Convertito in: Fattura ${invoiceNumber}`);
  await expect(dialog.getByRole("button", { name: "Converti in fattura" })).toHaveCount(0);
  await snap("proforma-after");
  // what a second tab still showing the old toolbar would send: refused, nothing made
  const again = await page.request.post(`/api/invoices/convert/${proformaId}?to=INVOICE`);
  expect(again.status()).toBe(400);
  expect(await again.text()).toContain("Il documento è già stato convertito in");

  // ---- the quote, through the proforma's 'Da:' link: converted into the proforma, no conversion offered
  await links(dialog).getByRole("button", { name: new RegExp(`Preventivo ${quoteNumber}`) }).click();
  await expect(dialog).toHaveAccessibleName(`Modifica preventivo ${quoteNumber}`);
  await expect(badge(dialog, "Convertito in proforma")).toBeVisible();
  await expect(links(dialog)).toContainText(`Convertito in: `);
  await expect(dialog.getByRole("button", { name: /^Converti in/ })).toHaveCount(0);
  await snap("quote-after");
  for (const to of ["INVOICE", "PROFORMA"]) {
    const r = await page.request.post(`/api/invoices/convert/${quoteId}?to=${to}`);
    expect(r.status(), to).toBe(400);
  }

  // ---- back to the invoice (quote → proforma → invoice through 'Convertito in:'), then its credit note
  await links(dialog).getByRole("button").click();
  await expect(dialog).toHaveAccessibleName(`Modifica fattura proforma ${proformaNumber}`);
  await links(dialog).getByRole("button", { name: new RegExp(`Fattura ${invoiceNumber}`) }).click();
  await expect(dialog).toHaveAccessibleName(`Modifica fattura ${invoiceNumber}`);
  const noteId = await copyBy(page, dialog, "Crea nota di credito", "credit-note", true);
  // the form's first calculation decides whether the stored deadlines are the modality's or the user's: a row edited
  // before it answers leaves them 'manual' (1,830.00 against a netto a pagare of 610.00) and the save is refused. A
  // defect of the form (reported); a user reads the document first, and so does the walk: it waits for that answer
  const firstCalculation = page.waitForResponse((r) => r.url().includes(`get-calculated-fields?id=${noteId}`));
  await expect(dialog).toHaveAccessibleName("Modifica nota di credito (bozza)");
  await expect(toast(page, "Nota di credito creata")).toBeVisible();
  await expect(links(dialog)).toContainText(`Nota di credito di: Fattura ${invoiceNumber}`);
  await fits(dialog);
  await snap("credit-note-draft");
  await firstCalculation;
  // it corrects one row only: 'Progetto esecutivo' goes, 'Direzione lavori' (500.00 + VAT = 610.00) stays
  const righe = dialog.getByRole("table").first();
  await righe.locator("tbody tr").filter({ hasText: "Progetto esecutivo" }).getByRole("button", { name: "Elimina riga" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: /OK|Sì|Conferma/ }).click();
  await expect(righe.locator("tbody tr")).toHaveCount(1);
  await expect(dialog.getByTestId("invoice-totals")).toContainText("610,00");
  // (issue 30: 'Salva ed emetti' saves the form as it stands and issues it in one call, so the deleted row can no
  // longer be issued back by an issue of the stored document; here the credit note is saved, issued later from /fatture)
  await closeToasts(page);
  await expect(badge(dialog, "Bozza")).toBeVisible();
  await dialog.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(toast(page, "Modifica effettuata")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // ---- /fatture: the invoice and its credit note; the credit note issued
  await page.goto("/fatture");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fatture");
  await search(page, tag);
  await expect(rows(page)).toHaveCount(2);
  await rows(page).filter({ hasText: "TD04" }).dblclick();
  await expect(dialog).toHaveAccessibleName("Modifica nota di credito (bozza)");
  const { number: noteNumber } = await issue(page, dialog);
  await snap("credit-note-issued");
  await closeToasts(page);
  await dialog.getByRole("button", { name: "Chiudi" }).last().click();
  await expect(dialog).toHaveCount(0);

  // the footer nets the credit note: 1,830.00 − 610.00
  await expect(rows(page).filter({ hasText: "TD04" })).toContainText("Emessa");
  await expect(footer(page, "total")).toHaveText(euro(183000 - 61000));
  await expect(footer(page, "netToPay")).toHaveText(euro(183000 - 61000));
  await footer(page, "total").scrollIntoViewIfNeeded();
  await expect(footer(page, "total")).toBeInViewport();
  await snap("fatture-footer");

  // the invoice's deadline (one: the modality is 'Bonifico a vista') netted by 610.00: 1,220.00 still open, 610.00
  // Stornato beside it, the two still adding up to the invoice's netto a pagare
  await rows(page).filter({ hasText: "TD01" }).dblclick();
  await expect(dialog).toHaveAccessibleName(`Modifica fattura ${invoiceNumber}`);
  await expect(deadlines.getByText("Data scadenza")).toHaveCount(2);
  const states = await deadlines.getByRole("combobox", { name: "Stato" }).evaluateAll((all) => all.map((s) => (s as HTMLSelectElement).value));
  const amounts = await deadlines.getByRole("textbox", { name: "Importo" }).evaluateAll((all) => all.map((i) => (i as HTMLInputElement).value));
  expect(Object.fromEntries(states.map((s, i) => [s, amounts[i]]))).toEqual({ "Da saldare": "1'220,00", Stornato: "610,00" });
  await deadlines.scrollIntoViewIfNeeded();
  await fits(dialog);
  await snap("invoice-deadlines-netted");

  // Anteprima PDF of the invoice: a new tab with the PDF
  await closeToasts(page);
  const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("button", { name: "Anteprima PDF" }).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toContain(`download-pdf/${invoiceId}`);
  await popup.close();
  await dialog.getByRole("button", { name: "Chiudi" }).last().click();
  await expect(dialog).toHaveCount(0);

  // the credit note's PDF names the invoice it corrects
  const pdf = await page.request.get(`/api/invoices/download-pdf/${noteId}?inline=1`);
  expect(pdf.status()).toBe(200);
  const { text } = await readPdf(await pdf.body());
  expect(text).toContain(`Rettifica della fattura n. ${invoiceNumber} del ${italian(today)}`);
  expect(text).toMatch(new RegExp(`^Nota di credito\\nNumero: ${noteNumber}\\n`, "m"));
  expect(text).toContain("Netto a pagare € 610,00");

  // the lists say what the quote and the proforma became
  await page.goto("/fatture-proforma");
  await search(page, tag);
  await expect(rows(page)).toHaveCount(1);
  await whole(rows(page).first().getByText("Convertito in fattura", { exact: true }));
  await snap("proforma-list");
  await page.goto("/preventivi");
  await search(page, tag);
  await expect(rows(page)).toHaveCount(1);
  await whole(rows(page).first().getByText("Convertito in proforma", { exact: true }));
  await snap("quote-list");

  // Scadenziario: to collect what the credit note left (1,830.00 − 610.00), nothing to pay back
  await page.goto("/scadenziario");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scadenziario");
  await page.getByRole("button", { name: "Tutte le date" }).click();
  await search(page, tag);
  await expect(rows(page)).toHaveCount(3); // the invoice's open and netted parts, the credit note's (netted)
  await expect(rows(page).filter({ hasText: "Stornato" })).toHaveCount(2);
  await rows(page).filter({ hasText: "Stornato" }).first().getByText("Stornato").scrollIntoViewIfNeeded();
  await expect(footer(page, "toCollect")).toHaveText(euro(122000));
  await expect(footer(page, "toPay")).toHaveText(euro(0));
  await snap("scadenziario");
}

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  test("quote → proforma → invoice → credit note, as a user walks it", async ({ page }) => {
    test.setTimeout(240_000);
    await walk(page, "desktop");
  });
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the same walk on a phone", async ({ page }) => {
    test.setTimeout(240_000);
    await walk(page, "phone");
  });
});
