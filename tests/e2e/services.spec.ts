import { test } from "@playwright/test";
import { productWalk } from "./product-walk";
import { field } from "./support";

test("Servizi: create (after the required-name message), edit, search, filter, recolour, export, delete", async ({ page }) => {
  // a long walk (seven steps, each waiting out its toast): on two busy cores it has run past the default 30 s
  test.setTimeout(60_000);
  const name = `Servizio e2e ${Date.now()}`;
  await productWalk(page, {
    path: "/servizi",
    heading: "Servizi",
    createLabel: "Nuovo servizio",
    newTitle: "Inserimento servizio",
    editTitle: "Modifica servizio",
    name,
    beforeFirstSave: (dialog) => field(dialog, "Importo").fill("80"),
    // default rate: 22%
    searchVia: "button",
    created: ["80,00", "22% - Aliquota ordinaria"],
    editVia: "pencil",
    edit: async (dialog) => {
      await field(dialog, "Importo").fill("95,5");
      await field(dialog, "Descrizione in fattura").fill(`Consulenza ${name}`);
    },
    edited: "95,50",
    filter: ["Nome", name],
    colour: ["Azzurro", "rgb(195, 220, 247)"],
    csvLine: `${name};Consulenza ${name};95,50;22% - Aliquota ordinaria`,
  });
});
