import { expect, test, type Locator, type Page } from "@playwright/test";
import { login, openGrid, sideMenu } from "./support";

/** The dialog's scrolling body (header and footer stay). */
const body = (dialog: Locator) => dialog.locator("[data-modal-body]");

async function scrollToBottom(dialog: Locator) {
  await body(dialog).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
}

/** The element's box lies inside the viewport, both ways. */
async function expectInViewport(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

async function openSettings(page: Page) {
  await sideMenu(page).getByRole("button", { name: "Impostazioni" }).click();
  const dialog = page.getByRole("dialog", { name: "Impostazioni" });
  await expect(dialog.getByRole("textbox", { name: "Ragione sociale" })).not.toHaveValue("");
  return dialog;
}

test.describe("desktop 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("Impostazioni fatturazione scrolls to the sectionals, and a new sectional is saved", async ({ page }) => {
    await login(page);
    const dialog = await openSettings(page);
    await dialog.getByRole("tab", { name: "Impostazioni fatturazione" }).click();
    await scrollToBottom(dialog);
    const create = dialog.getByRole("button", { name: "Nuovo sezionale" });
    await expect(create).toBeInViewport();
    await expectInViewport(page, dialog.getByRole("button", { name: "Salva" }));
    await create.click();
    const form = page.getByRole("dialog", { name: "Inserimento sezionale" });
    const suffix = `E${Date.now() % 100000}`;
    await form.getByRole("textbox", { name: "Nome del sezionale" }).fill(`Estero ${suffix}`);
    await form.getByRole("textbox", { name: "Suffisso" }).fill(suffix);
    await form.getByRole("button", { name: "Salva" }).click();
    await expect(form).toHaveCount(0);
    await expect(dialog.getByRole("cell", { name: `Estero ${suffix}`, exact: true })).toBeVisible();
  });

  test("Esc in an open list closes the list, not the form", async ({ page }) => {
    await login(page);
    await openGrid(page, "/agenti", "Agenti");
    await page.getByRole("button", { name: "Nuovo agente" }).click();
    const form = page.getByRole("dialog", { name: "Inserimento agente" });
    const title = form.getByRole("combobox", { name: "Titolo" });
    await title.click();
    await expect(title).toHaveAttribute("aria-expanded", "true");
    await title.press("Escape");
    await expect(title).toHaveAttribute("aria-expanded", "false");
    await expect(form).toBeVisible();
    // a second Esc, with the list closed, closes the form (nothing changed)
    await title.press("Escape");
    await expect(form).toHaveCount(0);
  });

  test("the Aliquota column filter of Prodotti lists the VAT rates", async ({ page }) => {
    await login(page);
    await page.goto("/prodotti");
    await page.getByRole("button", { name: "Filtra Aliquota", exact: true }).click();
    await expect(page.getByText("22% - Aliquota ordinaria").first()).toBeVisible();
  });
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the subscription line shows, Impostazioni fits and scrolls", async ({ page }) => {
    await login(page);
    await expect(page.getByTestId("subscription-mobile")).toBeVisible();
    await page.getByTestId("menu-toggle").click();
    const dialog = await openSettings(page);
    await expectInViewport(page, dialog);
    await dialog.getByRole("tab", { name: "Impostazioni fatturazione" }).click();
    await scrollToBottom(dialog);
    await expect(dialog.getByRole("button", { name: "Nuovo sezionale" })).toBeInViewport();
    expect(await body(dialog).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expectInViewport(page, dialog.getByRole("button", { name: "Salva" }));
  });

  test("a long alert scrolls its messages and keeps its title and OK in view", async ({ page }) => {
    await login(page);
    await page.goto("/agenti");
    await page.getByRole("button", { name: "Nuovo agente" }).click();
    const form = page.getByRole("dialog", { name: "Inserimento agente" });
    await form.getByRole("textbox", { name: "Nome", exact: true }).fill("Molti errori");
    // the server refuses the save with a long list of messages (as a many-row form can)
    const errors = Array.from({ length: 40 }, (_, i) => `Provvigione ${i + 1}: la percentuale deve essere compresa tra 0 e 100`);
    await page.route(
      (url) => url.pathname === "/api/agents",
      (route) =>
        route.request().method() === "POST"
          ? route.fulfill({ status: 400, json: { status: "error", message: ["Errore nella compilazione dei campi", ...errors].join("\n"), errors } })
          : route.fallback(),
    );
    await form.getByRole("button", { name: "Salva" }).click();
    const alert = page.getByRole("alertdialog");
    await expect(alert).toContainText(errors[0]!);
    await expectInViewport(page, alert);
    await expectInViewport(page, alert.getByRole("heading", { name: "Attenzione" }));
    await expectInViewport(page, alert.getByRole("button", { name: "OK" }));
    // the messages are taller than their frame, which scrolls to the last one
    const messages = alert.locator("[data-dialog-body]");
    const scrolled = () => messages.evaluate((el) => ({ top: el.scrollTop, overflow: el.scrollHeight - el.clientHeight }));
    const start = await scrolled();
    expect(start.top).toBe(0);
    expect(start.overflow).toBeGreaterThan(100);
    await messages.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const end = await scrolled();
    expect(end.top).toBeGreaterThan(0);
    expect(Math.abs(end.top - end.overflow)).toBeLessThanOrEqual(1);
    await expectInViewport(page, messages);
    await expectInViewport(page, alert.getByRole("button", { name: "OK" }));
    await alert.getByRole("button", { name: "OK" }).click();
    await expect(alert).toHaveCount(0);
    await expect(form).toBeVisible();
  });

  test("an agent gets a second commission row, and payment rows keep their delete button", async ({ page }) => {
    await login(page);
    await page.goto("/agenti");
    await page.getByRole("button", { name: "Nuovo agente" }).click();
    const form = page.getByRole("dialog", { name: "Inserimento agente" });
    await form.getByRole("textbox", { name: "Nome", exact: true }).fill("Telefono");
    for (const percentage of ["3", "5"]) {
      await scrollToBottom(form);
      await form.getByRole("button", { name: "Aggiungi provvigione" }).click();
      const row = page.getByRole("dialog").last();
      await row.getByRole("textbox", { name: "Percentuale" }).fill(percentage);
      await row.getByRole("button", { name: "OK" }).click();
    }
    await expect(form.getByRole("button", { name: "Elimina riga" })).toHaveCount(2);
    await form.getByRole("button", { name: "Salva" }).click();
    await expect(form).toHaveCount(0);

    await page.goto("/modalita-pagamento");
    await page.getByRole("button", { name: "Nuovo metodo di pagamento" }).click();
    const modality = page.getByRole("dialog", { name: "Inserimento metodo di pagamento" });
    // no scrolling: the row's delete button is in sight as the form opens, inside the rows' own frame
    const remove = modality.getByRole("button", { name: "Elimina riga" });
    await expect(remove).toBeVisible();
    await expectInViewport(page, remove);
    const frame = (await remove.locator("xpath=ancestor::div[contains(@class, 'overflow-x-auto')][1]").boundingBox())!;
    const button = (await remove.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
  });
});
