"use client";

import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { DefaultValues, FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { Button, Spinner } from "@/components/ui/button";
import { alertDialog } from "@/components/ui/dialogs";
import { ErrorIcon, FORM_ERRORS_TITLE, FormErrorBanner } from "@/components/ui/form-banner";
import { Modal, type ModalSize } from "@/components/ui/modal";
import {
  ApiError,
  apiGet,
  apiPostEntity,
  buildEntityFormData,
  errorList,
  errorMessage,
  isAbortError,
  showError,
  showSuccess,
  uploadWithProgress,
  type ApiOk,
  type EntityFiles,
} from "@/lib/client/api";
import { notifyInfo } from "@/lib/client/notify";
import { ALREADY_OPEN_MESSAGE, claimRecord, releaseRecord } from "@/lib/client/use-entity-form";
import { alertFormErrors, collectErrorMessages, pickFormValues, useZodForm, type FormSchema, type ZodForm } from "@/lib/client/use-zod-form";
import { FormTabs, type FormTabDef } from "./tabs";

export type { FormTabDef } from "./tabs";

export const SAVE_FAILED_TITLE = "Salvataggio non riuscito";

type AnyEntity = Record<string, unknown>;
type FileValue = Blob | null | undefined | ReadonlyArray<Blob | null | undefined>;

/** What the form body gets besides the form and formData. */
export interface EntityFormContext<TEntity extends AnyEntity> {
  /** The entity as loaded (or as returned by the last save when the modal stays open). */
  entity: TEntity;
  /** True for a create form (the loaded entity has no id). */
  isNew: boolean;
  /** Files sent with the save, by multipart field name (logoContent, filesContent, ...). */
  files: Readonly<Record<string, FileValue>>;
  /** Sets or clears (null) a file; a set file counts as an unsaved change. */
  setFile: (key: string, value: FileValue) => void;
  /** Switches to a tab (by key). */
  selectTab: (key: string) => void;
  /** Reloads entity and formData from loadUrl (discarding changes). */
  reload: () => void;
  /** A save is in progress. */
  saving: boolean;
  /** The form or its files have unsaved changes (an action on the stored record must not pass over them). */
  dirty: boolean;
  /**
   * Saves as Salva does (the form's validation, its banner, the files), with `options`: `query` added to the save's
   * URL (the documents' 'Salva ed emetti': issue=1), `keepOpen` the form stays on the saved record instead of closing,
   * `confirm` asked once the values are valid and before anything is sent. Resolves to the saved entity, or null
   * (invalid, not confirmed, refused by the server: its messages already shown as for Salva).
   */
  submit: (options?: SubmitOptions) => Promise<TEntity | null>;
}

export interface SubmitOptions {
  query?: string;
  keepOpen?: boolean;
  confirm?: () => Promise<boolean>;
}

export interface EntityFormModalProps<TSchema extends FormSchema, TEntity extends AnyEntity = AnyEntity, TFormData = Record<string, unknown>> {
  /** JSON field of the entity in responses and in the save's multipart body ("agent"). */
  entityName: string;
  /** create-form-data or update-form-data/{id}: answers { [entityName]: entity, formData }. */
  loadUrl: string;
  /** POST target: a string, or derived from the loaded entity (e.g. saveUrlFor("/api/agents", entity)). */
  saveUrl: string | ((entity: TEntity) => string);
  /** The same zod schema the route handler validates with. */
  schema: TSchema;
  /** 'Inserimento agente', or (entity) => entity.id ? `Modifica agente ${entity.toString}` : 'Inserimento agente'. */
  title: string | ((entity: TEntity) => string);
  /** Tabs; their `fields` decide which tab is selected after a validation failure. */
  tabs?: readonly FormTabDef[];
  size?: ModalSize;
  /** The id being edited, when known before loading (checked against double opening at once). */
  recordId?: number | string;
  /** The form body. With tabs, wrap each tab's fields in <FormTab value=key>. */
  children: (form: ZodForm<TSchema>, formData: TFormData, context: EntityFormContext<TEntity>) => ReactNode;
  /** After a successful save, with the saved entity (response[entityName]: never a draft) and the whole response. */
  onSaved?: (saved: Exclude<TEntity, { id: null }>, response: ApiOk) => void;
  /** The modal is done (saved, closed, or could not load). */
  onClose: () => void;
  /** Entity -> form values (default: the entity's fields that the schema declares, version included). */
  toFormValues?: (entity: TEntity, formData: TFormData) => DefaultValues<z.input<TSchema>>;
  /** Form values -> posted JSON (default: the form values). */
  toPayload?: (values: z.input<TSchema>, entity: TEntity) => unknown;
  /** Send with XMLHttpRequest and show the toast 'Caricamento... N%' (forms with uploads). */
  uploadProgress?: boolean;
  /** Close after a successful save (default true); otherwise the form reloads from the response. */
  closeOnSave?: boolean;
  /** Extra footer buttons left of Salva (e.g. 'Elimina lavoro'). */
  footerExtra?: (context: EntityFormContext<TEntity>) => ReactNode;
  submitLabel?: string;
  /** A record that cannot be saved as it stands (an issued invoice): no Salva, a 'Chiudi' instead. */
  readOnly?: (entity: TEntity) => boolean;
}

interface Loaded<TEntity, TFormData> {
  entity: TEntity;
  formData: TFormData;
}

function idOf(entity: AnyEntity | null | undefined): string | number | null {
  const id = entity?.id;
  return typeof id === "number" || (typeof id === "string" && id !== "") ? id : null;
}

/** Whether the errors object has anything at `path` ("name", "rows.0.amount", or a prefix such as "rows"). */
export function hasErrorAt(errors: FieldErrors | undefined, path: string): boolean {
  let node: unknown = errors;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== undefined && node !== null;
}

/** Messages of each tab, from the fields it lists. */
export function tabErrorMessages(tabs: readonly FormTabDef[], errors: FieldErrors | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const tab of tabs) {
    const messages = (tab.fields ?? []).flatMap((field) => {
      let node: unknown = errors;
      for (const part of field.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
      return node ? collectErrorMessages(node as FieldErrors) : [];
    });
    if (messages.length > 0) out[tab.key] = [...new Set(messages)];
  }
  return out;
}

/** The first tab (in tab order) holding an error, else null. */
export function firstTabWithError(tabs: readonly FormTabDef[], errors: FieldErrors | undefined): string | null {
  return tabs.find((tab) => (tab.fields ?? []).some((field) => hasErrorAt(errors, field)))?.key ?? null;
}

function hasFile(value: FileValue): boolean {
  if (!value) return false;
  if (value instanceof Blob) return true;
  return value.some((v) => v instanceof Blob);
}

/**
 * The one modal form every entity uses (spec §2 Dialogs, §4 form life cycle, §5, §8).
 *
 * - Loads { [entityName]: entity, formData } from loadUrl (a failure shows the
 *   error and closes); react-hook-form with the shared zod schema.
 * - Salva: on validation failure the red banner 'Errore nella compilazione dei
 *   campi' with each message, the same text in an alert, the error icon, and
 *   the first tab with an error selected; the banner clears as soon as the
 *   form is valid. Valid: POST multipart { entityName: JSON, ...files } to
 *   saveUrl; server errors (400 list, 409 stale version, others) go to the
 *   banner and a dialog and the form stays open; success shows the server's
 *   toast (+ dialogMessage dialog) and calls onSaved.
 * - Closing with unsaved changes asks 'Non hai salvato. Uscire?'; while
 *   saving it cannot close and the body is a disabled fieldset.
 * - One record (entityName + id) is open at most once: a second open is
 *   refused with a notice.
 */
export function EntityFormModal<TSchema extends FormSchema, TEntity extends AnyEntity = AnyEntity, TFormData = Record<string, unknown>>({
  entityName,
  loadUrl,
  saveUrl,
  schema,
  title,
  tabs,
  size = "lg",
  recordId,
  children,
  onSaved,
  onClose,
  toFormValues,
  toPayload,
  uploadProgress = false,
  closeOnSave = true,
  footerExtra,
  submitLabel = "Salva",
  readOnly,
}: EntityFormModalProps<TSchema, TEntity, TFormData>) {
  const form = useZodForm(schema);
  const [loaded, setLoaded] = useState<Loaded<TEntity, TFormData> | null>(null);
  const [refused, setRefused] = useState(false);
  const [loadSeq, setLoadSeq] = useState(0);
  const [files, setFiles] = useState<Record<string, FileValue>>({});
  const [submitFailed, setSubmitFailed] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ title: string; messages: string[] } | null>(null);
  const [tab, setTab] = useState(tabs?.[0]?.key ?? "");
  const claimed = useRef<string | number | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const toValues = useCallback(
    (entity: TEntity, formData: TFormData) =>
      (toFormValues ? toFormValues(entity, formData) : pickFormValues(schema, entity)) as DefaultValues<z.input<TSchema>>,
    [toFormValues, schema],
  );
  const toValuesRef = useRef(toValues);
  toValuesRef.current = toValues;

  // Refuse a second form on the same record, and hold the claim while open.
  const claim = useCallback(
    (id: string | number | null): boolean => {
      if (id === null || claimed.current === id) return true;
      if (!claimRecord(entityName, id)) return false;
      claimed.current = id;
      return true;
    },
    [entityName],
  );

  const refusedRef = useRef(false);
  const refuse = useCallback(() => {
    if (refusedRef.current) return;
    refusedRef.current = true;
    setRefused(true);
    notifyInfo(ALREADY_OPEN_MESSAGE);
    onCloseRef.current();
  }, []);

  useEffect(() => {
    if (recordId !== undefined && !claim(recordId)) refuse();
    return () => {
      if (claimed.current !== null) releaseRecord(entityName, claimed.current);
      claimed.current = null;
    };
  }, [recordId, entityName, claim, refuse]);

  // Load (and reload) the entity and its formData.
  useEffect(() => {
    if (refused || refusedRef.current) return;
    const controller = new AbortController();
    apiGet(loadUrl, undefined, { signal: controller.signal })
      .then((response) => {
        const entity = (response[entityName] ?? {}) as TEntity;
        const formData = (response.formData ?? {}) as TFormData;
        if (!claim(idOf(entity))) {
          refuse();
          return;
        }
        form.reset(toValuesRef.current(entity, formData));
        setFiles({});
        setSubmitFailed(false);
        setServerErrors(null);
        setLoaded({ entity, formData });
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        void showError(error);
        onCloseRef.current();
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form and claim/refuse are stable for an entityName, the rest is read through refs: only another record (loadUrl), loadSeq or a refusal reloads
  }, [loadUrl, entityName, loadSeq, refused]);

  // Any change clears the server's messages. After a failed save the whole form is validated again on
  // every change: react-hook-form re-checks only the changed field, so a message that depends on another
  // field ('Codice conto' once the type is 'Altro') would otherwise stay in the banner.
  const submitFailedRef = useRef(false);
  submitFailedRef.current = submitFailed;
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      setServerErrors((current) => (current ? null : current));
      if (submitFailedRef.current && type === "change") void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const { errors, isDirty, isSubmitting } = form.formState;
  const clientMessages = submitFailed ? collectErrorMessages(errors) : [];
  const perTab = tabs && submitFailed ? tabErrorMessages(tabs, errors) : {};
  const filesDirty = Object.values(files).some(hasFile);

  const save = async (entity: TEntity, options: SubmitOptions = {}): Promise<TEntity | null> => {
    if (options.confirm && !(await options.confirm())) return null;
    const values = form.getValues() as z.input<TSchema>;
    const payload = toPayload ? toPayload(values, entity) : values;
    const base = typeof saveUrl === "function" ? saveUrl(entity) : saveUrl;
    const url = options.query ? `${base}${base.includes("?") ? "&" : "?"}${options.query}` : base;
    try {
      const response = uploadProgress
        ? await uploadWithProgress(url, buildEntityFormData(entityName, payload, files as EntityFiles), { progressToast: true })
        : await apiPostEntity(url, entityName, payload, files as EntityFiles);
      const saved = (response[entityName] ?? payload) as TEntity;
      setServerErrors(null);
      setSubmitFailed(false);
      // What was saved is the new baseline: closing must not ask about unsaved changes.
      form.reset(toValuesRef.current(saved, loaded?.formData as TFormData));
      setFiles({});
      setLoaded((current) => (current ? { ...current, entity: saved } : current));
      onSaved?.(saved as Exclude<TEntity, { id: null }>, response);
      if (closeOnSave && !options.keepOpen) onClose();
      void showSuccess(response);
      return saved;
    } catch (error) {
      if (isAbortError(error)) return null;
      const validation = error instanceof ApiError && error.status === 400 && error.errors.length > 0;
      const title = validation ? FORM_ERRORS_TITLE : SAVE_FAILED_TITLE;
      const messages = validation ? (error as ApiError).errors : errorList(error);
      setServerErrors({ title, messages });
      await alertDialog(validation ? [FORM_ERRORS_TITLE, ...messages].join("\n") : errorMessage(error));
      return null;
    }
  };

  const onInvalid = (fieldErrors: FieldErrors) => {
    setSubmitFailed(true);
    if (tabs) {
      const first = firstTabWithError(tabs, fieldErrors);
      if (first) setTab(first);
    }
    void alertFormErrors(fieldErrors);
  };

  const submit = loaded ? form.handleSubmit(() => save(loaded.entity), onInvalid) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // React bubbles submit through portals: a form opened from another form's modal
    // (a sectional from the settings) must not submit the outer form too.
    event.stopPropagation();
    if (submit) return submit(event);
    event.preventDefault();
  };

  if (refused) return null;

  const context: EntityFormContext<TEntity> | null = loaded
    ? {
        entity: loaded.entity,
        isNew: idOf(loaded.entity) === null,
        files,
        setFile: (key, value) => setFiles((current) => ({ ...current, [key]: value })),
        selectTab: setTab,
        reload: () => setLoadSeq((n) => n + 1),
        saving: isSubmitting,
        dirty: isDirty || filesDirty,
        submit: (options) =>
          new Promise<TEntity | null>((resolve) => {
            void form.handleSubmit(
              async () => resolve(await save(loaded.entity, options)),
              (fieldErrors) => {
                onInvalid(fieldErrors);
                resolve(null);
              },
            )();
          }),
      }
    : null;

  const titleText = typeof title === "string" ? title : loaded ? title(loaded.entity) : "";
  const bannerMessages = [...(serverErrors?.messages ?? []), ...clientMessages.filter((m) => !serverErrors?.messages.includes(m))];
  const allErrors = [...clientMessages, ...(serverErrors?.messages ?? [])];

  const body =
    loaded && context ? (
      <div className="flex flex-col gap-3" data-testid="entity-form" data-entity={entityName}>
        <FormErrorBanner
          errors={bannerMessages}
          title={serverErrors && clientMessages.length === 0 ? serverErrors.title : FORM_ERRORS_TITLE}
        />
        {tabs ? (
          <FormTabs tabs={tabs} value={tab} onValueChange={setTab} errors={perTab}>
            {children(form, loaded.formData, context)}
          </FormTabs>
        ) : (
          children(form, loaded.formData, context)
        )}
      </div>
    ) : (
      <div className="flex items-center justify-center gap-2 py-10 text-gray-500" role="status">
        <Spinner /> Caricamento...
      </div>
    );

  return (
    <Modal
      open
      onClose={onClose}
      title={titleText || "\u00a0"}
      size={size}
      dirty={Boolean(loaded) && (isDirty || filesDirty)}
      busy={isSubmitting}
      onSubmit={onSubmit}
      footer={
        <>
          {allErrors.length > 0 && (
            <span className="mr-auto inline-flex" title={allErrors.join("\n")} data-testid="form-error-icon">
              <ErrorIcon className="h-5 w-5" />
            </span>
          )}
          {context && footerExtra?.(context)}
          {context && readOnly?.(context.entity) ? (
            <Button type="button" variant="secondary" onClick={onClose}>
              Chiudi
            </Button>
          ) : (
            <Button type="submit" loading={isSubmitting} disabled={!loaded}>
              {submitLabel}
            </Button>
          )}
        </>
      }
    >
      {body}
    </Modal>
  );
}
