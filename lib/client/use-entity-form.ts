"use client";

import { useCallback, useState } from "react";

/**
 * Open-record registry and the grid-side state of an entity form dialog.
 *
 * Spec §4: an edit form for the same record cannot be opened twice at once.
 * The registry is module-level on purpose: two grids, a grid and a picker's
 * 'Visualizza' link, or a form opened from another form all share it.
 */

export const ALREADY_OPEN_MESSAGE = "La scheda è già aperta";

const openRecords = new Set<string>();

export function recordKey(entityName: string, id: string | number): string {
  return `${entityName}:${id}`;
}

/** Claims entityName+id; false when that record's form is already open. Release with releaseRecord. */
export function claimRecord(entityName: string, id: string | number): boolean {
  const key = recordKey(entityName, id);
  if (openRecords.has(key)) return false;
  openRecords.add(key);
  return true;
}

export function releaseRecord(entityName: string, id: string | number): void {
  openRecords.delete(recordKey(entityName, id));
}

export function isRecordOpen(entityName: string, id: string | number): boolean {
  return openRecords.has(recordKey(entityName, id));
}

/** Test helper: forget every open record. */
export function resetOpenRecords(): void {
  openRecords.clear();
}

/** What a grid keeps for its form dialog: closed (null), create ({}) or edit ({ id }). */
export type EntityFormState = null | { id?: number };

export interface EntityFormDialog {
  state: EntityFormState;
  isOpen: boolean;
  openCreate: () => void;
  openEdit: (id: number) => void;
  close: () => void;
}

/**
 * State for opening create/edit forms from a grid:
 *
 *   const dialog = useEntityFormDialog();
 *   <Button onClick={dialog.openCreate}>Nuovo</Button>
 *   {dialog.state && (
 *     <AgentForm id={dialog.state.id} onClose={dialog.close} onSaved={() => grid.refresh()} />
 *   )}
 */
export function useEntityFormDialog(): EntityFormDialog {
  const [state, setState] = useState<EntityFormState>(null);
  const openCreate = useCallback(() => setState({}), []);
  const openEdit = useCallback((id: number) => setState({ id }), []);
  const close = useCallback(() => setState(null), []);
  return { state, isOpen: state !== null, openCreate, openEdit, close };
}

/** create-form-data or update-form-data/{id} under an API base such as "/api/agents". */
export function formDataUrl(baseUrl: string, id?: number | string | null): string {
  return id === undefined || id === null ? `${baseUrl}/create-form-data` : `${baseUrl}/update-form-data/${id}`;
}

/** POST target of a save: the base for a create, base/{id} for an update. */
export function saveUrlFor(baseUrl: string, entity: { id?: unknown } | null | undefined): string {
  const id = entity?.id;
  return id === undefined || id === null || id === "" || id === 0 ? baseUrl : `${baseUrl}/${String(id)}`;
}
