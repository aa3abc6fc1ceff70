"use client";

import type { ReactNode } from "react";
import { Tabs } from "radix-ui";
import { cn } from "@/components/ui/cn";
import { ErrorIcon } from "@/components/ui/form-banner";

export interface FormTabDef {
  key: string;
  label: string;
  /** Form field names (or path prefixes such as "agentCommissions") whose errors belong to this tab. */
  fields?: readonly string[];
}

export interface FormTabsProps {
  tabs: readonly FormTabDef[];
  value: string;
  onValueChange: (key: string) => void;
  /** Messages per tab key: a tab with messages shows the error icon. */
  errors?: Readonly<Record<string, readonly string[]>>;
  children: ReactNode;
  className?: string;
}

/** Tab strip of a form (Radix Tabs). Panels are <FormTab value=key>; all stay mounted so values and crops survive switching. */
export function FormTabs({ tabs, value, onValueChange, errors = {}, children, className }: FormTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={onValueChange} className={cn("flex flex-col gap-3", className)}>
      <Tabs.List aria-label="Sezioni del modulo" className="flex flex-wrap gap-1 border-b border-border">
        {tabs.map((tab) => {
          const messages = errors[tab.key] ?? [];
          return (
            <Tabs.Trigger
              key={tab.key}
              value={tab.key}
              className={cn(
                "-mb-px inline-flex items-center gap-1.5 rounded-t-md border border-transparent px-3 py-2 text-sm font-medium text-gray-600",
                "hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-500",
                "data-[state=active]:border-border data-[state=active]:border-b-surface data-[state=active]:bg-surface data-[state=active]:text-primary-800",
                messages.length > 0 && "text-danger-700",
              )}
            >
              {messages.length > 0 && (
                // Decorative icon + tooltip; the error itself is announced by the banner, and the tab's
                // name stays its label (so "getByLabel" style look-ups of fields stay unambiguous).
                <span title={messages.join("\n")} className="inline-flex">
                  <ErrorIcon />
                  <span className="sr-only">(con errori)</span>
                </span>
              )}
              {tab.label}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {children}
    </Tabs.Root>
  );
}

/** One tab's panel; hidden (not unmounted) while another tab is selected. */
export function FormTab({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <Tabs.Content value={value} forceMount className={cn("outline-none data-[state=inactive]:hidden", className)}>
      {children}
    </Tabs.Content>
  );
}
