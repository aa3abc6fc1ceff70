import { expect, test } from "@playwright/test";
import { DEMO, field, login } from "./support";

// The public demo account (issue 29): the profile and the password dialogs answer with the demo's refusal, and
// the profile stays as it was for the next visitor.
test("demo: the profile and the password cannot be changed, the dialogs say why", async ({ page }) => {
  await login(page, DEMO);
  await page.getByRole("button", { name: "Profilo" }).click();
  const profile = page.getByRole("dialog", { name: "Profilo" });
  // the dialog loads the profile after it opens: read the name once it is there (an empty read raced it under load)
  await expect(field(profile, "Nome")).not.toHaveValue("");
  const before = await field(profile, "Nome").inputValue();
  await field(profile, "Nome").fill("Preso");
  await profile.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Operazione non consentita nell'account dimostrativo").first()).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: "Profilo" }).click();
  await expect(field(page.getByRole("dialog", { name: "Profilo" }), "Nome")).toHaveValue(before);
  await page.getByRole("dialog", { name: "Profilo" }).getByRole("button", { name: "Cambia password" }).click();
  const password = page.getByRole("dialog", { name: "Inserisci la password" });
  await password.getByLabel("Password attuale").fill(DEMO.password);
  await password.getByLabel(/^Nuova password/).fill("presa1234");
  await password.getByLabel("Ripeti la nuova password").fill("presa1234");
  await password.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Operazione non consentita nell'account dimostrativo").first()).toBeVisible();
});
