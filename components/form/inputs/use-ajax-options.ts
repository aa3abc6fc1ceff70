"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiGet, isAbortError, showError, type QueryValue } from "@/lib/client/api";

/** A selectable entity as the server sends it (spec §3): id plus display text. */
export interface SelectableEntity {
  id: number | string;
  toString: string;
}

export const AJAX_PAGE_SIZE = 100;
export const AJAX_THROTTLE_MS = 400;
export const EMPTY_LIST_MESSAGE = "La lista è vuota";

/** The list in an ajax-select response: the value of its first array-valued key (spec §7). */
export function firstList(response: Record<string, unknown>): SelectableEntity[] {
  for (const value of Object.values(response)) {
    if (Array.isArray(value)) return value.filter(isSelectable);
  }
  return [];
}

function isSelectable(value: unknown): value is SelectableEntity {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (typeof record.id === "number" || typeof record.id === "string") && typeof record.toString === "string";
}

export interface AjaxOptionsState {
  items: SelectableEntity[];
  /** The query the items belong to. */
  query: string;
  loading: boolean;
  /** The last page was full: scrolling to the end fetches the next one. */
  hasMore: boolean;
  /** At least one page arrived (so an empty list means 'La lista è vuota'). */
  loaded: boolean;
}

const INITIAL: AjaxOptionsState = { items: [], query: "", loading: false, hasMore: false, loaded: false };

/**
 * Options of an ajax select: GET url?query=..&offset=..(&extra params).
 * - search(query): throttled to one request per 400 ms, the last query always
 *   sent; starting a request aborts the previous one (its result is dropped);
 * - loadNow(query): the same, without waiting (opening the list);
 * - loadMore(): next page from offset = items loaded, while pages come back full.
 * The page size starts at 100 and grows when the server returns more.
 */
export function useAjaxOptions(
  url: string,
  params?: Record<string, QueryValue>,
  { pageSize = AJAX_PAGE_SIZE, throttleMs = AJAX_THROTTLE_MS }: { pageSize?: number; throttleMs?: number } = {},
) {
  const [state, setState] = useState<AjaxOptionsState>(INITIAL);
  const stateRef = useRef(state);
  stateRef.current = state;
  const controller = useRef<AbortController | null>(null);
  const lastStart = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingQuery = useRef("");
  const size = useRef(pageSize);
  const paramsKey = JSON.stringify(params ?? {});
  const paramsRef = useRef(params);
  paramsRef.current = params;

  const fetchPage = useCallback(
    async (query: string, offset: number) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      lastStart.current = Date.now();
      setState((s) => ({ ...s, loading: true }));
      try {
        const response = await apiGet(url, { ...paramsRef.current, query, offset }, { signal: current.signal });
        if (controller.current !== current) return;
        const list = firstList(response);
        if (list.length > size.current) size.current = list.length;
        setState((s) => ({
          items: offset === 0 ? list : [...s.items, ...list],
          query,
          loading: false,
          hasMore: list.length > 0 && list.length >= size.current,
          loaded: true,
        }));
      } catch (error) {
        if (isAbortError(error) || controller.current !== current) return;
        setState((s) => ({ ...s, loading: false, hasMore: false, loaded: true }));
        void showError(error);
      }
    },
    [url],
  );

  const cancelTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  const loadNow = useCallback(
    (query: string) => {
      cancelTimer();
      pendingQuery.current = query;
      void fetchPage(query, 0);
    },
    [fetchPage],
  );

  const search = useCallback(
    (query: string) => {
      pendingQuery.current = query;
      if (timer.current !== null) return; // the scheduled request will take the latest query
      const wait = lastStart.current + throttleMs - Date.now();
      if (wait <= 0) {
        void fetchPage(query, 0);
        return;
      }
      timer.current = setTimeout(() => {
        timer.current = null;
        void fetchPage(pendingQuery.current, 0);
      }, wait);
    },
    [fetchPage, throttleMs],
  );

  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (s.loading || !s.hasMore || timer.current !== null) return;
    void fetchPage(s.query, s.items.length);
  }, [fetchPage]);

  const cancel = useCallback(() => {
    cancelTimer();
    controller.current?.abort();
    controller.current = null;
    setState((s) => ({ ...s, loading: false }));
  }, []);

  // New URL or parameters: what was loaded no longer applies.
  useEffect(() => {
    setState(INITIAL);
    size.current = pageSize;
  }, [url, paramsKey, pageSize]);

  useEffect(
    () => () => {
      cancelTimer();
      controller.current?.abort();
    },
    [],
  );

  return { ...state, search, loadNow, loadMore, cancel };
}
