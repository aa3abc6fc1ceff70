import { cn } from "./cn";

export { FORM_ERRORS_TITLE } from "@/lib/client/use-zod-form";
import { FORM_ERRORS_TITLE } from "@/lib/client/use-zod-form";

export interface FormErrorBannerProps {
  /** Flat list of messages (see collectErrorMessages in lib/client/use-zod-form). */
  errors: readonly string[];
  /** Heading; defaults to 'Errore nella compilazione dei campi'. */
  title?: string;
  className?: string;
}

/**
 * The red banner shown above a form on validation or save failure (spec §5,
 * §8). Renders nothing when there are no errors, so it clears by itself once
 * the form becomes valid.
 */
export function FormErrorBanner({ errors, title = FORM_ERRORS_TITLE, className }: FormErrorBannerProps) {
  if (errors.length === 0) return null;
  return (
    <div
      role="alert"
      className={cn("flex gap-2.5 rounded-md border border-danger-200 bg-danger-50 px-3 py-2.5 text-danger-800", className)}
    >
      <ErrorIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {errors.map((message, i) => (
            <li key={`${i}-${message}`} className="break-words">
              {message}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export interface ErrorIconProps {
  className?: string;
  /**
   * When given, the icon is announced and shows the messages as a tooltip
   * (e.g. on a tab with invalid fields); otherwise it is decorative.
   */
  messages?: readonly string[];
}

/** Red exclamation-in-circle icon. */
export function ErrorIcon({ className, messages }: ErrorIconProps) {
  const label = messages && messages.length > 0 ? messages.join("\n") : undefined;
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      className={cn("h-4 w-4 text-danger-600", className)}
      role={label ? "img" : undefined}
      aria-hidden={label ? undefined : true}
      aria-label={label}
    >
      {label && <title>{label}</title>}
      <path
        fillRule="evenodd"
        d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.9.9 0 0 0-.9.9v4.2a.9.9 0 1 0 1.8 0V5.9A.9.9 0 0 0 10 5Zm0 10a1.1 1.1 0 1 0 0-2.2 1.1 1.1 0 0 0 0 2.2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
