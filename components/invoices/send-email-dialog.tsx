"use client";

import { useEffect, useRef, useState } from "react";
import { Controller } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { Input } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, apiGet, apiPostEntity, errorList, isAbortError, showError, showSuccess } from "@/lib/client/api";
import { alertFormErrors, collectErrorMessages, FORM_ERRORS_TITLE, useZodForm } from "@/lib/client/use-zod-form";
import { CAUSALI_PAGAMENTO, TIPI_CASSA } from "@/lib/fiscal/codes";
import type { InvoiceJson } from "@/lib/schemas/invoice";
import {
  SEND_EMAIL_FIELD,
  SEND_EMAIL_MESSAGES,
  SEND_EMAIL_URL,
  sendEmailSchema,
  type SendEmailFormData,
  type SendEmailValues,
} from "@/lib/schemas/invoice-email";

export const SEND_EMAIL_TITLE = "Invia email";
export const ADDRESSES_HINT = "Più indirizzi separati da virgola o punto e virgola";
export const BODY_HINT = "Testo semplice: una riga vuota separa i paragrafi. In allegato il PDF del documento.";
export const SEND_FAILED_TITLE = "Invio non riuscito";

const CASSA_OPTIONS = Object.entries(TIPI_CASSA)
  .filter(([code]) => code !== "TC22")
  .map(([code, label]) => ({ value: code, label: `${code} - ${label}` }));
const CAUSALE_OPTIONS = Object.entries(CAUSALI_PAGAMENTO).map(([code, label]) => ({ value: code, label: `${code} - ${label}` }));

const EMPTY: SendEmailValues = { email: "", cc: "", bcc: "", subject: "", body: "", attachXml: false, xmlOptions: { previdential: "", paymentCausal: "" } };

export interface SendEmailDialogProps {
  invoiceId: number;
  /** The mail went: the document as stored now (attaching the XML stores its file). */
  onSent: (invoice: InvoiceJson) => void;
  onClose: () => void;
}

/**
 * 'Invia email' (spec §2 send-email dialog, §5): Email di destinazione, Cc, Bcc, Oggetto, Messaggio, prefilled by
 * GET /api/invoices/send-email/{id}; 'Allega anche il file XML' for invoices and credit notes, with the XML options
 * the file still needs. The same schema validates here and on the server; the server's refusals show in the banner.
 */
export function SendEmailDialog({ invoiceId, onSent, onClose }: SendEmailDialogProps) {
  const [data, setData] = useState<SendEmailFormData | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ title: string; messages: string[] } | null>(null);
  const form = useZodForm(sendEmailSchema, EMPTY);
  const { register, control, formState, handleSubmit, reset, watch, getValues } = form;
  // the parent may pass a new function each render: loading must not start again (and lose what was typed)
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const controller = new AbortController();
    apiGet<SendEmailFormData>(`${SEND_EMAIL_URL}/${invoiceId}`, undefined, { signal: controller.signal })
      .then((res) => {
        setData(res);
        reset({ ...EMPTY, ...res.sendEmail });
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        void showError(e);
        closeRef.current();
      });
    return () => controller.abort();
  }, [invoiceId, reset]);

  const attachXml = watch("attachXml") === true;
  const needed = data?.xmlOptionsNeeded;
  const fieldErrors = submitted ? collectErrorMessages(formState.errors) : [];

  const onSubmit = handleSubmit(
    async () => {
      setServerError(null);
      try {
        // the typed values (the server parses them with the same schema: cc and bcc stay text)
        const res = await apiPostEntity<{ invoice: InvoiceJson }>(`${SEND_EMAIL_URL}/${invoiceId}`, SEND_EMAIL_FIELD, getValues());
        void showSuccess(res);
        onSent(res.invoice);
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
      title={SEND_EMAIL_TITLE}
      size="md"
      dirty={formState.isDirty}
      busy={formState.isSubmitting}
      onSubmit={onSubmit}
      footer={
        <Button type="submit" loading={formState.isSubmitting} disabled={!data || data.draft}>
          Invia
        </Button>
      }
    >
      <div className="flex min-w-0 flex-col gap-3" data-testid="send-email-dialog">
        {!data && <p className="text-gray-600">Caricamento…</p>}
        {data?.draft && <FormErrorBanner title="Attenzione" errors={[SEND_EMAIL_MESSAGES.draft]} />}
        <FormErrorBanner errors={fieldErrors} />
        {serverError && fieldErrors.length === 0 && <FormErrorBanner title={serverError.title} errors={serverError.messages} />}
        <Field label="Email di destinazione" required error={formState.errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register("email")} />
        </Field>
        <Field label="Cc" hint={ADDRESSES_HINT} error={formState.errors.cc?.message}>
          <Input inputMode="email" {...register("cc")} />
        </Field>
        <Field label="Bcc" hint={ADDRESSES_HINT} error={formState.errors.bcc?.message}>
          <Input inputMode="email" {...register("bcc")} />
        </Field>
        <Field label="Oggetto" required error={formState.errors.subject?.message}>
          <Input {...register("subject")} />
        </Field>
        <Field label="Messaggio" required hint={BODY_HINT} error={formState.errors.body?.message}>
          <Textarea rows={10} {...register("body")} />
        </Field>
        {data?.canAttachXml && (
          <Controller
            control={control}
            name="attachXml"
            render={({ field }) => <Checkbox checked={field.value === true} onCheckedChange={field.onChange} label="Allega anche il file XML" />}
          />
        )}
        {attachXml && needed?.previdential && (
          <Field label="Cassa previdenziale" required>
            <Select className="min-w-0 max-w-full" placeholder="-" options={CASSA_OPTIONS} {...register("xmlOptions.previdential")} />
          </Field>
        )}
        {attachXml && needed?.paymentCausal && (
          <Field label="Causale pagamento ritenuta" required>
            <Select className="min-w-0 max-w-full" placeholder="-" options={CAUSALE_OPTIONS} {...register("xmlOptions.paymentCausal")} />
          </Field>
        )}
      </div>
    </Modal>
  );
}
