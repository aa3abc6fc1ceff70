"use client";

import { useEffect, useRef, useState, type ChangeEvent } from "react";
import type { ParsedText } from "@/lib/client/input-values";

export interface TextValueOptions<T> {
  value: T | string | null | undefined;
  onChange: (value: T | string | null) => void;
  onBlur?: () => void;
  /** What the user typed -> value / empty / invalid. */
  parse: (text: string) => ParsedText<T>;
  /** Value -> text when the input is not focused. */
  format: (value: T) => string;
  /** Value -> text when focus enters (e.g. without thousands separators); default format. */
  formatEditing?: (value: T) => string;
  /** Value emitted for empty text. */
  emptyValue: T | string | null;
  /** Whether the form's value is a parsed value (rather than empty or rejected raw text). */
  isValue: (value: unknown) => value is T;
}

/**
 * Shared behaviour of the typed text inputs (money, decimal, integer, date):
 * the user types freely; every change is parsed and the parsed value is sent
 * to the form at once. Text that cannot be read is sent through unchanged (a
 * string), so the form's shared zod schema refuses it with the field's own
 * message and nothing wrong can be saved; the input also shows its inline
 * message ('Il campo deve essere numerico', ...). On blur valid text is
 * re-formatted. A value set from outside (reset, load) replaces the text.
 */
export function useTextValue<T>({ value, onChange, onBlur, parse, format, formatEditing, emptyValue, isValue }: TextValueOptions<T>) {
  const show = (v: typeof value, editing: boolean): string => {
    if (isValue(v)) return (editing && formatEditing ? formatEditing : format)(v);
    return typeof v === "string" ? v : "";
  };
  const [text, setText] = useState(() => show(value, false));
  const [invalidMessage, setInvalidMessage] = useState<string | null>(null);
  const focused = useRef(false);
  const lastEmitted = useRef<unknown>(value);

  // A value that did not come from this input (form reset, server data) replaces the text.
  useEffect(() => {
    if (Object.is(value, lastEmitted.current)) return;
    lastEmitted.current = value;
    setText(show(value, focused.current));
    setInvalidMessage(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when the value changes from outside; `show` (a new closure each render over format/parse props) must not re-run it and overwrite the text being typed
  }, [value]);

  const emit = (next: T | string | null) => {
    lastEmitted.current = next;
    onChange(next);
  };

  return {
    text,
    invalidMessage,
    inputProps: {
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const raw = event.target.value;
        setText(raw);
        const parsed = parse(raw);
        if (parsed.kind === "value") {
          setInvalidMessage(null);
          emit(parsed.value);
        } else if (parsed.kind === "empty") {
          setInvalidMessage(null);
          emit(emptyValue);
        } else {
          setInvalidMessage(parsed.message);
          emit(raw);
        }
      },
      onFocus: () => {
        focused.current = true;
        if (isValue(value) && formatEditing) setText(formatEditing(value));
      },
      onBlur: () => {
        focused.current = false;
        if (isValue(value)) setText(format(value));
        onBlur?.();
      },
    },
    /** Replace the value programmatically (step buttons). */
    setValue: (next: T) => {
      setInvalidMessage(null);
      setText(show(next, focused.current));
      emit(next);
    },
  };
}
