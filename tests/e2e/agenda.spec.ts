import { expect, test, type Page } from "@playwright/test";
import { login } from "./support";

// Agenda (issue 13) as Mario Rossi (tenant 2): in week view, select 10:00-11:00 of the first day shown and save
// 'Inserimento appuntamento'; drag the appointment to the next day, then stretch it by an hour: each change is
// checked through the API (start and end). Hidden Saturday and Sunday follow the Impostazioni agenda. Screenshots
// at 1366×768 and 390×844 go to /tmp/helpers/shots-agenda (and the test's output folder).

const SHOTS = process.env.AGENDA_SHOTS ?? "/tmp/helpers/shots-agenda";

async function snap(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

type Settings = Record<string, unknown> & { version: number };

async function settings(page: Page, change: Partial<Settings>): Promise<void> {
  const current = ((await (await page.request.get("/api/tenants/get-actual")).json()) as { tenant: Settings }).tenant;
  const r = await page.request.post("/api/tenants/post-actual", { multipart: { tenant: JSON.stringify({ ...current, ...change }) } });
  expect(r.status(), await r.text()).toBe(200);
}

interface EventJson {
  id: number;
  title: string;
  start: string;
  end: string;
}

async function findEvent(page: Page, title: string, from: string, to: string): Promise<EventJson | undefined> {
  const r = await page.request.get(`/api/agenda-events?start=${from}&end=${to}`);
  return ((await r.json()) as { data: EventJson[] }).data.find((e) => e.title === title);
}

/** The centre of a time slot in a day column of the week view. */
async function slotPoint(page: Page, date: string, time: string): Promise<{ x: number; y: number }> {
  const col = await page.locator(`.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const slot = await page.locator(`.fc-timegrid-slot-lane[data-time="${time}:00"]`).boundingBox();
  return { x: col!.x + col!.width / 2, y: slot!.y + slot!.height / 2 };
}

test.describe.configure({ mode: "serial" });

test("week view: select a slot, create, drag to another day, resize; hidden days follow the settings", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
  await settings(page, { officeTimeStart: "08:00", officeTimeEnd: "18:00", marginCalendarStart: 60, marginCalendarEnd: 60, hideSaturday: false, hideSunday: false });
  await page.goto("/agenda");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agenda");
  const calendar = page.getByTestId("agenda");
  await expect(calendar.locator(".fc-timegrid")).toBeVisible();
  // office hours 08-18 widened by an hour each side
  await expect(page.locator('.fc-timegrid-slot-lane[data-time="07:00:00"]')).toHaveCount(1);
  await expect(page.locator('.fc-timegrid-slot-lane[data-time="06:30:00"]')).toHaveCount(0);
  await expect(page.locator('.fc-timegrid-slot-lane[data-time="18:30:00"]')).toHaveCount(1);
  await expect(page.locator('.fc-timegrid-slot-lane[data-time="19:00:00"]')).toHaveCount(0);
  await expect(page.locator(".fc-col-header-cell")).toHaveCount(7);

  // next week: a week of this run's own, whatever day today is
  await page.locator(".fc-next-button").click();
  const days = await page.locator(".fc-timegrid-col[data-date]").evaluateAll((cols) => cols.map((c) => c.getAttribute("data-date")!));
  const [first, second] = days as [string, string];
  const after = days.at(-1)!;
  const title = `Riunione ${Date.now().toString(36)}`;

  const from = await slotPoint(page, first, "10:00");
  const to = await slotPoint(page, first, "10:30");
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  const dialog = page.getByRole("dialog", { name: "Inserimento appuntamento" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Titolo" }).fill(title);
  await dialog.getByRole("textbox", { name: "Luogo" }).fill("Sala riunioni");
  await snap(page, "desktop-nuovo-appuntamento");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await findEvent(page, title, first, after))?.start).toBe(`${first}T10:00`);
  expect((await findEvent(page, title, first, after))?.end).toBe(`${first}T11:00`);
  const event = page.locator(".fc-timegrid-event", { hasText: title });
  await expect(event).toBeVisible();

  // drag to the next day, same time
  const box = (await event.boundingBox())!;
  const target = await slotPoint(page, second, "10:00");
  await page.mouse.move(box.x + box.width / 2, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y - 2, { steps: 10 });
  await page.mouse.move(target.x, target.y, { steps: 2 });
  await page.mouse.up();
  await expect.poll(async () => (await findEvent(page, title, first, after))?.start).toBe(`${second}T10:00`);
  expect((await findEvent(page, title, first, after))?.end).toBe(`${second}T11:00`);

  // stretch the end by an hour
  const moved = page.locator(".fc-timegrid-event", { hasText: title });
  await moved.hover();
  const handle = moved.locator(".fc-event-resizer-end");
  const h = (await handle.boundingBox())!;
  const slotHeight = (await page.locator('.fc-timegrid-slot-lane[data-time="10:00:00"]').boundingBox())!.height;
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2 + slotHeight, { steps: 5 });
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2 + 2 * slotHeight, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await findEvent(page, title, first, after))?.end).toBe(`${second}T12:00`);
  expect((await findEvent(page, title, first, after))?.start).toBe(`${second}T10:00`);
  await snap(page, "desktop-settimana");

  // a click opens 'Modifica appuntamento' with the saved times
  await moved.click();
  const edit = page.getByRole("dialog", { name: "Modifica appuntamento" });
  await expect(edit.getByRole("textbox", { name: "Titolo" })).toHaveValue(title);
  await snap(page, "desktop-modifica-appuntamento");
  await edit.getByRole("button", { name: "Chiudi" }).first().click();
  await expect(edit).toBeHidden();

  // someone else changes it meanwhile: the drag is refused (409), the message shows and the event goes back
  const current = (await findEvent(page, title, first, after))!;
  const other = await page.request.post(`/api/agenda-events/${current.id}`, { multipart: { agendaEvent: JSON.stringify({ ...current, description: "Cambiato altrove" }) } });
  expect(other.status(), await other.text()).toBe(200);
  const third = days[2]!;
  const stale = (await moved.boundingBox())!;
  const there = await slotPoint(page, third, "10:00");
  await page.mouse.move(stale.x + stale.width / 2, stale.y + 8);
  await page.mouse.down();
  await page.mouse.move(there.x, there.y - 2, { steps: 10 });
  await page.mouse.move(there.x, there.y, { steps: 2 });
  await page.mouse.up();
  await expect(page.getByRole("alertdialog")).toContainText("Il record è stato modificato da un altro utente");
  await snap(page, "desktop-conflitto");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.locator(`.fc-timegrid-col[data-date="${second}"] .fc-timegrid-event`, { hasText: title })).toBeVisible();
  expect((await findEvent(page, title, first, after))?.start).toBe(`${second}T10:00`);

  // month view, the external calendar dialog
  await page.locator(".fc-dayGridMonth-button").click();
  await expect(page.locator(".fc-daygrid-event", { hasText: title })).toBeVisible();
  await snap(page, "desktop-mese");
  await page.getByRole("button", { name: "Calendario esterno" }).click();
  const feed = page.getByRole("dialog", { name: "Calendario esterno" });
  await feed.getByRole("button", { name: /Genera indirizzo|Rigenera/ }).click();
  const confirm = page.getByRole("alertdialog");
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole("button", { name: "OK" }).click();
  await expect(feed.getByTestId("calendar-feed-url")).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await snap(page, "desktop-calendario-esterno");
  await page.keyboard.press("Escape");

  // Saturday and Sunday hidden by the settings, then shown again
  await settings(page, { hideSaturday: true, hideSunday: true });
  await page.goto("/agenda");
  await expect(page.locator(".fc-col-header-cell")).toHaveCount(5);
  await expect(page.locator(".fc-col-header-cell.fc-day-sat")).toHaveCount(0);
  await expect(page.locator(".fc-col-header-cell.fc-day-sun")).toHaveCount(0);
  await settings(page, { hideSaturday: false, hideSunday: true });
  await page.goto("/agenda");
  await expect(page.locator(".fc-col-header-cell.fc-day-sat")).toHaveCount(1);
  await expect(page.locator(".fc-col-header-cell.fc-day-sun")).toHaveCount(0);
});

test("on a phone: the list of the week, the day view, the form", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await settings(page, { hideSaturday: false, hideSunday: false });
  // an appointment a week from today (Italian day), which the list after 'next' and the day view show
  const day = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Rome" });
  const r = await page.request.post("/api/agenda-events", { multipart: { agendaEvent: JSON.stringify({ title: "Visita dal cliente", start: `${day}T10:00`, end: `${day}T11:30`, place: "Via Roma 1, Bologna" }) } });
  expect(r.status(), await r.text()).toBe(200);
  await page.goto("/agenda");
  await expect(page.locator(".fc-list, .fc-list-empty").first()).toBeVisible();
  await page.locator(".fc-next-button").click();
  const listed = page.locator(".fc-list-event", { hasText: "Visita dal cliente" });
  await expect(listed).toBeVisible();
  await snap(page, "phone-elenco");
  // the layout changes (a tablet turned, a window widened): the calendar is made anew and stays on the week shown
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.locator(".fc-timegrid-event", { hasText: "Visita dal cliente" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(listed).toBeVisible();
  await listed.locator(".fc-list-event-title").click();
  const edit = page.getByRole("dialog", { name: "Modifica appuntamento" });
  await expect(edit.getByRole("textbox", { name: "Titolo" })).toHaveValue("Visita dal cliente");
  await snap(page, "phone-modifica-appuntamento");
  await edit.getByRole("button", { name: "Chiudi" }).first().click();
  await expect(edit).toBeHidden();
  await page.locator(".fc-timeGridDay-button").click();
  await expect(page.locator(".fc-timegrid")).toBeVisible();
  await snap(page, "phone-giorno");
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);
  await settings(page, { hideSaturday: false, hideSunday: true });
});
