"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Button } from "@/components/ui/button";
import { alertDialog, confirmDialog } from "@/components/ui/dialogs";
import { apiDelete, showError, showSuccess } from "@/lib/client/api";
import {
  DEFAULT_MAX_SIDE,
  IMAGE_DELETE_CONFIRM,
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_BYTES,
  PREVIEW_MAX_HEIGHT,
  initialCrop,
  moveCrop,
  outputSize,
  previewSize,
  resizeCrop,
  type AspectRange,
  type CropBox,
} from "@/lib/client/image-crop";

export const NOT_AN_IMAGE_MESSAGE = "Il file selezionato non è un'immagine";

export type ImageFieldMode = "server" | "preview" | "removed";

export interface ImageFieldProps {
  /** The cropped JPEG to upload with the save, null when unchanged. */
  value: Blob | null | undefined;
  onChange: (value: Blob | null) => void;
  /** Current image from the server (URL or data: URL); null when there is none. */
  src?: string | null;
  /** DELETE endpoint removing the server image (irreversible, confirmed). No delete button without it. */
  deleteUrl?: string;
  /** After the server image was deleted. */
  onDeleted?: () => void;
  /** Allowed width/height ratio of the crop (e.g. LOGO_ASPECT: 1:5 to 5:1). */
  aspect?: AspectRange;
  /** Longest side of the exported JPEG (default 1600 px). */
  maxSide?: number;
  /** Largest accepted file (default 30 MB). */
  maxBytes?: number;
  /** Preview height cap (default 250 px). */
  previewMaxHeight?: number;
  /** JPEG quality 0..1 (default 0.9). */
  quality?: number;
  disabled?: boolean;
  /** Accessible name of the image ('Logo'). */
  label?: string;
}

interface Loaded {
  url: string;
  image: HTMLImageElement;
  width: number;
  height: number;
}

type Drag = { kind: "move" | "resize"; startX: number; startY: number; box: CropBox } | null;

/** Crops with a canvas and exports a JPEG (white behind transparent pixels). */
export function exportCrop(image: CanvasImageSource, box: CropBox, maxSide = DEFAULT_MAX_SIDE, quality = 0.9): Promise<Blob | null> {
  const { width, height } = outputSize(box.width, box.height, maxSide);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return Promise.resolve(null);
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, box.x, box.y, box.width, box.height, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), "image/jpeg", quality));
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(NOT_AN_IMAGE_MESSAGE));
    image.src = url;
  });
}

/**
 * Image upload with crop (spec §4, §5): from server -> new preview being
 * cropped -> (Annulla discards it) ; delete is irreversible and confirmed.
 * A picked file over 30 MB is refused with its alert. The crop box is dragged
 * to move and by its corner to resize (arrows move it, Shift+arrows resize);
 * the result is a JPEG whose longest side is at most 1600 px, emitted through
 * onChange for the save's multipart body.
 */
export function ImageField({
  value,
  onChange,
  src,
  deleteUrl,
  onDeleted,
  aspect,
  maxSide = DEFAULT_MAX_SIDE,
  maxBytes = MAX_IMAGE_BYTES,
  previewMaxHeight = PREVIEW_MAX_HEIGHT,
  quality = 0.9,
  disabled = false,
  label = "Immagine",
}: ImageFieldProps) {
  const [mode, setMode] = useState<ImageFieldMode>("server");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [crop, setCrop] = useState<CropBox | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [resultUrl, setResultUrl] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const drag = useRef<Drag>(null);
  const exportSeq = useRef(0);

  // The form dropped the cropped blob (reset after a save or a reload): drop the preview too.
  const previousValue = useRef(value);
  useEffect(() => {
    const hadBlob = previousValue.current instanceof Blob;
    previousValue.current = value;
    if (hadBlob && !value && mode === "preview") {
      exportSeq.current++;
      setLoaded(null);
      setCrop(null);
      setMode("server");
    }
  }, [value, mode]);

  // A new server image (after a save) replaces the 'removed' state.
  useEffect(() => {
    if (src) setMode((m) => (m === "removed" ? "server" : m));
  }, [src]);

  useEffect(() => () => {
    if (loaded) URL.revokeObjectURL(loaded.url);
  }, [loaded]);

  useEffect(() => {
    if (!value) {
      setResultUrl(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setResultUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const emitCrop = async (image: HTMLImageElement, box: CropBox) => {
    const seq = ++exportSeq.current;
    const blob = await exportCrop(image, box, maxSide, quality);
    if (seq === exportSeq.current && blob) onChange(blob);
  };

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    if (file.size > maxBytes) {
      await alertDialog(IMAGE_TOO_LARGE_MESSAGE);
      return;
    }
    if (file.type && !file.type.startsWith("image/")) {
      await alertDialog(NOT_AN_IMAGE_MESSAGE);
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      const image = await loadImage(url);
      const box = initialCrop(image.naturalWidth, image.naturalHeight, aspect);
      setLoaded({ url, image, width: image.naturalWidth, height: image.naturalHeight });
      setCrop(box);
      setMode("preview");
      await emitCrop(image, box);
    } catch {
      URL.revokeObjectURL(url);
      await alertDialog(NOT_AN_IMAGE_MESSAGE);
    }
  };

  const undo = () => {
    exportSeq.current++;
    setLoaded(null);
    setCrop(null);
    setMode(src ? "server" : mode === "removed" ? "removed" : "server");
    onChange(null);
  };

  const remove = async () => {
    if (!deleteUrl) return;
    if (!(await confirmDialog(IMAGE_DELETE_CONFIRM, { danger: true, confirmLabel: "Elimina" }))) return;
    setDeleting(true);
    try {
      const response = await apiDelete(deleteUrl);
      void showSuccess(response);
      setMode("removed");
      onDeleted?.();
    } catch (error) {
      void showError(error);
    } finally {
      setDeleting(false);
    }
  };

  const view = loaded ? previewSize(loaded.width, loaded.height, previewMaxHeight, 560) : null;

  const onPointerDown = (kind: "move" | "resize") => (event: PointerEvent<HTMLElement>) => {
    if (disabled || !crop) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { kind, startX: event.clientX, startY: event.clientY, box: crop };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || !loaded || !view) return;
    const dx = (event.clientX - d.startX) / view.scale;
    const dy = (event.clientY - d.startY) / view.scale;
    setCrop(
      d.kind === "move"
        ? moveCrop(d.box, dx, dy, loaded.width, loaded.height)
        : resizeCrop(d.box, d.box.width + dx, d.box.height + dy, loaded.width, loaded.height, aspect),
    );
  };

  const onPointerUp = () => {
    if (!drag.current || !loaded || !crop) return;
    drag.current = null;
    void emitCrop(loaded.image, crop);
  };

  const onCropKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!loaded || !crop) return;
    const stepPx = Math.max(1, Math.round(Math.max(loaded.width, loaded.height) / 100));
    const delta: Record<string, [number, number]> = { ArrowLeft: [-stepPx, 0], ArrowRight: [stepPx, 0], ArrowUp: [0, -stepPx], ArrowDown: [0, stepPx] };
    const move = delta[event.key];
    if (!move) return;
    event.preventDefault();
    const next = event.shiftKey
      ? resizeCrop(crop, crop.width + move[0], crop.height + move[1], loaded.width, loaded.height, aspect)
      : moveCrop(crop, move[0], move[1], loaded.width, loaded.height);
    setCrop(next);
    void emitCrop(loaded.image, next);
  };

  return (
    <div className="flex flex-col gap-2" data-testid="image-field" data-mode={mode}>
      {mode === "preview" && loaded && crop && view ? (
        <div className="flex flex-wrap items-start gap-4">
          <div
            className="relative touch-none select-none overflow-hidden rounded border border-border bg-gray-100"
            style={{ width: view.width, height: view.height }}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- a blob: URL of the chosen file, drawn at the crop view's exact pixel size: next/image cannot optimise or load object URLs */}
            <img src={loaded.url} alt="" draggable={false} style={{ width: view.width, height: view.height }} className="block opacity-60" />
            <div
              role="slider"
              tabIndex={disabled ? -1 : 0}
              aria-label="Area di ritaglio (frecce per spostare, Maiuscolo + frecce per ridimensionare)"
              aria-valuetext={`${Math.round(crop.width)} x ${Math.round(crop.height)} px`}
              onKeyDown={onCropKey}
              onPointerDown={onPointerDown("move")}
              className="absolute cursor-move border-2 border-primary-600 outline-none focus-visible:ring-2 focus-visible:ring-primary-300"
              style={{
                left: crop.x * view.scale,
                top: crop.y * view.scale,
                width: crop.width * view.scale,
                height: crop.height * view.scale,
                backgroundImage: `url(${loaded.url})`,
                backgroundSize: `${view.width}px ${view.height}px`,
                backgroundPosition: `${-crop.x * view.scale}px ${-crop.y * view.scale}px`,
              }}
            >
              <span
                aria-hidden
                onPointerDown={onPointerDown("resize")}
                className="absolute -right-1.5 -bottom-1.5 h-3 w-3 cursor-nwse-resize rounded-sm border border-white bg-primary-600"
              />
            </div>
          </div>
          {resultUrl && (
            <figure className="flex flex-col gap-1 text-xs text-gray-600">
              {/* eslint-disable-next-line @next/next/no-img-element -- a blob: URL of the cropped JPEG, made in the browser: nothing for next/image to optimise */}
              <img src={resultUrl} alt={`${label}: anteprima del ritaglio`} className="max-h-[120px] max-w-[240px] rounded border border-border object-contain" />
              <figcaption>Anteprima</figcaption>
            </figure>
          )}
        </div>
      ) : mode === "server" && src ? (
        // eslint-disable-next-line @next/next/no-img-element -- the stored image arrives as a data: URL (or a same-origin URL behind the session cookie), which next/image's optimiser cannot fetch
        <img src={src} alt={label} className="w-fit rounded border border-border object-contain" style={{ maxHeight: previewMaxHeight, maxWidth: "100%" }} />
      ) : (
        <p className="text-sm text-gray-500">{mode === "removed" ? "Immagine eliminata" : "Nessuna immagine"}</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          aria-label={`Scegli ${label.toLowerCase()}`}
          className="sr-only"
          tabIndex={-1}
          disabled={disabled}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => fileInput.current?.click()}>
          {mode === "preview" ? "Scegli un'altra immagine" : "Carica immagine"}
        </Button>
        {mode === "preview" && (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={undo}>
            Annulla modifica
          </Button>
        )}
        {mode === "server" && src && deleteUrl && (
          <Button variant="danger" size="sm" disabled={disabled} loading={deleting} onClick={() => void remove()}>
            Elimina immagine
          </Button>
        )}
      </div>
    </div>
  );
}
