"use client";

import { useMemo, useState } from "react";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage, GridRenderers } from "@/components/grid/grid-types";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CONTACT_TYPOLOGIES, CONTACT_TYPOLOGY_LABELS, contactApi, type ContactRole, type ContactTypology } from "@/lib/schemas/contact";
import { ContactForm } from "./contact-form";
import { ContactImportDialog } from "./contact-import-dialog";

/** A foreign VAT number with its country, as it is written ("DE811907980"); an Italian one bare. */
const RENDERERS: GridRenderers = {
  vatNumber: (v, row) => (typeof v === "string" && v && typeof row.vatCountry === "string" && row.vatCountry !== "IT" ? `${row.vatCountry}${v}` : (v as string | null)),
};

/** A quick filter of the toolbar: a toggle button (aria-pressed). */
function QuickFilter({ label, pressed, onToggle }: { label: string; pressed: boolean; onToggle: () => void }) {
  return (
    <Button
      type="button"
      size="sm"
      variant="secondary"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cn(pressed && "border-primary-600 bg-primary-100 text-primary-900 hover:bg-primary-100")}
    >
      {label}
    </Button>
  );
}

/**
 * The Anagrafica page body: the contacts' server-paged grid with 'Nuovo cliente/fornitore', 'Importa',
 * the 'Tipologia' select (Tutti, Persone fisiche, Persone giuridiche) and the Clienti / Fornitori quick
 * filters, sent as the list's addedParams { typology, role }; the search covers name, code, VAT number,
 * codice fiscale, e-mail and city; export, 'Cambia colore' and 'Elimina' are the shared grid's.
 */
export function ContactsGrid({ initial }: { initial: GridPage }) {
  const [typology, setTypology] = useState<ContactTypology>("ALL");
  const [role, setRole] = useState<ContactRole | null>(null);
  const [importing, setImporting] = useState(false);
  const [reloads, setReloads] = useState(0);
  // the grid reloads when its params change: a new object only when a filter does
  const params = useMemo(
    () => (typology === "ALL" && !role ? undefined : { addedParams: JSON.stringify({ typology, ...(role ? { role } : {}) }) }),
    [typology, role],
  );
  const toggle = (r: ContactRole) => setRole((current) => (current === r ? null : r));

  return (
    <>
      <EntityGrid
        // an import's new rows: the grid reads its first block again
        reloadKey={reloads}
        api={contactApi}
        initial={initial}
        params={params}
        createLabel="Nuovo cliente/fornitore"
        renderers={RENDERERS}
        height="calc(100vh - 14rem)"
        renderForm={(p) => <ContactForm {...p} />}
        toolbarExtra={
          <>
            <Button type="button" size="sm" variant="secondary" onClick={() => setImporting(true)}>
              Importa
            </Button>
            <label className="flex items-center gap-1.5 text-sm text-gray-700">
              Tipologia
              <select
                aria-label="Tipologia"
                value={typology}
                onChange={(e) => setTypology(e.target.value as ContactTypology)}
                className="h-8 rounded-md border border-border bg-white px-2 text-sm"
              >
                {CONTACT_TYPOLOGIES.map((t) => (
                  <option key={t} value={t}>
                    {CONTACT_TYPOLOGY_LABELS[t]}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex items-center gap-1" role="group" aria-label="Filtri rapidi">
              <QuickFilter label="Clienti" pressed={role === "CUSTOMER"} onToggle={() => toggle("CUSTOMER")} />
              <QuickFilter label="Fornitori" pressed={role === "SUPPLIER"} onToggle={() => toggle("SUPPLIER")} />
            </div>
          </>
        }
      />
      {importing && (
        <ContactImportDialog
          onClose={(imported) => {
            setImporting(false);
            if (imported) setReloads((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
