"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { alertDialog, confirmDialog } from "@/components/ui/dialogs";
import { Input } from "@/components/ui/input";
import { formatBytes, MB } from "@/lib/client/input-values";

export const MAX_ATTACHMENT_BYTES = 100 * MB;
export const ATTACHMENT_DELETE_CONFIRM = "Confermi l'eliminazione?";

/** 'Il file "x.pdf" supera la dimensione massima consentita di 100 MB'. */
export function attachmentTooLargeMessage(name: string, maxBytes = MAX_ATTACHMENT_BYTES): string {
  return `Attenzione: il file "${name}" supera la dimensione massima consentita di ${formatBytes(maxBytes)}`;
}

/** An attachment row: saved ones have an id; new ones carry the Blob until the save. */
export interface AttachmentItem {
  id?: number;
  /** Client key of a row not saved yet. */
  tempId?: string;
  name: string;
  size?: number;
  description?: string;
  /** New file, sent with the save (see newAttachmentBlobs). */
  content?: Blob;
}

export interface FileListProps {
  value: readonly AttachmentItem[] | null | undefined;
  onChange: (value: AttachmentItem[]) => void;
  /** Adding files allowed. */
  canUpload?: boolean;
  /** Removing files allowed (saved files go away at the save). */
  canDelete?: boolean;
  /** Descriptions editable. */
  editable?: boolean;
  /** Per-file limit (default 100 MB). */
  maxBytes?: number;
  /** Opens a saved file (e.g. GET .../get-file/{id}/files/{fileId}). */
  onOpen?: (item: AttachmentItem) => void;
  disabled?: boolean;
}

let tempCounter = 0;

/** The Blobs of the new rows by row index (empty slots for saved rows): pass as files { filesContent: ... }. */
export function newAttachmentBlobs(items: readonly AttachmentItem[]): (Blob | null)[] {
  return items.map((item) => (item.id === undefined && item.content ? item.content : null));
}

/** Rows without their Blobs, for the entity JSON. */
export function attachmentsForJson(items: readonly AttachmentItem[]): Omit<AttachmentItem, "content">[] {
  return items.map(({ content: _content, ...rest }) => rest);
}

/**
 * Attachment list (spec §3 Attachment, §6): name, size, description, with
 * canUpload / canDelete / editable switches set by the caller. Files over
 * 100 MB are refused with an alert naming the limit; new files are kept as
 * Blobs until the form is saved.
 */
export function FileList({
  value,
  onChange,
  canUpload = true,
  canDelete = true,
  editable = true,
  maxBytes = MAX_ATTACHMENT_BYTES,
  onOpen,
  disabled = false,
}: FileListProps) {
  const items = value ?? [];
  const input = useRef<HTMLInputElement>(null);

  const add = async (files: FileList | null) => {
    const picked = Array.from(files ?? []);
    if (input.current) input.current.value = "";
    const accepted: AttachmentItem[] = [];
    for (const file of picked) {
      if (file.size > maxBytes) {
        await alertDialog(attachmentTooLargeMessage(file.name, maxBytes));
        continue;
      }
      accepted.push({ tempId: `new-${++tempCounter}`, name: file.name, size: file.size, description: "", content: file });
    }
    if (accepted.length > 0) onChange([...items, ...accepted]);
  };

  const remove = async (index: number) => {
    if (!(await confirmDialog(ATTACHMENT_DELETE_CONFIRM, { danger: true }))) return;
    onChange(items.filter((_, i) => i !== index));
  };

  const describe = (index: number, description: string) =>
    onChange(items.map((item, i) => (i === index ? { ...item, description } : item)));

  return (
    <div className="flex flex-col gap-2" data-testid="file-list">
      {items.length === 0 ? (
        <p className="text-sm text-gray-500">Nessun allegato</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-border text-left text-gray-600">
              <th className="py-1 pr-2 font-medium">Nome</th>
              <th className="py-1 pr-2 font-medium">Dimensione</th>
              <th className="py-1 pr-2 font-medium">Descrizione</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={item.id ?? item.tempId ?? index} className="border-b border-border/60 align-middle">
                <td className="py-1 pr-2">
                  {onOpen && item.id !== undefined ? (
                    <button type="button" className="text-primary-700 hover:underline" onClick={() => onOpen(item)}>
                      {item.name}
                    </button>
                  ) : (
                    item.name
                  )}
                  {item.id === undefined && <span className="ml-1 text-xs text-amber-700">(da salvare)</span>}
                </td>
                <td className="py-1 pr-2 whitespace-nowrap tabular-nums">{item.size !== undefined ? formatBytes(item.size) : ""}</td>
                <td className="py-1 pr-2">
                  {editable ? (
                    <Input
                      aria-label={`Descrizione di ${item.name}`}
                      value={item.description ?? ""}
                      disabled={disabled}
                      onChange={(e) => describe(index, e.target.value)}
                      className="h-8"
                    />
                  ) : (
                    item.description
                  )}
                </td>
                <td className="py-1 text-right">
                  {canDelete && (
                    <Button variant="ghost" size="sm" disabled={disabled} aria-label={`Elimina ${item.name}`} onClick={() => void remove(index)}>
                      Elimina
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canUpload && (
        <div className="flex items-center gap-2">
          <input
            ref={input}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Scegli file da allegare"
            disabled={disabled}
            onChange={(e) => void add(e.target.files)}
          />
          <Button variant="secondary" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
            Aggiungi file
          </Button>
          <span className="text-xs text-gray-500">Massimo {formatBytes(maxBytes)} per file</span>
        </div>
      )}
    </div>
  );
}
