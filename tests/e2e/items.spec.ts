import { test } from "@playwright/test";
import { productWalk } from "./product-walk";
import { field } from "./support";

test("Prodotti: create (after the required-name message), edit, search, filter, recolour, export, delete", async ({ page }) => {
  const name = `Prodotto e2e ${Date.now()}`;
  await productWalk(page, {
    path: "/prodotti",
    heading: "Prodotti",
    createLabel: "Nuovo prodotto",
    newTitle: "Inserimento prodotto",
    editTitle: "Modifica prodotto",
    name,
    afterName: async (dialog) => {
      await field(dialog, "Importo").fill("1234,5");
      await dialog.getByRole("combobox", { name: "Aliquota" }).selectOption({ label: "10% - Aliquota ridotta" });
    },
    searchVia: "enter",
    created: ["1'234,50", "10% - Aliquota ridotta"],
    editVia: "dblclick",
    edit: (dialog) => field(dialog, "Descrizione in fattura").fill(`Descrizione ${name}`),
    edited: `Descrizione ${name}`,
    filter: ["Descrizione in fattura", `Descrizione ${name}`],
    colour: ["Verde", "rgb(200, 239, 196)"],
    csvLine: `${name};Descrizione ${name};1234,50;10% - Aliquota ridotta`,
  });
});
