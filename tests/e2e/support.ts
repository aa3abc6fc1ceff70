import { expect, type Locator, type Page } from "@playwright/test";

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

// ---- grids and forms (the entity walks)

/** The rows of the page's server-paged grid (placeholders of rows not loaded yet have no id). */
export const rows = (page: Page) => page.getByRole("grid").locator("[data-row-id]");

/** The grid's 'Righe: n' counter shows n. */
export const counter = (page: Page, n: number) => expect(page.getByText(new RegExp(`^Righe: ${n}\\b`))).toBeVisible();

/**
 * The notices (toasts, top-centre) closed with their ✕ ('Chiudi notifica'), as a user in a hurry does, rather than
 * waited out (5 s each; one under the pointer never times out: the pointer leaves first). For a toolbar button a
 * notice sits over.
 */
export async function closeToasts(page: Page) {
  await page.mouse.move(0, 0);
  const toasts = page.locator("[data-sonner-toast]");
  for (let i = 0; i < 5 && (await toasts.count()) > 0; i++) {
    // a click event, not the mouse: a pointer over a toast pauses them all, and an open dialog's overlay takes it
    await toasts.first().getByRole("button", { name: "Chiudi notifica" }).dispatchEvent("click", undefined, { timeout: 2_000 }).catch(() => {});
  }
  await expect(toasts).toHaveCount(0, { timeout: 10_000 });
}

/** A text field of a dialog (or of the page) by its exact label. */
export const field = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name, exact: true });

/** OK on the 'Attenzione' alert, after checking its text when given. */
export async function dismissAlert(page: Page, text?: string) {
  const alert = page.getByRole("alertdialog");
  if (text) await expect(alert).toContainText(text);
  await alert.getByRole("button", { name: "OK" }).click();
}

/** Opens a grid page and waits for its title and the server's first block. */
export async function openGrid(page: Page, path: string, heading: string, firstRow: Locator = rows(page).first()) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(firstRow).toBeVisible(); // the server's first block
}

/** 'Ricerca' with Enter, or with its 'Cerca' button. */
export async function search(page: Page, text: string, via: "enter" | "button" = "enter") {
  await page.getByRole("textbox", { name: "Ricerca" }).fill(text);
  if (via === "enter") await page.getByRole("textbox", { name: "Ricerca" }).press("Enter");
  else await page.getByRole("button", { name: "Cerca" }).click();
}

/**
 * 'Rimuovi tutti i filtri', which then goes away. A save's notice (top-centre) sits over the toolbar and the grid's
 * header at 1366 px: closed first, or a click there lands on a toast sliding in (lost) or rests on it (which pauses it).
 */
export async function removeAllFilters(page: Page) {
  await closeToasts(page);
  await page.getByRole("button", { name: "Rimuovi tutti i filtri" }).click();
  await expect(page.getByRole("button", { name: "Rimuovi tutti i filtri" })).toHaveCount(0);
}

/** A text-like column filter: the column's funnel, 'Valore', 'Applica'. */
export async function filterColumn(page: Page, header: string, value: string) {
  await closeToasts(page); // the header's funnels are under the notices too (removeAllFilters)
  await page.getByRole("button", { name: `Filtra ${header}`, exact: true }).click();
  await page.getByRole("textbox", { name: "Valore" }).fill(value);
  await page.getByRole("button", { name: "Applica" }).click();
}

/** A boolean column filter ('Sì' / 'No'). */
export async function filterBooleanColumn(page: Page, header: string, label: "Sì" | "No") {
  await closeToasts(page);
  await page.getByRole("button", { name: `Filtra ${header}`, exact: true }).click();
  await page.getByRole("combobox", { name: "Valore" }).selectOption({ label });
  await page.getByRole("button", { name: "Applica" }).click();
}

/** Chooses an entry of 'Operazioni sulle righe selezionate'. */
export async function chooseOperation(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Operazioni sulle righe selezionate" }).selectOption({ label });
}

/** Selects the row and gives it a colour through 'Cambia colore'; the row shows it. */
export async function recolourRow(page: Page, row: Locator, colour: string, rgb: string) {
  await row.getByRole("checkbox").check();
  await chooseOperation(page, "Cambia colore");
  const colors = page.getByRole("dialog", { name: "Cambia colore" });
  await colors.getByRole("radio", { name: colour }).click();
  await colors.getByRole("button", { name: "Applica" }).click();
  await expect(colors).toHaveCount(0);
  await expect(row).toHaveCSS("background-color", rgb);
}

/**
 * The CSV the export opens in a new window: the window closes as soon as the download starts, so
 * the test catches the export request and reads the same URL with the session's cookies.
 */
export async function exportCsv(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Esporta", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Seleziona colonne da esportare" });
  await dialog.getByRole("radio", { name: "CSV" }).check();
  const request = page.context().waitForEvent("request", (r) => new URL(r.url()).pathname.endsWith("/export"));
  await dialog.getByRole("button", { name: "Esporta" }).click();
  const response = await page.request.get((await request).url());
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toMatch(/attachment; filename=.*\.csv/);
  return response.text();
}

/** Exports the filtered set as CSV and checks its header line and rows. */
export async function expectCsvExport(page: Page, header: string, lines: string[]) {
  const csv = await exportCsv(page);
  const all = csv.replace(/^\uFEFF/, "").trim().split(/\r\n/);
  expect(all[0]).toBe(header);
  expect(all.slice(1)).toEqual(lines);
}

/** What the end of an entity walk checks on the row it created. */
export interface WalkEnd {
  /** A column filter (header, value) or filters of one's own, applied after 'Rimuovi tutti i filtri'. */
  filter: [string, string] | ((page: Page) => Promise<void>);
  /** Colour name and the row's background. */
  colour: [string, string];
  /** CSV header and rows of the filtered set. */
  csv: [string, string[]];
}

/**
 * The end of every entity walk, on the one row it created: column filter instead of the search,
 * recolour through 'Operazioni sulle righe selezionate', CSV export of the filtered set, delete with
 * confirmation.
 */
export async function filterRecolourExportDelete(page: Page, row: Locator, end: WalkEnd) {
  await removeAllFilters(page);
  if (typeof end.filter === "function") await end.filter(page);
  else await filterColumn(page, ...end.filter);
  await counter(page, 1);
  await expect(row).toBeVisible();
  await recolourRow(page, row, ...end.colour);
  await expectCsvExport(page, ...end.csv);
  await deleteSelectedRows(page);
}

/** 'Elimina' on the selected rows, confirmed: the grid is left empty. */
export async function deleteSelectedRows(page: Page) {
  await chooseOperation(page, "Elimina");
  await expect(page.getByText("Confermi l'eliminazione?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await counter(page, 0);
  await expect(page.getByText("Nessuna riga")).toBeVisible();
}

/**
 * An issued invoice (today, 'Emessa', one 1.000,00 row at 22%) to a new customer 'Cliente <customerTag> S.r.l.' with
 * everything SDI asks of an Italian company (VAT number, address, codice destinatario), made through the API; its
 * details carry `details`. The SDI walks send it, or make its file and answer it with receipts.
 */
export async function issuedInvoice(page: Page, customerTag: string, details = customerTag): Promise<{ id: number; number: string }> {
  const c = await page.request.post("/api/contacts", {
    multipart: { contact: JSON.stringify({ kind: "COMPANY", companyName: `Cliente ${customerTag} S.r.l.`, isCustomer: true, vatNumber: "01234567897", address: "Via Roma 1", postalCode: "10121", city: "Torino", province: "TO", sdiCode: "ABC1234", email: "cliente@example.it" }) },
  });
  expect(c.status(), await c.text()).toBe(200);
  const contact = ((await c.json()) as { contact: { id: number; toString: string } }).contact;
  const vats = ((await (await page.request.get("/api/vat-rates/get-filtered-list")).json()) as { options: { id: number; toString: string }[] }).options;
  const vat22 = vats.find((v) => v.toString.startsWith("22%"))!;
  const r = await page.request.post("/api/invoices", {
    multipart: { invoice: JSON.stringify({ kind: "INVOICE", date: new Date().toISOString().slice(0, 10), state: "Emessa", contact, details, rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }] }) },
  });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { invoice: { id: number; number: string } }).invoice;
}

/**
 * The page at the two sizes it is looked at, 1366×768 and a 390×844 phone: `shoot(width, height)` once the layout has
 * settled at each, then the viewport `after` (the walks' default, 1280×800, unless given).
 */
export async function atBothWidths(page: Page, shoot: (width: number, height: number) => Promise<unknown>, after = { width: 1280, height: 800 }) {
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await shoot(width, height);
  }
  await page.setViewportSize(after);
}
