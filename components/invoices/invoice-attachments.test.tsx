// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { buildEntityFormData } from "@/lib/client/api";
import { useZodForm, type ZodForm } from "@/lib/client/use-zod-form";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { InvoiceAttachments } from "./invoice-attachments";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved = { id: 7, name: "contratto.pdf", size: 2048, description: "Firmato", contentType: "application/pdf" };

function setUp(readOnly = false) {
  const setFile = vi.fn();
  let form!: ZodForm<typeof invoiceSchema>;
  function Host() {
    form = useZodForm(invoiceSchema, { files: [saved] } as never);
    return (
      <>
        <InvoiceAttachments form={form} context={{ entity: { id: 5 }, setFile, saving: false }} readOnly={readOnly} />
        <DialogHost />
      </>
    );
  }
  render(<Host />);
  return { setFile, form: () => form };
}

describe("InvoiceAttachments", () => {
  it("a new file joins the form's files and its Blob goes to filesContent at its row's index; the save's body carries both", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { setFile, form } = setUp();
    await user.upload(screen.getByLabelText("Scegli file da allegare"), new File(["ciao"], "nota.txt", { type: "text/plain" }));
    await waitFor(() => expect(setFile).toHaveBeenCalled());
    const [key, blobs] = setFile.mock.lastCall!;
    expect(key).toBe("filesContent");
    expect((blobs as (Blob | null)[]).map((b) => b && (b as File).name)).toEqual([null, "nota.txt"]);
    const files = form().getValues("files")!;
    expect(files.map((f) => f.name)).toEqual(["contratto.pdf", "nota.txt"]);
    expect(form().getFieldState("files").isDirty).toBe(true);

    // what EntityFormModal posts: the JSON list (no Blob in it) and the part filesContent[1]
    const body = buildEntityFormData("invoice", { files }, { filesContent: blobs });
    const json = JSON.parse(body.get("invoice") as string);
    expect(invoiceSchema.shape.files.parse(json.files)).toEqual([
      { id: 7, name: "contratto.pdf", description: "Firmato" },
      { tempId: expect.any(String), name: "nota.txt", description: "" },
    ]);
    expect((body.get("filesContent[1]") as File).name).toBe("nota.txt");
    expect(body.has("filesContent[0]")).toBe(false);

    // removing the new row clears its bytes
    await user.click(screen.getByRole("button", { name: "Elimina nota.txt" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(setFile).toHaveBeenLastCalledWith("filesContent", null));
    expect(form().getValues("files")!.map((f) => f.name)).toEqual(["contratto.pdf"]);
  });

  it("a saved file opens through GET /api/invoices/get-file/{id}/files/{fileId}", async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: "ok", filename: "contratto.pdf", contentBase64: btoa("%PDF"), contentType: "application/pdf" }));
    vi.stubGlobal("fetch", fetchMock);
    const createObjectURL = vi.fn(() => "blob:x");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    setUp();
    await user.click(screen.getByRole("button", { name: "contratto.pdf" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe("/api/invoices/get-file/5/files/7");
  });

  it("read-only (an issued document): listed and opened, not changed", () => {
    setUp(true);
    expect(screen.getByRole("button", { name: "contratto.pdf" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Aggiungi file" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Elimina contratto.pdf" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
