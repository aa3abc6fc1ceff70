"use client";

import { useState } from "react";
import { DateInput } from "@/components/form/inputs/date-input";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { Modal } from "@/components/ui/modal";
import { apiPostEntity, errorList, showSuccess } from "@/lib/client/api";
import { formatDate, formatEuro } from "@/lib/format";
import { todayInRome } from "@/lib/rome-time";
import { DEADLINE_MESSAGES, deadlineApi } from "@/lib/schemas/deadline";

export const MARK_PAID_TITLE = "Segna saldato";

export interface MarkPaidDialogProps {
  deadline: { id: number; version?: number; amount: unknown; deadlineDate: unknown; document: unknown };
  onDone: () => void;
  onClose: () => void;
}

/** 'Segna saldato': the payment date (default today in Italy), then POST /api/deadlines/set-state/{id}. */
export function MarkPaidDialog({ deadline, onDone, onClose }: MarkPaidDialogProps) {
  const [paymentDate, setPaymentDate] = useState<string | null>(() => todayInRome());
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!paymentDate) {
      setErrors([DEADLINE_MESSAGES.paymentDateRequired]);
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      const res = await apiPostEntity(`${deadlineApi.url}/set-state/${deadline.id}`, deadlineApi.field, { deadlineState: "Saldato", paymentDate, version: deadline.version });
      void showSuccess(res);
      onDone();
    } catch (e) {
      setErrors(errorList(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={MARK_PAID_TITLE}
      size="sm"
      busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={
        <Button type="submit" loading={busy}>
          Conferma
        </Button>
      }
    >
      <div className="flex min-w-0 flex-col gap-3" data-testid="mark-paid-dialog">
        <p className="text-sm text-gray-700">
          {String(deadline.document ?? "")} — scadenza del {formatDate(String(deadline.deadlineDate ?? ""))}, {formatEuro(Number(deadline.amount ?? 0))}
        </p>
        <FormErrorBanner errors={errors} />
        <Field label="Data pagamento" required>
          <DateInput value={paymentDate} onChange={setPaymentDate} autoFocus />
        </Field>
      </div>
    </Modal>
  );
}
