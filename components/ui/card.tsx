import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export interface CardProps extends Omit<ComponentProps<"section">, "title"> {
  /** Card heading, e.g. 'Dati personali', 'Righe'. */
  title?: ReactNode;
  /** Right-aligned header content (buttons). */
  actions?: ReactNode;
  bodyClassName?: string;
}

/** A titled panel grouping related fields (server-safe, no client JS). */
export function Card({ title, actions, className, bodyClassName, children, ...props }: CardProps) {
  return (
    <section className={cn("rounded-lg border border-border bg-surface shadow-sm", className)} {...props}>
      {(title !== undefined || actions !== undefined) && (
        <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-2.5">
          {title !== undefined && <h3 className="font-semibold text-primary-900">{title}</h3>}
          {actions !== undefined && <div className="flex items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={cn("p-4", bodyClassName)}>{children}</div>
    </section>
  );
}
