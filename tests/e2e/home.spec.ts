import { expect, test, type Page } from "@playwright/test";
import { formatEuro } from "../../lib/format";
import { BIANCHI, login, ROSSI } from "./support";
import { todayInRome } from "../../lib/rome-time";

// The start page '/' (issue 14, Home): Mario Rossi (ROLE_DOCUMENT) sees today's panels and the money with its chart,
// and a to-do of his own made in this run among his open ones; Luca Bianchi (ROLE_USER only) sees his panels and no
// money. At 1366×768 and on a 390 px phone; screenshots in the test's output folder.

const snap = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

for (const [label, viewport] of [
  ["desktop 1366×768", { width: 1366, height: 768 }],
  ["phone 390×844", { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test("an administrator's start page: today, his to-dos, the money with the year's chart", async ({ page }) => {
      await login(page, ROSSI);
      const me = ((await (await page.request.get("/api/me")).json()) as { user: { id: number } }).user;
      const title = `Chiamare il commercialista ${Date.now().toString(36)}`;
      const t = await page.request.post("/api/todos", { multipart: { todo: JSON.stringify({ title, assignee: { id: me.id }, dueDate: "2020-01-10" }) } });
      expect(t.status(), await t.text()).toBe(200);
      // an issued invoice of this run, so there is something to collect
      const c = await page.request.post("/api/contacts", { multipart: { contact: JSON.stringify({ kind: "COMPANY", companyName: `Home ${title.slice(-6)} S.r.l.`, isCustomer: true, vatNumber: "12345678903" }) } });
      expect(c.status(), await c.text()).toBe(200);
      const vat = ((await (await page.request.get("/api/vat-rates/get-filtered-list")).json()) as { options: { id: number; toString: string }[] }).options.find((o) => o.toString.startsWith("22%"))!;
      const contact = ((await c.json()) as { contact: { id: number } }).contact;
      const inv = await page.request.post("/api/invoices", {
        multipart: { invoice: JSON.stringify({ kind: "INVOICE", state: "Emessa", date: todayInRome(), contact: { id: contact.id }, rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: { id: vat.id } }] }) },
      });
      expect(inv.status(), await inv.text()).toBe(200);
      // what the Scadenziario's footer says is to collect: the same figure on the start page
      const footer = ((await (await page.request.get("/api/deadlines?startRow=0&limit=1&totals=1")).json()) as { totals: { toCollect: number } }).totals;

      await page.goto("/");
      await expect(page.getByRole("heading", { name: /^Benvenuto, Mario/ })).toBeVisible();
      await expect(page.getByText("Appuntamenti di oggi")).toBeVisible();
      // overdue to-dos first, with their date in red
      await expect(page.getByTestId("home-todos").getByText(title)).toBeVisible();
      await expect(page.getByTestId("home-todos").locator("li", { hasText: title }).getByText("10/01/2020")).toHaveClass(/text-red-700/);
      await expect(page.getByTestId("home-money")).toBeVisible();
      await expect(page.getByTestId("home-invoiced-chart").getByRole("application")).toBeVisible();
      const toCollect = page.getByRole("link", { name: /Da incassare \(di cui scaduto\)/ });
      expect(footer.toCollect).toBeGreaterThanOrEqual(122_000);
      await expect(toCollect).toContainText(formatEuro(footer.toCollect));
      await snap(page, "home-admin");
      // the to-do's link leads to Impegni
      await page.getByRole("link", { name: "Impegni" }).last().click();
      await expect(page).toHaveURL(/\/impegni$/);
    });

    test("an ordinary user's start page: no money", async ({ page }) => {
      await login(page, BIANCHI);
      await page.goto("/");
      await expect(page.getByRole("heading", { name: /^Benvenuto, Luca/ })).toBeVisible();
      await expect(page.getByText("I miei impegni aperti")).toBeVisible();
      await expect(page.getByTestId("home-money")).toHaveCount(0);
      await snap(page, "home-user");
    });
  });
}
