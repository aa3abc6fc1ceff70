import { zodResolver } from "@hookform/resolvers/zod";
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { alertDialog } from "./dialogs";

/** Spec §5: the banner and alert title of a form that does not validate. */
export const FORM_ERRORS_TITLE = "Errore nella compilazione dei campi";

/** Any zod v4 object-like schema a form can be built on. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ZodForm<TSchema extends FormSchema> = UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>;

/**
 * The one way to build a form: react-hook-form + zodResolver.
 * Validates on submit, then re-validates on change so the error banner clears
 * as soon as the form becomes valid (spec §5). handleSubmit receives the
 * schema's parsed output (trimmed strings, coerced numbers).
 *
 *   const form = useZodForm(serviceSchema, { name: "", amount: 0 });
 *   <Modal onSubmit={form.handleSubmit(save)} dirty={form.formState.isDirty}
 *          busy={form.formState.isSubmitting} ...>
 *     <FormErrorBanner errors={collectErrorMessages(form.formState.errors)} />
 */
export function useZodForm<TSchema extends FormSchema>(
  schema: TSchema,
  defaultValues?: DefaultValues<z.input<TSchema>>,
  options?: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, "resolver" | "defaultValues">,
): ZodForm<TSchema> {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    ...options,
    resolver: zodResolver(schema),
    defaultValues,
  });
}

/**
 * Flattens react-hook-form errors (nested objects, field arrays, array-level
 * and root errors) into the list shown under 'Errore nella compilazione dei
 * campi'. Order follows the error object (i.e. the schema's field order);
 * duplicates are dropped so ten rows missing the same field show one line.
 */
export function collectErrorMessages(errors: FieldErrors | undefined | null): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== "object" || depth > 32) return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === "string" && record.message !== "" && !seen.has(record.message)) {
      seen.add(record.message);
      out.push(record.message);
    }
    const children = Array.isArray(node) ? node : Object.keys(record).map((k) => (IGNORED_KEYS.has(k) ? undefined : record[k]));
    for (const child of children) visit(child, depth + 1);
  };
  visit(errors, 0);
  return out;
}

// `ref` points at DOM nodes (cycles); `types` repeats messages under criteriaMode "all".
const IGNORED_KEYS = new Set(["ref", "types", "message", "type"]);

/** The banner's list for a form, re-computed as errors change. */
export function useFormErrorMessages<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T>): string[] {
  return collectErrorMessages(form.formState.errors as FieldErrors);
}

/** The field names of an object schema (through refinements and a transform pipe). */
export function schemaKeys(schema: FormSchema): string[] {
  let s: unknown = schema;
  for (let depth = 0; depth < 5 && s; depth++) {
    const shape = (s as { shape?: Record<string, unknown> }).shape;
    if (shape && typeof shape === "object") return Object.keys(shape);
    s = (s as { def?: { in?: unknown } }).def?.in;
  }
  return [];
}

/**
 * A loaded record as form values: exactly the schema's fields (id, toString, rowColor stay out of the
 * form and of the posted JSON: the save URL says which record it is).
 */
export function pickFormValues<TSchema extends FormSchema>(schema: TSchema, entity: Record<string, unknown>): DefaultValues<z.input<TSchema>> {
  const keys = schemaKeys(schema);
  if (keys.length === 0) return entity as DefaultValues<z.input<TSchema>>;
  return Object.fromEntries(keys.filter((k) => k in entity).map((k) => [k, entity[k]])) as DefaultValues<z.input<TSchema>>;
}

/** Spec §5, §8: a form that does not validate also says so in an alert, with each message. */
export function alertFormErrors(errors: FieldErrors): Promise<void> {
  return alertDialog([FORM_ERRORS_TITLE, ...collectErrorMessages(errors)].join("\n"));
}
