"use client";

import type { DateSelectArg, DatesSetArg, EventClickArg, EventDropArg, EventInput, EventSourceFuncArg } from "@fullcalendar/core";
import itLocale from "@fullcalendar/core/locales/it";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin, { type EventResizeDoneArg } from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Select } from "@/components/ui/select";
import { useIsPhone } from "@/components/ui/use-is-phone";
import { apiGet, apiPostEntity, showError } from "@/lib/client/api";
import { romeParts } from "@/lib/rome-time";
import { agendaEventApi, hiddenDays, visibleHours, type AgendaEventJson, type AgendaItem, type AgendaRange, type AgendaSettings } from "@/lib/schemas/agenda-event";
import { AgendaEventForm } from "./agenda-event-form";
import { CalendarFeedButton } from "./calendar-feed-dialog";

export interface AgendaCalendarProps {
  settings: AgendaSettings;
  users: { id: number; toString: string; color: string }[];
  /** The user may see the Scadenziario's deadlines (ROLE_DOCUMENT). */
  showDeadlinesToggle: boolean;
}

const DEFAULT_COLOR = "#7c3aed";
const ITEM_COLORS: Record<AgendaItem["kind"], string> = { todo: "#d97706", deadline: "#dc2626", timeEntry: "#0891b2" };

/**
 * The calendar runs on Italian wall-clock strings: FullCalendar's timeZone "UTC" is a clock without DST, so
 * 'yyyy-MM-ddTHH:mm' from the API shows as written, and a Date it hands back carries the wall-clock time in its
 * UTC fields. The server turns those strings into instants (db/queries/agenda-events.ts).
 */
const localOf = (d: Date, allDay: boolean) => (allDay ? `${d.toISOString().slice(0, 10)}T00:00` : d.toISOString().slice(0, 16));

/** "Now" on the wall-clock calendar: Italy's time read as UTC fields. */
const romeNow = () => {
  const p = romeParts(new Date());
  return new Date(`${p.date}T${p.time}:00Z`);
};

/** Dark text on a light user colour (a pale blue with white text cannot be read). */
function textOn(color: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) return "#ffffff";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? "#1f2937" : "#ffffff";
}

function eventInput(e: AgendaEventJson): EventInput {
  const color = e.participants[0]?.color ?? DEFAULT_COLOR;
  return {
    id: `event-${e.id}`,
    title: e.place ? `${e.title} (${e.place})` : e.title,
    start: e.start,
    end: e.end,
    allDay: e.allDay,
    backgroundColor: color,
    borderColor: color,
    textColor: textOn(color),
    extendedProps: { kind: "event", agendaEvent: e },
  };
}

function itemInput(i: AgendaItem): EventInput {
  return {
    id: i.id,
    title: i.title,
    start: i.start,
    end: i.end ?? undefined,
    allDay: i.allDay,
    editable: false,
    backgroundColor: ITEM_COLORS[i.kind],
    borderColor: ITEM_COLORS[i.kind],
    classNames: i.done ? ["opacity-60", "line-through"] : [],
    extendedProps: { kind: i.kind },
  };
}

type FormState = { id: number } | { slot: { start: string; end: string; allDay: boolean } } | null;

/**
 * Agenda: FullCalendar (day, week, month and list views, Italian) on the tenant's office hours widened by its
 * margins, Saturday and Sunday hidden as the settings say. Selecting a slot opens 'Inserimento appuntamento',
 * a click 'Modifica appuntamento'; dragging and resizing save with the version read (409 or any refusal:
 * the event goes back and the message shows). To-dos and deadlines are read-only all-day items, each toggled.
 */
export function AgendaCalendar({ settings, users, showDeadlinesToggle }: AgendaCalendarProps) {
  const calendar = useRef<FullCalendar>(null);
  const isPhone = useIsPhone();
  const [participant, setParticipant] = useState("");
  const [showTodos, setShowTodos] = useState(true);
  const [showDeadlines, setShowDeadlines] = useState(showDeadlinesToggle);
  const [showHours, setShowHours] = useState(false);
  const [form, setForm] = useState<FormState>(null);
  const hours = useMemo(() => visibleHours(settings), [settings]);
  const frame = useRef<HTMLDivElement>(null);
  // The day the user is looking at: FullCalendar reads initialDate only when it is created, and it is created again
  // whenever React mounts it anew (the phone/desktop key below; a tree hidden and shown again by React): without
  // this, the calendar jumped back to this week under the dialog of an appointment being made next week.
  const shownDate = useRef<string | undefined>(undefined);

  // FullCalendar measures itself on window resizes only: the menu opening or the page settling also resize it
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => calendar.current?.getApi().updateSize());
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const fetchEvents = useCallback(
    async (info: EventSourceFuncArg): Promise<EventInput[]> => {
      const r = await apiGet<AgendaRange>(agendaEventApi.url, {
        start: localOf(info.start, false),
        end: localOf(info.end, false),
        participant: participant || undefined,
        todos: showTodos ? 1 : undefined,
        deadlines: showDeadlines ? 1 : undefined,
        timeEntries: showHours ? 1 : undefined,
      });
      return [...r.data.map(eventInput), ...r.items.map(itemInput)];
    },
    [participant, showTodos, showDeadlines, showHours],
  );

  const refetch = () => calendar.current?.getApi().refetchEvents();

  /** Drag or resize: the new times saved with the version read; refused → back where it was. */
  async function move(info: EventDropArg | EventResizeDoneArg) {
    const ev = info.event;
    const saved = ev.extendedProps.agendaEvent as AgendaEventJson | undefined;
    if (!saved || !ev.start) return info.revert();
    const start = localOf(ev.start, ev.allDay);
    // a timed event made from an all-day one has no end yet: an hour
    const end = ev.end ? localOf(ev.end, ev.allDay) : ev.allDay ? null : localOf(new Date(ev.start.getTime() + 3_600_000), false);
    try {
      await apiPostEntity(`${agendaEventApi.url}/${saved.id}`, agendaEventApi.field, { ...saved, start, end, allDay: ev.allDay, version: saved.version });
      refetch();
    } catch (error) {
      info.revert();
      await showError(error);
    }
  }

  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="agenda">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium text-gray-700">Partecipante</span>
          <Select
            aria-label="Partecipante"
            className="w-52"
            value={participant}
            onChange={(e) => setParticipant(e.target.value)}
            placeholder="Tutti"
            options={users.map((u) => ({ value: String(u.id), label: u.toString }))}
          />
        </label>
        <Checkbox checked={showTodos} onCheckedChange={setShowTodos} label="Impegni" />
        {showDeadlinesToggle && <Checkbox checked={showDeadlines} onCheckedChange={setShowDeadlines} label="Scadenze" />}
        {/* the acting user's own hours (a ROLE_ADMIN filtering by participant: that user's) */}
        <Checkbox checked={showHours} onCheckedChange={setShowHours} label="Ore lavorate" />
        <CalendarFeedButton className="sm:ml-auto" />
      </div>
      {/* the toolbar's title smaller on a phone, so the buttons keep one line */}
      <div ref={frame} className="min-w-0 rounded-lg border border-border bg-white p-2 text-sm sm:p-3 [&_.fc-toolbar-title]:text-base! sm:[&_.fc-toolbar-title]:text-2xl!">
        <FullCalendar
          // a new key when the layout changes size class: FullCalendar takes initialView and the toolbar once
          key={isPhone ? "phone" : "desk"}
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          locale={itLocale}
          timeZone="UTC"
          now={romeNow}
          initialView={isPhone ? "listWeek" : "timeGridWeek"}
          initialDate={shownDate.current}
          datesSet={(info: DatesSetArg) => {
            shownDate.current = localOf(info.view.currentStart, true).slice(0, 10);
          }}
          // on a phone the title has a line of its own and the buttons go below the calendar
          headerToolbar={isPhone ? { left: "title", right: "prev,next" } : { left: "prev,next today", center: "title", right: "timeGridDay,timeGridWeek,dayGridMonth,listWeek" }}
          footerToolbar={isPhone ? { left: "today", right: "timeGridDay,listWeek" } : false}
          buttonText={{ today: "Oggi", day: "Giorno", week: "Settimana", month: "Mese", list: "Elenco" }}
          slotMinTime={hours.slotMinTime}
          slotMaxTime={hours.slotMaxTime}
          scrollTime={hours.slotMinTime}
          hiddenDays={hiddenDays(settings)}
          allDayText="Tutto il giorno"
          nowIndicator
          height="auto"
          selectable
          selectMirror
          editable
          eventResizableFromStart={false}
          dayMaxEvents
          events={fetchEvents}
          eventTimeFormat={{ hour: "2-digit", minute: "2-digit", hour12: false }}
          slotLabelFormat={{ hour: "2-digit", minute: "2-digit", hour12: false }}
          select={(info: DateSelectArg) => {
            info.view.calendar.unselect();
            setForm({ slot: { start: localOf(info.start, info.allDay), end: localOf(info.end, info.allDay), allDay: info.allDay } });
          }}
          eventClick={(info: EventClickArg) => {
            const saved = info.event.extendedProps.agendaEvent as AgendaEventJson | undefined;
            if (saved) setForm({ id: saved.id });
          }}
          eventDrop={move}
          eventResize={move}
        />
      </div>
      {form && (
        <AgendaEventForm
          id={"id" in form ? form.id : null}
          slot={"slot" in form ? form.slot : null}
          onSaved={() => {
            setForm(null);
            refetch();
          }}
          onDeleted={refetch}
          onClose={() => setForm(null)}
        />
      )}
    </div>
  );
}
