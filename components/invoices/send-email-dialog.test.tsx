// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { FORM_ERRORS_TITLE } from "@/components/ui/form-banner";
import { SEND_EMAIL_MESSAGES, type SendEmailFormData } from "@/lib/schemas/invoice-email";
import { SendEmailDialog } from "./send-email-dialog";

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const PREFILLED: SendEmailFormData = {
  sendEmail: { email: "cliente@example.it", cc: "", bcc: "", subject: "Fattura n. 12 del 02/03/2026", body: "Gentile cliente,\n\nin allegato la fattura.", attachXml: false, version: 3 },
  canAttachXml: true,
  xmlOptionsNeeded: { previdential: true, paymentCausal: false },
  draft: false,
};

let posted: Record<string, unknown>[] = [];
let answer: Response | null = null;

beforeEach(() => {
  posted = [];
  answer = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        posted.push(JSON.parse((init.body as FormData).get("sendEmail") as string));
        return answer ?? json(200, { status: "ok", message: SEND_EMAIL_MESSAGES.sent, invoice: { id: 7, state: "Emessa" } });
      }
      return json(200, { status: "ok", ...PREFILLED });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderDialog() {
  const onSent = vi.fn();
  const onClose = vi.fn();
  render(
    <>
      <SendEmailDialog invoiceId={7} onSent={onSent} onClose={onClose} />
      <DialogHost />
    </>,
  );
  const body = screen.getByTestId("send-email-dialog");
  await waitFor(() => expect((within(body).getByLabelText(/Email di destinazione/) as HTMLInputElement).value).toBe("cliente@example.it"));
  return { onSent, onClose, body };
}

const input = (body: HTMLElement, label: RegExp) => within(body).getByLabelText(label) as HTMLInputElement;

describe("SendEmailDialog", () => {
  it("opens prefilled with the spec's fields and the XML check", async () => {
    const { body } = await renderDialog();
    expect(screen.getByText("Invia email")).toBeTruthy();
    expect(input(body, /Oggetto/).value).toBe("Fattura n. 12 del 02/03/2026");
    expect(input(body, /Messaggio/).value).toBe("Gentile cliente,\n\nin allegato la fattura.");
    for (const label of [/^Cc/, /^Bcc/]) expect(input(body, label).value).toBe("");
    expect(within(body).getByText("Allega anche il file XML")).toBeTruthy();
    expect(within(body).queryByLabelText(/Cassa previdenziale/)).toBeNull();
  });

  it("shows the required messages and sends nothing", async () => {
    const user = userEvent.setup();
    const { body } = await renderDialog();
    for (const label of [/Email di destinazione/, /Oggetto/, /Messaggio/]) await user.clear(input(body, label));
    await user.click(screen.getByRole("button", { name: "Invia" }));
    // spec §5: an alert with every message too
    const alert = await screen.findByRole("alertdialog");
    for (const m of [SEND_EMAIL_MESSAGES.email, SEND_EMAIL_MESSAGES.subject, SEND_EMAIL_MESSAGES.body]) expect(alert.textContent).toContain(m);
    await user.click(within(alert).getByRole("button", { name: "OK" }));
    const banner = await within(body).findByText(FORM_ERRORS_TITLE);
    const list = banner.parentElement!;
    for (const m of [SEND_EMAIL_MESSAGES.email, SEND_EMAIL_MESSAGES.subject, SEND_EMAIL_MESSAGES.body]) expect(within(list).getByText(m)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("refuses an invalid address in Cc or Bcc", async () => {
    const user = userEvent.setup();
    const { body } = await renderDialog();
    await user.type(input(body, /^Cc/), "uno@example.it; non-valido");
    await user.click(screen.getByRole("button", { name: "Invia" }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert.textContent).toContain("Indirizzo email non corretto");
    await user.click(within(alert).getByRole("button", { name: "OK" }));
    expect(input(body, /^Cc/).getAttribute("aria-invalid")).toBe("true");
    expect(posted).toEqual([]);
  });

  it("sends the typed values (cc as written, the XML options the file needs) and reports the sent document", async () => {
    const user = userEvent.setup();
    const { body, onSent } = await renderDialog();
    await user.type(input(body, /^Cc/), "uno@example.it; due@example.it");
    await user.click(within(body).getByRole("checkbox"));
    await user.selectOptions(within(body).getByLabelText(/Cassa previdenziale/), "TC04");
    await user.click(screen.getByRole("button", { name: "Invia" }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith({ id: 7, state: "Emessa" }));
    expect(posted).toEqual([expect.objectContaining({ email: "cliente@example.it", cc: "uno@example.it; due@example.it", attachXml: true, xmlOptions: { previdential: "TC04", paymentCausal: "" }, version: 3 })]);
  });

  it("shows the server's refusal in the banner and stays open", async () => {
    const user = userEvent.setup();
    const { body, onSent } = await renderDialog();
    answer = json(400, { status: "error", message: `${FORM_ERRORS_TITLE}\nIl campo "Cassa previdenziale" è richiesto`, errors: ['Il campo "Cassa previdenziale" è richiesto'] });
    await user.click(screen.getByRole("button", { name: "Invia" }));
    expect(await within(body).findByText('Il campo "Cassa previdenziale" è richiesto')).toBeTruthy();
    answer = json(502, { status: "error", message: `${SEND_EMAIL_MESSAGES.failed}: domain not verified` });
    await user.click(screen.getByRole("button", { name: "Invia" }));
    expect(await within(body).findByText(`${SEND_EMAIL_MESSAGES.failed}: domain not verified`)).toBeTruthy();
    expect(onSent).not.toHaveBeenCalled();
  });
});
