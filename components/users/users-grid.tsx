"use client";

import { useMemo } from "react";
import { EntityGrid } from "@/components/grid/entity-grid";
import { StateBadge, type StateTone } from "@/components/grid/grid-cells";
import { formatCell } from "@/components/grid/grid-format";
import type { GridPage, GridRenderers, GridRow, GridRowAction } from "@/components/grid/grid-types";
import { confirmDialog } from "@/components/ui/dialogs";
import { apiPost, showError, showSuccess } from "@/lib/client/api";
import { ROLE_CHOICES, userApi } from "@/lib/schemas/user-admin";
import { UserForm } from "./user-form";
import { DisableUserIcon, EnableUserIcon, ResendInvitationIcon } from "./user-icons";

const ROLE_TONES: Record<string, StateTone> = { Utente: "blue", Amministrazione: "violet", Amministratore: "amber" };
const KNOWN_ROLE_LABELS = new Set(ROLE_CHOICES.map((c) => c.label));

/** The grid sends the roles as one text ('Utente, Amministratore'): one pill each. */
function RolesCell({ value }: { value: unknown }) {
  const labels = String(value ?? "")
    .split(", ")
    .filter((l) => KNOWN_ROLE_LABELS.has(l));
  return (
    <span className="flex min-w-0 gap-1">
      {labels.map((l) => (
        <StateBadge key={l} tone={ROLE_TONES[l]} label={l} />
      ))}
    </span>
  );
}

const RENDERERS: GridRenderers = {
  roles: (v) => <RolesCell value={v} />,
  color: (v) =>
    typeof v === "string" && /^#[0-9a-fA-F]{6}$/.test(v) ? (
      <span role="img" aria-label={`Colore ${v}`} title={v} className="inline-block h-4 w-8 rounded border border-gray-300 align-middle" style={{ backgroundColor: v }} />
    ) : null,
  lastLoginAt: (v, _row, column) => (v ? formatCell(column, v) : <span className="text-gray-500">Mai</span>),
  active: (v) => (v ? <StateBadge tone="green" label="Sì" /> : <StateBadge tone="red" label="No" title="Disabilitato" />),
  invitationPending: (v) => (v ? <StateBadge tone="amber" label="Sì" title="Non ha ancora scelto la password" /> : "No"),
};

function nameOf(row: GridRow): string {
  return `${String(row.firstName ?? "")} ${String(row.lastName ?? "")}`.trim() || String(row.email ?? "");
}

/** POST to one of the row's calls; the server's message as a toast, a refusal in the 'Attenzione' alert. Reloads on success. */
async function runUserCall(url: string): Promise<boolean> {
  try {
    void showSuccess(await apiPost(url));
    return true;
  } catch (e) {
    await showError(e);
    return false;
  }
}

/**
 * The Utenti page body: the tenant's users (the first block from the server component), 'Invita utente',
 * the form on double click or the pencil, and at the end of each row 'Disabilita' or 'Abilita' and,
 * while the invitation waits, 'Reinvia invito'. Users are never deleted and carry no row colour.
 * `currentUserId` hides 'Disabilita' on one's own row (the server refuses it anyway).
 */
export function UsersGrid({ initial, currentUserId }: { initial: GridPage; currentUserId?: number }) {
  const rowActions = useMemo<GridRowAction[]>(
    () => [
      {
        key: "disable",
        label: "Disabilita",
        icon: <DisableUserIcon />,
        hidden: (row) => row.active === false || row.id === currentUserId,
        run: async (row) => {
          const ok = await confirmDialog(`Disabilitare ${nameOf(row)}? Non potrà più accedere e le sue sessioni aperte terminano subito.`, { confirmLabel: "Disabilita", danger: true });
          return ok && runUserCall(`${userApi.url}/disable/${row.id}`);
        },
      },
      {
        key: "enable",
        label: "Abilita",
        icon: <EnableUserIcon />,
        hidden: (row) => row.active !== false,
        run: (row) => runUserCall(`${userApi.url}/enable/${row.id}`),
      },
      {
        key: "resend-invitation",
        label: "Reinvia invito",
        icon: <ResendInvitationIcon />,
        hidden: (row) => row.invitationPending !== true || row.active === false,
        run: async (row) => {
          const ok = await confirmDialog(`Inviare di nuovo l'invito a ${String(row.email ?? "")}? Il link dell'invito precedente non varrà più.`, { confirmLabel: "Invia" });
          return ok && runUserCall(`${userApi.url}/resend-invitation/${row.id}`);
        },
      },
    ],
    [currentUserId],
  );

  return (
    <EntityGrid
      api={userApi}
      initial={initial}
      createLabel="Invita utente"
      height="calc(100vh - 14rem)"
      renderers={RENDERERS}
      rowActions={rowActions}
      canDelete={false}
      canChangeColor={false}
      renderForm={(p) => <UserForm {...p} currentUserId={currentUserId} />}
    />
  );
}
