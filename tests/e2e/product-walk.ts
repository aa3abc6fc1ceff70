import { expect, type Locator, type Page } from "@playwright/test";
import { counter, dismissAlert, field, filterRecolourExportDelete, login, openGrid, rows, search } from "./support";

/** What differs between the Prodotti and Servizi walks. */
export interface ProductWalk {
  path: string;
  heading: string;
  createLabel: string;
  newTitle: string;
  editTitle: string;
  name: string;
  /** Fills fields before the first (refused) save. */
  beforeFirstSave?: (dialog: Locator) => Promise<void>;
  /** Fills fields once the name is there, before the save. */
  afterName?: (dialog: Locator) => Promise<void>;
  searchVia: "enter" | "button";
  /** What the created row shows. */
  created: string[];
  editVia: "dblclick" | "pencil";
  /** Changes made in 'Modifica …'. */
  edit: (dialog: Locator) => Promise<void>;
  /** What the row shows after the edit. */
  edited: string;
  /** Column filter used instead of the search: header and value. */
  filter: [string, string];
  colour: [string, string];
  csvLine: string;
}

/** Create (after the required-name message), search, edit, filter, recolour, export, delete. */
export async function productWalk(page: Page, w: ProductWalk) {
  await login(page);
  await openGrid(page, w.path, w.heading);

  // Create: the empty name is refused with the message of spec section 5 first.
  await page.getByRole("button", { name: w.createLabel }).click();
  let dialog = page.getByRole("dialog", { name: w.newTitle });
  await expect(dialog.getByRole("combobox", { name: "Aliquota" })).toHaveValue(/\d+/);
  await w.beforeFirstSave?.(dialog);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await dismissAlert(page);
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toBeVisible();
  await expect(dialog.getByText('Il campo "Nome" è richiesto').first()).toBeVisible();
  await field(dialog, "Nome").fill(w.name);
  await expect(dialog.getByText("Errore nella compilazione dei campi")).toHaveCount(0);
  await w.afterName?.(dialog);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);

  // Search it with 'Ricerca'.
  await search(page, w.name, w.searchVia);
  await counter(page, 1);
  const row = rows(page).filter({ hasText: w.name });
  for (const text of w.created) await expect(row).toContainText(text);

  // Edit on double click or through the row's pencil.
  if (w.editVia === "dblclick") await row.dblclick();
  else await row.getByRole("button", { name: "Modifica" }).click();
  dialog = page.getByRole("dialog", { name: w.editTitle });
  await expect(field(dialog, "Nome")).toHaveValue(w.name);
  await w.edit(dialog);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(w.edited);

  // Column filter instead of the search, recolour, CSV export of the filtered set, delete.
  await filterRecolourExportDelete(page, row, { filter: w.filter, colour: w.colour, csv: ["Nome;Descrizione in fattura;Importo;Aliquota", [w.csvLine]] });
}
