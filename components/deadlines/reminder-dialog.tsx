"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { Input } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, apiGet, apiPostEntity, errorList, isAbortError, showError, showSuccess } from "@/lib/client/api";
import { alertFormErrors, collectErrorMessages, FORM_ERRORS_TITLE, useZodForm } from "@/lib/client/use-zod-form";
import { formatEuro } from "@/lib/format";
import { deadlineApi, REMINDER_FIELD, reminderSchema, type ReminderFormData, type ReminderValues } from "@/lib/schemas/deadline";

export const REMINDER_TITLE = "Sollecito di pagamento";
const SEND_FAILED_TITLE = "Invio non riuscito";
const EMPTY: ReminderValues = { email: "", cc: "", subject: "", body: "" };

export interface ReminderDialogProps {
  deadlineId: number;
  onSent: () => void;
  onClose: () => void;
}

/**
 * 'Sollecito': the e-mail prefilled from the Italian template (GET /api/deadlines/send-reminder/{id}: amount, days
 * late, the late-payment interest of a business customer), editable, sent with the invoice's PDF attached.
 */
export function ReminderDialog({ deadlineId, onSent, onClose }: ReminderDialogProps) {
  const [data, setData] = useState<ReminderFormData | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ title: string; messages: string[] } | null>(null);
  const form = useZodForm(reminderSchema, EMPTY);
  const { register, formState, handleSubmit, reset, getValues } = form;
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const controller = new AbortController();
    apiGet<ReminderFormData>(`${deadlineApi.url}/send-reminder/${deadlineId}`, undefined, { signal: controller.signal })
      .then((res) => {
        setData(res);
        reset({ ...EMPTY, ...res.reminder });
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        void showError(e);
        closeRef.current();
      });
    return () => controller.abort();
  }, [deadlineId, reset]);

  const fieldErrors = submitted ? collectErrorMessages(formState.errors) : [];
  const onSubmit = handleSubmit(
    async () => {
      setServerError(null);
      try {
        const res = await apiPostEntity(`${deadlineApi.url}/send-reminder/${deadlineId}`, REMINDER_FIELD, getValues());
        void showSuccess(res);
        onSent();
      } catch (e) {
        const validation = e instanceof ApiError && e.errors.length > 0;
        setServerError({ title: validation ? FORM_ERRORS_TITLE : SEND_FAILED_TITLE, messages: errorList(e) });
      }
    },
    (errors) => {
      setSubmitted(true);
      void alertFormErrors(errors);
    },
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={REMINDER_TITLE}
      size="md"
      dirty={formState.isDirty}
      busy={formState.isSubmitting}
      onSubmit={onSubmit}
      footer={
        <Button type="submit" loading={formState.isSubmitting} disabled={!data}>
          Invia sollecito
        </Button>
      }
    >
      <div className="flex min-w-0 flex-col gap-3" data-testid="reminder-dialog">
        {!data && <p className="text-gray-600">Caricamento…</p>}
        {data && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded border border-border bg-gray-50 p-2 text-sm">
            <dt className="text-gray-600">Importo</dt>
            <dd>{formatEuro(data.amount)}</dd>
            <dt className="text-gray-600">Giorni di ritardo</dt>
            <dd>{data.daysLate}</dd>
            <dt className="text-gray-600">Interessi di mora</dt>
            <dd>{data.interestApplies ? formatEuro(data.interest) : "non applicabili (cliente privato)"}</dd>
          </dl>
        )}
        <FormErrorBanner errors={fieldErrors} />
        {serverError && fieldErrors.length === 0 && <FormErrorBanner title={serverError.title} errors={serverError.messages} />}
        <Field label="Email di destinazione" required error={formState.errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register("email")} />
        </Field>
        <Field label="Cc" hint="Più indirizzi separati da virgola o punto e virgola" error={formState.errors.cc?.message}>
          <Input inputMode="email" {...register("cc")} />
        </Field>
        <Field label="Oggetto" required error={formState.errors.subject?.message}>
          <Input {...register("subject")} />
        </Field>
        <Field label="Messaggio" required hint="Testo semplice. In allegato il PDF della fattura." error={formState.errors.body?.message}>
          <Textarea rows={12} {...register("body")} />
        </Field>
      </div>
    </Modal>
  );
}
