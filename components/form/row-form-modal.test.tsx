// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { z } from "zod";
import { DialogHost } from "@/components/ui/dialogs";
import { Input } from "@/components/ui/input";
import { useZodForm } from "@/lib/client/use-zod-form";
import { FormField } from "./form-field";
import { RowFormModal } from "./row-form-modal";

const schema = z.object({ label: z.string().trim().min(1, 'Il campo "Etichetta" è richiesto') });

function RowForm({ onValid, onCancel }: { onValid: (v: { label: string }) => void; onCancel: () => void }) {
  const form = useZodForm(schema, { label: "" });
  return (
    <RowFormModal form={form} title="Inserimento riga" testId="row-form" onValid={onValid} onCancel={onCancel}>
      <FormField control={form.control} name="label" label="Etichetta" render={(field) => <Input {...field} value={(field.value as string) ?? ""} />} />
    </RowFormModal>
  );
}

afterEach(cleanup);

describe("RowFormModal", () => {
  it("refuses invalid values with the alert and the banner, hands valid ones back, and keeps its submit from the parent form", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    const parentSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={parentSubmit}>
        <RowForm onValid={onValid} onCancel={() => {}} />
        <DialogHost />
      </form>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Inserimento riga" });
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert.textContent).toContain("Errore nella compilazione dei campi");
    expect(alert.textContent).toContain('Il campo "Etichetta" è richiesto');
    await user.click(within(alert).getByRole("button", { name: "OK" }));
    expect(within(screen.getByTestId("row-form")).getAllByText('Il campo "Etichetta" è richiesto').length).toBeGreaterThan(0);

    await user.type(within(dialog).getByRole("textbox", { name: "Etichetta" }), " Prima ");
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ label: "Prima" }, expect.anything()));
    expect(parentSubmit).not.toHaveBeenCalled();
  });

  it("closing with changes asks 'Non hai salvato. Uscire?'", async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <>
        <RowForm onValid={() => {}} onCancel={onCancel} />
        <DialogHost />
      </>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Inserimento riga" });
    await user.type(within(dialog).getByRole("textbox", { name: "Etichetta" }), "x");
    await user.keyboard("{Escape}");
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Non hai salvato. Uscire?");
    await user.click(within(confirm).getByRole("button", { name: "Esci senza salvare" }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
  });
});
