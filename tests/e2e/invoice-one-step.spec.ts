import { mkdirSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { login } from "./support";

// Issue 30, the one-step issue as Mario Rossi (an engineer: Inarcassa 4 %, ritenuta 20 %): a new invoice to a
// customer, one Riga generica whose Aliquota starts on the tenant's 22 %, then Ctrl+Enter in a field saves and
// issues it (ISSUE_CONFIRM, one POST ?issue=1): the form stays open on the number, with PDF, XML and 'Invia email';
// XML downloads at once (the cassa's type and the causale from the tenant's settings, no dialog). At 1366×768 and
// on a 390×844 phone; screenshots in /tmp/shots-i (SHOTS_DIR).

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-i";

async function newCustomer(page: Page, tag: string): Promise<{ id: number; toString: string }> {
  const r = await page.request.post("/api/contacts", {
    multipart: {
      contact: JSON.stringify({ kind: "COMPANY", companyName: `Studio ${tag} S.r.l.`, isCustomer: true, vatNumber: "01234567897", address: "Via Roma 1", postalCode: "10121", city: "Torino", province: "TO", sdiCode: "ABC1234" }),
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { contact: { id: number; toString: string } }).contact;
}

for (const [name, viewport] of [
  ["desktop", { width: 1366, height: 768 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`a new invoice issued with Ctrl+Enter (${name})`, async ({ page }) => {
    const dir = `${SHOTS}/${name}`;
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize(viewport);
    await login(page);
    const tag = `O${name[0]}${Date.now().toString(36)}`;
    const customer = await newCustomer(page, tag);

    await page.goto("/fatture");
    await page.getByRole("button", { name: "Nuova fattura" }).click();
    const dialog = page.getByRole("dialog", { name: "Inserimento fattura" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("combobox", { name: "Cliente", exact: true }).fill(tag);
    await page.getByRole("option", { name: customer.toString }).first().click();

    // a row typed in the Righe grid; the tenant's usual rate is already chosen
    await dialog.getByRole("button", { name: "Aggiungi riga" }).click();
    await dialog.getByRole("textbox", { name: "Descrizione riga 1" }).fill("Progettazione impianto");
    await dialog.getByRole("textbox", { name: "Prezzo unitario riga 1" }).fill("1000,00");
    await expect(dialog.getByRole("combobox", { name: "Aliquota riga 1" })).toHaveValue(/^22%/);
    // a fee row of a professional withholds (the row form, from the row's edit icon, shows it)
    await dialog.getByRole("button", { name: "Modifica riga" }).click();
    const row = page.getByRole("dialog", { name: "Modifica riga" });
    await expect(row.getByRole("checkbox", { name: "Applicare ritenuta d'acconto e contributi" })).toBeChecked();
    await row.getByRole("button", { name: "OK" }).click();
    await expect(row).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Salva ed emetti" })).toBeVisible();
    await page.screenshot({ path: `${dir}/1-new.png` });

    // Ctrl+Enter in a field: confirmed, saved and issued in one call
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && /\/api\/invoices\?issue=1$/.test(r.url()));
    await dialog.getByRole("textbox", { name: "Dettagli" }).press("Control+Enter");
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);
    const issued = ((await response.json()) as { invoice: { number: string; state: string } }).invoice;
    expect(issued.state).toBe("Emessa");

    const open = page.getByRole("dialog", { name: new RegExp(`Modifica fattura ${issued.number}`) });
    await expect(open.getByRole("textbox", { name: "Numero", exact: true })).toHaveValue(issued.number);
    for (const action of ["Scarica PDF", "Invia email"]) await expect(open.getByRole("button", { name: action })).toBeVisible();
    await page.screenshot({ path: `${dir}/2-issued.png` });

    // XML at once: Inarcassa → TC04, the ritenuta's causale A, from the tenant's settings
    const [download] = await Promise.all([page.waitForEvent("download"), open.getByRole("button", { name: "XML", exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xml$/);
    const xml = readFileSync(await download.path(), "utf8");
    expect(xml).toContain("<TipoCassa>TC04</TipoCassa>");
    expect(xml).toContain("<CausalePagamento>A</CausalePagamento>");
    await expect(page.getByRole("dialog", { name: "Opzioni fattura elettronica" })).toHaveCount(0);
    await page.screenshot({ path: `${dir}/3-xml.png` });
  });
}
