"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ActivityForm } from "@/components/activities/activity-form";
import { AjaxSelect, type SelectableEntity } from "@/components/form/inputs";
import { useHasRole } from "@/components/shell/session-roles";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { apiGet, apiPost, errorMessage, isAbortError, isUnauthorized, showSuccess } from "@/lib/client/api";
import { notifyError, notifySuccess } from "@/lib/client/notify";
import { TIME_ENTRY_MESSAGES, type RunningEntry, type TimeEntryJson } from "@/lib/schemas/time-entry";
import { ELAPSED_REFRESH_MS, formatElapsed, startClock } from "./elapsed";
import { TimeEntryForm } from "./time-entry-form";
import { notifyTimeEntriesChanged } from "./time-entry-events";

export const TIME_ENTRY_GET_URL = "/api/time-entries/time-entry-get";
export const TIME_ENTRY_START_URL = "/api/time-entries/time-entry-start";
export const TIME_ENTRY_END_URL = "/api/time-entries/time-entry-end";
export const UNFINISHED_JOBS_URL = "/api/activities/get-unfinished";
export const NEW_JOB_LABEL = "Crea nuovo lavoro";

/** A stopwatch (no such glyph among the shared icons). */
function TimerIcon({ size = 18 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" className="shrink-0">
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2.5M10 2h4M19 6l-1.5 1.5" />
    </svg>
  );
}

/**
 * The time tracker of the top bar (spec §2, §4): idle, a job (unfinished ones, '+' = 'Crea nuovo lavoro'
 * opening the job form, the new job selected), START; running, the job, its start (Italian clock), the
 * elapsed time every 5 seconds, STOP, after which the new entry opens in its form.
 *
 * The running entry is server state (one per user, every tab and device): read on mount and whenever
 * the window comes back into focus; START and STOP answer with the new state. Only for ROLE_USER.
 *
 * Layout: inline from 1280 px; narrower, a stopwatch button (with the elapsed time from 640 px) opens
 * the same controls as a panel under the top bar.
 */
export function TimeTracker() {
  const canTrack = useHasRole("ROLE_USER");
  return canTrack ? <Tracker /> : <div className="flex-1" />;
}

function Tracker() {
  /** undefined until the first answer. */
  const [running, setRunning] = useState<RunningEntry | null | undefined>(undefined);
  const [job, setJob] = useState<SelectableEntity | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [panelOpen, setPanelOpen] = useState(false);
  const [creatingJob, setCreatingJob] = useState(false);
  const [editId, setEditId] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const readSeq = useRef(0);

  const adopt = useCallback((entry: RunningEntry | null) => {
    setRunning(entry);
    setNow(Date.now());
    // after STOP the selector offers the same job again
    if (entry) setJob({ id: entry.activity.id, toString: entry.activity.toString });
  }, []);

  /** Reads the running entry; a failure is silent (spec §8), the last known state stays. */
  const read = useCallback(() => {
    const seq = ++readSeq.current;
    apiGet<{ timeEntryRunning: RunningEntry | null }>(TIME_ENTRY_GET_URL)
      .then((r) => {
        if (seq === readSeq.current) adopt(r.timeEntryRunning ?? null);
      })
      // never read: idle, so START stays usable (the server refuses it if a timer runs after all)
      .catch(() => setRunning((current) => (current === undefined ? null : current)));
  }, [adopt]);

  // on mount, and when the window comes back: another tab or device may have started or stopped
  useEffect(() => {
    read();
    const onFocus = () => read();
    const onVisible = () => {
      if (document.visibilityState === "visible") read();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [read]);

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), ELAPSED_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  // the narrow layout's panel: closed by Esc or a click elsewhere (not in a dialog it opened)
  useEffect(() => {
    if (!panelOpen) return;
    const onDown = (e: MouseEvent) => {
      const target = e.target as Element | null;
      if (!target || rootRef.current?.contains(target) || target.closest?.("[role=dialog], [role=alertdialog], [data-sonner-toaster]")) return;
      setPanelOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented && !document.querySelector("[role=dialog], [role=alertdialog]")) setPanelOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [panelOpen]);

  /** A refusal: the server's message as an error toast (spec §8), and the state read again. */
  const refused = (error: unknown) => {
    if (!isAbortError(error) && !isUnauthorized(error)) notifyError(errorMessage(error));
    read();
  };

  async function start() {
    if (!job) {
      notifyError(TIME_ENTRY_MESSAGES.noJob);
      return;
    }
    setBusy(true);
    readSeq.current++;
    try {
      const r = await apiPost<{ timeEntryRunning: RunningEntry | null }>(`${TIME_ENTRY_START_URL}/${job.id}`);
      if (r.message) notifySuccess(r.message);
      adopt(r.timeEntryRunning ?? null);
      setPanelOpen(false);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    setBusy(true);
    readSeq.current++;
    try {
      const r = await apiPost<{ timeEntry: TimeEntryJson }>(TIME_ENTRY_END_URL);
      adopt(null);
      // the stopped entry has its minutes now: the jobs' Ore lavorate shown on the page count them
      notifyTimeEntriesChanged();
      setPanelOpen(false);
      setBusy(false);
      // a clipped end ('L'orario di fine è stato anticipato…') is read before the entry opens
      await showSuccess(r);
      if (r.timeEntry?.id) setEditId(r.timeEntry.id);
    } catch (error) {
      setBusy(false);
      refused(error);
    }
  }

  const elapsed = running ? formatElapsed(running.start, now) : "";

  return (
    <div ref={rootRef} className="flex flex-1 items-center xl:min-w-0" data-testid="time-tracker" data-state={running ? "running" : running === null ? "idle" : "loading"}>
      {/* narrow screens: the stopwatch opens the panel */}
      <button
        type="button"
        aria-label={running ? `Cronometro in corso: ${elapsed}` : "Cronometro"}
        title={running ? `${running.activity.toString} · dalle ${startClock(running.start)} · ${elapsed}` : "Cronometro"}
        aria-expanded={panelOpen}
        aria-controls="time-tracker-panel"
        onClick={() => setPanelOpen((v) => !v)}
        className={cn(
          "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-medium xl:hidden",
          running ? "bg-green-50 text-green-800 ring-1 ring-green-300 hover:bg-green-100" : "text-gray-700 hover:bg-primary-50",
        )}
      >
        <TimerIcon />
        {running && <span className="hidden whitespace-nowrap tabular-nums sm:inline">{elapsed}</span>}
        {running && <span className="h-2 w-2 animate-pulse rounded-full bg-green-600 sm:hidden" aria-hidden />}
      </button>
      <div
        id="time-tracker-panel"
        role="group"
        aria-label="Cronometro"
        className={cn(
          panelOpen ? "flex" : "hidden",
          "fixed top-[3.75rem] right-3 z-50 w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2 rounded-md border border-border bg-white p-3 shadow-lg",
          "xl:static xl:z-auto xl:flex xl:w-auto xl:min-w-0 xl:flex-1 xl:flex-row xl:items-center xl:gap-2 xl:border-0 xl:bg-transparent xl:p-0 xl:shadow-none",
        )}
      >
        {running ? (
          <div className="flex min-w-0 flex-col gap-0.5 text-sm xl:flex-row xl:items-center xl:gap-3 xl:rounded-md xl:bg-green-50 xl:px-2.5 xl:py-1 xl:ring-1 xl:ring-green-200" data-testid="time-tracker-running">
            <span className="min-w-0 truncate font-medium text-gray-900 xl:max-w-[22rem]" title={running.activity.toString} data-testid="time-tracker-job">
              {running.activity.toString}
            </span>
            <span className="whitespace-nowrap text-gray-600">
              dalle <span className="tabular-nums" data-testid="time-tracker-start">{startClock(running.start)}</span>
            </span>
            <span className="inline-flex items-center gap-1.5 font-semibold whitespace-nowrap text-green-800 tabular-nums" data-testid="time-tracker-elapsed" aria-live="off">
              <span className="h-2 w-2 animate-pulse rounded-full bg-green-600" aria-hidden />
              {elapsed}
            </span>
          </div>
        ) : (
          <AjaxSelect
            url={UNFINISHED_JOBS_URL}
            value={job}
            onChange={setJob}
            aria-label="Lavoro"
            placeholder="Scegli un lavoro..."
            onCreate={() => setCreatingJob(true)}
            createLabel={NEW_JOB_LABEL}
            disabled={busy || running === undefined}
            className="min-w-0 xl:w-72"
          />
        )}
        <div className="flex shrink-0 items-center gap-2">
          {!running && (
            <Button type="button" size="sm" onClick={start} loading={busy} disabled={running === undefined}>
              START
            </Button>
          )}
          <Button type="button" size="sm" variant="danger" onClick={stop} loading={busy && !!running} disabled={!running}>
            STOP
          </Button>
        </div>
      </div>
      {creatingJob && (
        <ActivityForm
          onSaved={(saved) => setJob({ id: saved.id, toString: saved.toString })}
          onClose={() => setCreatingJob(false)}
        />
      )}
      {editId !== null && <TimeEntryForm id={editId} onClose={() => setEditId(null)} />}
    </div>
  );
}
