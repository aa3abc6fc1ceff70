"use client";

import Link from "next/link";
import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { ChevronDownIcon, ChevronRightIcon } from "@/components/ui/icons";
import type { MenuItem } from "@/lib/navigation";
import { openTenantSettings } from "./tenant-settings-event";

function isActive(item: MenuItem, pathname: string): boolean {
  return item.path === pathname || Boolean(item.children?.some((c) => isActive(c, pathname)));
}

/** The side menu: groups (already filtered by role and tenant on the server), the Tabelle submenu. */
export function SideMenu({ items, pathname }: { items: MenuItem[]; pathname: string }) {
  return (
    <nav aria-label="Menu principale" className="py-2">
      {items.map((group) => (
        <div key={group.label} className="mb-2">
          <div data-testid="menu-group" className="px-4 py-1 text-xs font-semibold uppercase tracking-wide text-primary-700">
            {group.label}
          </div>
          <ul>
            {group.children?.map((item) => <MenuEntry key={item.label} item={item} pathname={pathname} depth={0} />)}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function MenuEntry({ item, pathname, depth }: { item: MenuItem; pathname: string; depth: number }) {
  const [open, setOpen] = useState(isActive(item, pathname));
  const pad = { paddingLeft: `${1 + depth}rem` };
  const base = "flex w-full items-center gap-2 py-1.5 pr-3 text-left text-gray-800 hover:bg-primary-50";
  if (item.children) {
    return (
      <li>
        <button type="button" className={base} style={pad} aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          <span className="flex-1">{item.label}</span>
          <span aria-hidden className="inline-flex text-gray-500">{open ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}</span>
        </button>
        {open && (
          <ul>
            {item.children.map((c) => <MenuEntry key={c.label} item={c} pathname={pathname} depth={depth + 1} />)}
          </ul>
        )}
      </li>
    );
  }
  if (item.action === "tenant-settings") {
    return (
      <li>
        <button type="button" className={base} style={pad} onClick={openTenantSettings}>
          {item.label}
        </button>
      </li>
    );
  }
  const active = item.path === pathname;
  return (
    <li>
      <Link
        href={item.path!}
        className={cn(base, active && "bg-primary-100 font-semibold text-primary-800")}
        style={pad}
        aria-current={active ? "page" : undefined}
      >
        <span className="flex-1">{item.label}</span>
        {item.badge && <span className="rounded bg-primary-100 px-1.5 text-xs text-primary-700">{item.badge}</span>}
      </Link>
    </li>
  );
}
