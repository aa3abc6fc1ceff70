"use client";

import Link from "next/link";
import { Popover } from "radix-ui";
import { useCallback, useEffect, useState } from "react";
import { apiGet, apiPost, showError } from "@/lib/client/api";
import { formatDateTime } from "@/lib/format";
import { NOTIFICATIONS_READ_URL, NOTIFICATIONS_URL, type NotificationJson } from "@/lib/schemas/notification";

/** How often the bell asks for news (the reminders job runs every few minutes). */
export const NOTIFICATIONS_POLL_MS = 60_000;

function BellIcon({ size = 20 }: { size?: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" className="shrink-0">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The bell of the top bar: the unread count on a badge, and on click the user's newest notifications (reminders of
 * their to-dos), each opening its page and marked read; 'Segna tutte come lette'. Polls every 60 s while the page
 * is open, and at once when the tab comes back into view.
 */
export function NotificationsBell() {
  const [items, setItems] = useState<NotificationJson[]>([]);
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const r = await apiGet<{ notifications: NotificationJson[]; unread: number }>(NOTIFICATIONS_URL, undefined, { signal });
      setItems(r.notifications);
      setUnread(r.unread);
    } catch {
      // a missed poll is not worth an alert: the next one tries again (an ended session has its own notice)
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = setInterval(() => void load(controller.signal), NOTIFICATIONS_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void load(controller.signal);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      controller.abort();
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [load]);

  async function markRead(body: FormData) {
    try {
      const r = await apiPost<{ unread: number }>(NOTIFICATIONS_READ_URL, body);
      setUnread(r.unread);
      await load();
    } catch (e) {
      await showError(e);
    }
  }

  function readOne(n: NotificationJson) {
    if (n.readAt) return;
    const body = new FormData();
    body.set("ids", String(n.id));
    void markRead(body);
  }

  function readAll() {
    const body = new FormData();
    body.set("all", "1");
    void markRead(body);
  }

  const label = unread > 0 ? `Notifiche: ${unread} da leggere` : "Notifiche";
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
    >
      <Popover.Trigger asChild>
        <button type="button" aria-label={label} title={label} data-testid="notifications-bell" className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-primary-50">
          <BellIcon />
          {unread > 0 && (
            <span data-testid="notifications-unread" className="absolute -top-0.5 -right-0.5 min-w-[1.125rem] rounded-full bg-danger-600 px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-white">
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-(--z-modal) flex max-h-[min(28rem,calc(100vh-5rem))] w-[min(22rem,calc(100vw-1rem))] flex-col rounded-md border border-border bg-white text-sm shadow-lg"
          aria-label="Notifiche"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
            <span className="font-semibold">Notifiche</span>
            {unread > 0 && (
              <button type="button" className="text-xs font-medium text-primary-700 hover:underline" onClick={readAll}>
                Segna tutte come lette
              </button>
            )}
          </div>
          <ul className="min-h-0 flex-1 overflow-y-auto" data-testid="notifications-list">
            {items.length === 0 && <li className="px-3 py-4 text-center text-gray-500">Nessuna notifica</li>}
            {items.map((n) => {
              const content = (
                <>
                  <span className={`block ${n.readAt ? "text-gray-700" : "font-semibold text-gray-900"}`}>{n.title}</span>
                  {n.body && <span className="block text-xs text-gray-600">{n.body}</span>}
                  <span className="block text-xs text-gray-500">{formatDateTime(n.createdAt)}</span>
                </>
              );
              const className = `block w-full px-3 py-2 text-left hover:bg-primary-50 ${n.readAt ? "" : "border-l-4 border-primary-500 bg-primary-50/40"}`;
              return (
                <li key={n.id} className="border-b border-gray-100 last:border-b-0">
                  {n.link ? (
                    <Link
                      href={n.link}
                      className={className}
                      onClick={() => {
                        readOne(n);
                        setOpen(false);
                      }}
                    >
                      {content}
                    </Link>
                  ) : (
                    <button type="button" className={className} onClick={() => readOne(n)}>
                      {content}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
