/** The input's own message for text it cannot read (the form's schema message shows in the Field). */
export function InlineError({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs font-medium text-danger-700">
      {message}
    </p>
  );
}
