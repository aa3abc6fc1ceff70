import zlib from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { login, sideMenu } from "./support";

async function openSettings(page: Page) {
  await sideMenu(page).getByRole("button", { name: "Impostazioni" }).click();
  const dialog = page.getByRole("dialog", { name: "Impostazioni" });
  await expect(dialog.getByRole("textbox", { name: "Ragione sociale" })).not.toHaveValue("");
  return dialog;
}

/** A solid-colour RGB PNG of width x height, built by hand (no image library in the browser tests). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("Impostazioni: tabs, enable rules, first tab with an error, unsaved changes, logo upload and delete", async ({ page }) => {
  await login(page);
  let dialog = await openSettings(page);

  // The five tabs.
  await expect(dialog.getByRole("tab")).toHaveText([
    "Dati principali",
    "Impostazioni anagrafiche/preventivi",
    "Impostazioni fatturazione",
    "Impostazioni agenda",
    "Fatturazione elettronica",
  ]);

  // Unsaved changes: closing asks; Rimani keeps the form, Esci senza salvare drops the change.
  const phone = dialog.getByRole("textbox", { name: "Telefono", exact: true });
  const originalPhone = await phone.inputValue();
  await phone.fill("02 1234567");
  await dialog.getByRole("button", { name: "Chiudi" }).click();
  await expect(page.getByText("Non hai salvato. Uscire?")).toBeVisible();
  await page.getByRole("button", { name: "Rimani" }).click();
  await expect(phone).toHaveValue("02 1234567");
  await dialog.getByRole("button", { name: "Chiudi" }).click();
  await page.getByRole("button", { name: "Esci senza salvare" }).click();
  await expect(dialog).toHaveCount(0);
  dialog = await openSettings(page);
  await expect(dialog.getByRole("textbox", { name: "Telefono", exact: true })).toHaveValue(originalPhone);

  // Withholding percentage and stamp amount are enabled only by their checkboxes.
  await dialog.getByRole("tab", { name: "Impostazioni fatturazione" }).click();
  const withholding = dialog.getByRole("checkbox", { name: "Ritenuta d'acconto" });
  const percentage = dialog.getByRole("textbox", { name: "% Ritenuta d'acconto", exact: true });
  if ((await withholding.getAttribute("aria-checked")) === "true") await withholding.click();
  await expect(percentage).toBeDisabled();
  await withholding.click();
  await expect(percentage).toBeEnabled();
  await percentage.fill("23,5");
  // The stamp amount follows its checkbox both ways (whatever the seed set).
  const stamp = dialog.getByRole("checkbox", { name: "Marca da bollo a proprio carico" });
  const stampAmount = dialog.getByRole("textbox", { name: "Valore marca da bollo virtuale", exact: true });
  for (let i = 0; i < 2; i++) {
    if ((await stamp.getAttribute("aria-checked")) === "true") await expect(stampAmount).toBeEnabled();
    else await expect(stampAmount).toBeDisabled();
    await stamp.click();
  }
  await expect(dialog.getByLabel(/Regime fiscale/)).toContainText("RF19 - Regime forfettario");

  // A validation failure: alert, banner, and the first tab with an error selected.
  const inps = dialog.getByRole("textbox", { name: "% Rivalsa INPS", exact: true });
  await inps.fill("quattro");
  await expect(dialog.getByText("Il campo deve essere numerico")).toBeVisible();
  await dialog.getByRole("tab", { name: "Dati principali" }).click();
  const denomination = dialog.getByRole("textbox", { name: "Ragione sociale" });
  const name = await denomination.inputValue();
  await denomination.fill("");
  await dialog.getByRole("tab", { name: "Impostazioni agenda" }).click();
  await dialog.getByRole("button", { name: "Salva" }).click();
  const alert = page.getByRole("alertdialog");
  await expect(alert).toContainText("Errore nella compilazione dei campi");
  await expect(alert).toContainText('Il campo "Ragione sociale" è richiesto');
  await alert.getByRole("button", { name: "OK" }).click();
  await expect(dialog.getByRole("tab", { name: "Dati principali" })).toHaveAttribute("aria-selected", "true");
  const banner = dialog.getByRole("alert").filter({ hasText: "Errore nella compilazione dei campi" });
  await expect(banner).toContainText('Il campo "% Rivalsa INPS" non è un numero decimale corretto');
  await denomination.fill(name);
  await dialog.getByRole("tab", { name: "Impostazioni fatturazione" }).click();
  await inps.fill("4");
  await expect(banner).toHaveCount(0);

  // A logo: pick a PNG (wider than 5:1, so the crop box narrows it), save with the progress toast.
  await dialog.getByRole("tab", { name: "Dati principali" }).click();
  await dialog.getByLabel("Scegli logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png(600, 100, [124, 63, 214]) });
  await expect(dialog.getByRole("img", { name: "Logo: anteprima del ritaglio" })).toBeVisible();
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Salvataggio effettuato").or(page.getByText("Modifica effettuata")).first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const topLogo = page.locator("header").getByRole("img", { name: name });
  await expect(topLogo).toBeVisible();
  await expect(topLogo).toHaveAttribute("src", /^data:image\/jpeg;base64,/);

  // Saved values come back; the logo is shown; deleting it is irreversible and confirmed.
  dialog = await openSettings(page);
  await dialog.getByRole("tab", { name: "Impostazioni fatturazione" }).click();
  await expect(dialog.getByRole("textbox", { name: "% Ritenuta d'acconto", exact: true })).toHaveValue("23,50");
  await dialog.getByRole("checkbox", { name: "Ritenuta d'acconto" }).click();
  await expect(dialog.getByRole("textbox", { name: "% Ritenuta d'acconto", exact: true })).toBeDisabled();
  await dialog.getByRole("tab", { name: "Dati principali" }).click();
  await expect(dialog.getByRole("img", { name: "Logo", exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Elimina immagine" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(
    "Confermi l'eliminazione dell'immagine? QUESTA OPERAZIONE NON PUO' ESSERE ANNULLATA",
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(dialog.getByText("Immagine eliminata")).toBeVisible();
  // Save the withholding flag change; with the logo gone the top bar shows the name again.
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("header").getByRole("button", { name: name })).toBeVisible();
  await expect(page.locator("header").getByRole("img", { name: name })).toHaveCount(0);
});
