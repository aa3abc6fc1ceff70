import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, login, sideMenu } from "./support";

// Sectionals from the UI (issue 27): a sectional with suffix P for 'Persone fisiche' made in Impostazioni; a new
// invoice for a private person starts on it (the form's Sezionale, from create-form-data?contact=), and issued it
// is numbered 1/P, in the form and in the list. As Demo S.r.l., whose seed has no P suffix. Screenshots go to
// /tmp/shots-b (looked at by hand: the field fits at 1366×768 and at 390×844).

const SHOTS = "/tmp/shots-b";
const snap = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const tagOf = () => Date.now().toString(36).toUpperCase();

interface Option {
  id: number;
  toString: string;
}

/** A private person (no VAT number) as a customer, through the API (the scene, not the subject). */
async function privatePerson(page: Page, lastName: string): Promise<Option> {
  const r = await page.request.post("/api/contacts", { multipart: { contact: JSON.stringify({ kind: "PERSON", firstName: "Giulia", lastName, isCustomer: true, address: "Via Po 3", postalCode: "10121", city: "Torino", province: "TO" }) } });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { contact: Option }).contact;
}

/** The tenant's sectional with suffix P (made by the desktop test; through the API when this test runs alone). */
async function sectionalP(page: Page, name: string): Promise<string> {
  const list = ((await (await page.request.get("/api/invoice-sectionals")).json()) as { data: { name: string; suffix: string }[] }).data;
  const found = list.find((s) => s.suffix === "P");
  if (found) return found.name;
  const r = await page.request.post("/api/invoice-sectionals", { multipart: { invoiceSectional: JSON.stringify({ name, typology: "Persone fisiche", suffix: "P" }) } });
  expect(r.status(), await r.text()).toBe(200);
  return name;
}

async function pick(scope: Locator, page: Page, label: string, typed: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label, exact: true }).fill(typed);
  await page.getByRole("option", { name: option }).first().click();
}

async function newInvoiceFor(page: Page, customer: Option) {
  await page.goto("/fatture");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fatture");
  await page.getByRole("button", { name: "Nuova fattura" }).click();
  const dialog = page.getByRole("dialog", { name: "Inserimento fattura" });
  await expect(dialog).toBeVisible();
  await pick(dialog, page, "Cliente", customer.toString.slice(0, 12), customer.toString);
  return dialog;
}

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("a sectional P for private persons: the invoice of a person starts on it and is numbered 1/P", async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, DEMO);
    const tag = tagOf();
    const person = await privatePerson(page, `Privata ${tag}`);

    // Impostazioni > Impostazioni fatturazione > Nuovo sezionale: suffix P, 'Persone fisiche'
    await sideMenu(page).getByRole("button", { name: "Impostazioni" }).click();
    const settings = page.getByRole("dialog", { name: "Impostazioni" });
    await expect(settings.getByRole("textbox", { name: "Ragione sociale" })).not.toHaveValue("");
    await settings.getByRole("tab", { name: "Impostazioni fatturazione" }).click();
    await settings.getByRole("button", { name: "Nuovo sezionale" }).click();
    const form = page.getByRole("dialog", { name: "Inserimento sezionale" });
    await form.getByRole("textbox", { name: "Nome del sezionale" }).fill(`Privati ${tag}`);
    await form.getByRole("combobox", { name: "Tipologia di clienti" }).selectOption("Persone fisiche");
    await form.getByRole("textbox", { name: "Suffisso" }).fill("P");
    await form.getByRole("button", { name: "Salva", exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(settings.getByRole("cell", { name: `Privati ${tag}`, exact: true })).toBeVisible();

    // a new invoice: choosing the person fills Sezionale with the sectional of private persons
    const dialog = await newInvoiceFor(page, person);
    const sezionale = dialog.getByRole("combobox", { name: "Sezionale", exact: true });
    await expect(sezionale).toHaveValue(`Privati ${tag}`);
    await expect(dialog.getByRole("textbox", { name: "Indirizzo" })).toHaveValue("Via Po 3, 10121 Torino (TO)");
    // the row typed in the Righe grid
    await dialog.getByRole("button", { name: "Aggiungi riga" }).click();
    await dialog.getByRole("textbox", { name: "Descrizione riga 1" }).fill("Consulenza privata");
    await dialog.getByRole("textbox", { name: "Prezzo unitario riga 1" }).fill("100,00");
    await pick(dialog, page, "Aliquota riga 1", "22", /^22%/);
    // typing in the grid scrolled the form down to the Righe: back up to the header for the screenshot
    await sezionale.scrollIntoViewIfNeeded();
    await expect(sezionale).toBeInViewport();
    await snap(page, "invoice-sezionale-1366");

    await dialog.getByRole("button", { name: "Salva", exact: true }).click();
    await expect(toast(page, "Salvataggio effettuato")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const listed = page.getByRole("grid").locator("[data-row-id]").filter({ hasText: `Privata ${tag}` });
    await listed.dblclick();
    const edit = page.getByRole("dialog", { name: /Modifica fattura/ });
    await expect(edit.getByRole("combobox", { name: "Sezionale", exact: true })).toHaveValue(`Privati ${tag}`);
    await edit.getByRole("button", { name: "Salva ed emetti" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: /OK|Sì|Conferma/ }).click();
    await expect(edit.getByRole("textbox", { name: "Numero" })).toHaveValue("1/P");
    // an issued invoice keeps its series: Sezionale is shown, not edited
    await expect(edit.getByRole("combobox", { name: "Sezionale", exact: true })).toBeDisabled();
    await snap(page, "invoice-issued-1p-1366");
    await edit.getByRole("button", { name: "Chiudi" }).first().click();
    await expect(edit).toHaveCount(0);
    await expect(listed).toContainText("1/P");
    await snap(page, "invoices-list-1p-1366");
  });
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Sezionale field fits and follows the customer", async ({ page }) => {
    await login(page, DEMO);
    const tag = tagOf();
    const name = await sectionalP(page, `Privati ${tag}`);
    const person = await privatePerson(page, `Telefono ${tag}`);
    const dialog = await newInvoiceFor(page, person);
    const sezionale = dialog.getByRole("combobox", { name: "Sezionale", exact: true });
    await expect(sezionale).toHaveValue(name);
    await sezionale.scrollIntoViewIfNeeded();
    await expect(sezionale).toBeInViewport({ ratio: 1 });
    const box = (await sezionale.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await snap(page, "invoice-sezionale-390");
    await page.goto("/fatture");
    await expect(page.getByRole("grid").locator("[data-row-id]").first()).toBeVisible();
    await snap(page, "invoices-list-390");
  });
});
