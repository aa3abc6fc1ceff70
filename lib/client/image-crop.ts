/**
 * Crop-box geometry of the image field, in the image's natural pixels.
 * Aspect ratios are width / height (the logo allows 1:5 = 0.2 to 5:1 = 5).
 */

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AspectRange {
  min?: number;
  max?: number;
}

export const MAX_IMAGE_BYTES = 30 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = "Attenzione: l'immagine caricata non può superare i 30 MB";
export const IMAGE_DELETE_CONFIRM = "Confermi l'eliminazione dell'immagine? QUESTA OPERAZIONE NON PUO' ESSERE ANNULLATA";
export const DEFAULT_MAX_SIDE = 1600;
export const PREVIEW_MAX_HEIGHT = 250;
export const LOGO_ASPECT: AspectRange = { min: 1 / 5, max: 5 };

const MIN_CROP_SIDE = 8;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Width/height adjusted (shrinking only) so width/height lies within the range. */
export function fitAspect(width: number, height: number, aspect: AspectRange = {}): { width: number; height: number } {
  const ratio = width / height;
  if (aspect.max !== undefined && ratio > aspect.max) return { width: height * aspect.max, height };
  if (aspect.min !== undefined && ratio < aspect.min) return { width, height: width / aspect.min };
  return { width, height };
}

/** The largest centred box of the image within the allowed aspect range. */
export function initialCrop(imageWidth: number, imageHeight: number, aspect: AspectRange = {}): CropBox {
  const { width, height } = fitAspect(imageWidth, imageHeight, aspect);
  return { x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width, height };
}

/** Moves the box by (dx, dy), keeping it inside the image. */
export function moveCrop(box: CropBox, dx: number, dy: number, imageWidth: number, imageHeight: number): CropBox {
  return {
    ...box,
    x: clamp(box.x + dx, 0, imageWidth - box.width),
    y: clamp(box.y + dy, 0, imageHeight - box.height),
  };
}

/**
 * Resizes from the bottom-right corner to (width, height), keeping the top-left
 * corner, the image bounds and the aspect range.
 */
export function resizeCrop(
  box: CropBox,
  width: number,
  height: number,
  imageWidth: number,
  imageHeight: number,
  aspect: AspectRange = {},
): CropBox {
  let w = clamp(width, MIN_CROP_SIDE, imageWidth - box.x);
  let h = clamp(height, MIN_CROP_SIDE, imageHeight - box.y);
  ({ width: w, height: h } = fitAspect(w, h, aspect));
  return { ...box, width: w, height: h };
}

/** Size of the exported JPEG: the crop scaled down so its longest side is at most maxSide. */
export function outputSize(cropWidth: number, cropHeight: number, maxSide = DEFAULT_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(cropWidth, cropHeight));
  return { width: Math.max(1, Math.round(cropWidth * scale)), height: Math.max(1, Math.round(cropHeight * scale)) };
}

/** Displayed size of the preview: at most maxHeight tall and maxWidth wide, never enlarged. */
export function previewSize(imageWidth: number, imageHeight: number, maxHeight = PREVIEW_MAX_HEIGHT, maxWidth = Number.POSITIVE_INFINITY) {
  const scale = Math.min(1, maxHeight / imageHeight, maxWidth / imageWidth);
  return { width: imageWidth * scale, height: imageHeight * scale, scale };
}
