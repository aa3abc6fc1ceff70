import Link from "next/link";
import { Card } from "@/components/ui/card";
import type { MenuItem } from "@/lib/navigation";

/**
 * /dashboard, the start page of users without ROLE_USER (an accountant who only sees the documents, an
 * administrator of users): the sections their roles open, as links, grouped as the menu groups them.
 */
export function StartLinks({ firstName, denomination, menu }: { firstName: string; denomination: string; menu: MenuItem[] }) {
  const groups = menu.map((g) => ({ label: g.label, links: (g.children ?? [g]).filter((i) => i.path) })).filter((g) => g.links.length > 0);
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">Benvenuto{firstName ? `, ${firstName}` : ""}</h2>
        <p className="text-gray-600">{denomination}</p>
      </div>
      {groups.length === 0 ? (
        <p className="text-gray-600">Il tuo utente non ha ancora accesso a nessuna sezione: chiedi all&apos;amministratore di assegnarti un ruolo.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="start-links">
          {groups.map((g) => (
            <Card key={g.label} title={g.label}>
              <ul className="space-y-1.5 text-sm">
                {g.links.map((l) => (
                  <li key={l.path}>
                    <Link href={l.path!} className="text-primary-700 hover:underline">
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
