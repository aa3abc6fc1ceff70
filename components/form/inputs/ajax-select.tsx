"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { createPortal } from "react-dom";
import { Spinner } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { controlClasses, useFieldControlProps } from "@/components/ui/field";
import { ChevronDownIcon, CloseIcon } from "@/components/ui/icons";
import type { QueryValue } from "@/lib/client/api";
import { StepButton } from "./step-button";
import { useFloatingList } from "./use-floating-list";
import { EMPTY_LIST_MESSAGE, useAjaxOptions, type SelectableEntity } from "./use-ajax-options";

export type { SelectableEntity } from "./use-ajax-options";

export interface AjaxSelectProps {
  /** GET endpoint answering { <list>: [{ id, toString }, ...] } for query and offset. */
  url: string;
  /** Extra query parameters sent with every request. */
  params?: Record<string, QueryValue>;
  value: SelectableEntity | null | undefined;
  onChange: (value: SelectableEntity | null) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  placeholder?: string;
  /** Shows the clear control when a value is set (default true). */
  clearable?: boolean;
  /** Shows a '+' button (e.g. create a customer from the job form). */
  onCreate?: () => void;
  createLabel?: string;
  /** Shows a link (default 'Visualizza') for the selected entity. */
  onView?: (value: SelectableEntity) => void;
  viewLabel?: string;
  pageSize?: number;
  throttleMs?: number;
  className?: string;
  "aria-label"?: string;
}

/**
 * Searchable select over a server list (spec §7 'Ajax select'): the list
 * opens on focus or click with the first page (100), typing searches
 * (throttled to 400 ms, the earlier request aborted), scrolling to the end
 * fetches the next page; 'La lista è vuota' when nothing matches. The list floats over what scrolls around the
 * field (useFloatingList): in a dialog's body or a grid's row it shows its options, not the two a clip would leave.
 * Keyboard: ↑/↓ move, Enter picks, Esc closes. Use with a Controller.
 */
export function AjaxSelect({
  url,
  params,
  value,
  onChange,
  onBlur,
  id,
  name,
  ref,
  disabled = false,
  placeholder = "Cerca...",
  clearable = true,
  onCreate,
  createLabel = "Crea nuovo",
  onView,
  viewLabel = "Visualizza",
  pageSize,
  throttleMs,
  className,
  "aria-label": ariaLabel,
}: AjaxSelectProps) {
  const listId = useId();
  const fieldProps = useFieldControlProps({ id });
  const inputId = fieldProps.id ?? id;
  const options = useAjaxOptions(url, params, { pageSize, throttleMs });
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const anchorRef = useRef<HTMLDivElement>(null);
  const floating = useFloatingList(anchorRef, open);

  const openList = () => {
    if (disabled || open) return;
    setOpen(true);
    setQuery("");
    setActive(-1);
    options.loadNow("");
  };

  const closeList = () => {
    setOpen(false);
    setQuery("");
    options.cancel();
  };

  const pick = (entity: SelectableEntity | null) => {
    onChange(entity);
    closeList();
  };

  // Keep the active option in view while moving with the keyboard.
  useEffect(() => {
    if (!open || active < 0) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [active, open]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) return openList();
      setActive((i) => Math.min(options.items.length - 1, i + 1));
      if (active >= options.items.length - 2) options.loadMore();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === "Enter") {
      if (!open) return;
      event.preventDefault(); // never submit the form while choosing
      const entity = options.items[active];
      if (entity) pick(entity);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation(); // close the list, not the modal
      closeList();
    }
  };

  const activeId = open && active >= 0 ? `${listId}-opt-${active}` : undefined;
  const shown = open ? query : (value?.toString ?? "");

  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex items-center gap-1">
        <div ref={anchorRef} className="relative min-w-0 flex-1">
          <input
            {...fieldProps}
            id={inputId}
            ref={ref}
            name={name}
            type="text"
            role="combobox"
            aria-label={ariaLabel}
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            autoComplete="off"
            disabled={disabled}
            placeholder={open ? placeholder : value ? undefined : placeholder}
            value={shown}
            onFocus={openList}
            onClick={openList}
            onChange={(e) => {
              if (!open) openList();
              setQuery(e.target.value);
              setActive(-1);
              options.search(e.target.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              closeList();
              onBlur?.();
            }}
            className={controlClasses(cn("h-9", clearable && value && !disabled ? "pr-14" : "pr-8"))}
          />
          <span className="absolute inset-y-0 right-1 flex items-center gap-0.5">
            {options.loading && open && <Spinner className="h-3.5 w-3.5 text-gray-400" />}
            {clearable && value && !disabled && (
              <button
                type="button"
                aria-label="Svuota"
                title="Svuota"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(null)}
                className="flex h-6 w-6 items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-800"
              >
                <CloseIcon size={14} />
              </button>
            )}
            <span aria-hidden className="px-1 text-gray-500">
              <ChevronDownIcon size={14} />
            </span>
          </span>
          {open && floating.container && createPortal(
            <ul
              id={listId}
              ref={listRef}
              role="listbox"
              aria-label={ariaLabel}
              onMouseDown={(e) => e.preventDefault() /* keep focus in the input */}
              onScroll={(e) => {
                const el = e.currentTarget;
                if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) options.loadMore();
              }}
              style={floating.style}
              className="z-10 overflow-y-auto rounded-md border border-border bg-white py-1 shadow-lg"
            >
              {options.items.map((entity, index) => (
                <li
                  key={`${entity.id}`}
                  id={`${listId}-opt-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={value?.id === entity.id}
                  onClick={() => pick(entity)}
                  onMouseEnter={() => setActive(index)}
                  className={cn(
                    "cursor-pointer px-2.5 py-1.5 text-gray-900",
                    index === active && "bg-primary-100",
                    value?.id === entity.id && "font-semibold",
                  )}
                >
                  {entity.toString}
                </li>
              ))}
              {options.loaded && !options.loading && options.items.length === 0 && (
                <li role="presentation" className="px-2.5 py-1.5 text-gray-500 italic">
                  {EMPTY_LIST_MESSAGE}
                </li>
              )}
              {options.loading && (
                <li role="presentation" className="px-2.5 py-1.5 text-gray-500">
                  Caricamento...
                </li>
              )}
            </ul>,
            floating.container,
          )}
        </div>
        {onCreate && (
          <StepButton label={createLabel} onClick={onCreate} disabled={disabled}>
            +
          </StepButton>
        )}
      </div>
      {onView && value && (
        <button type="button" className="self-start text-sm text-primary-700 underline-offset-2 hover:underline" onClick={() => onView(value)}>
          {viewLabel}
        </button>
      )}
    </div>
  );
}
