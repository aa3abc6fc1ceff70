/**
 * Saving a file the server answered: the API's { filename, contentBase64, contentType } (PDF, FatturaPA XML,
 * expense files) or a binary response (the zip of XML files), through a temporary object URL and a link click.
 */
export interface Base64File {
  filename: string;
  contentBase64: string;
  contentType: string;
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the click has started the download; the URL is freed after the browser has read it
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function base64ToBlob(file: Pick<Base64File, "contentBase64" | "contentType">): Blob {
  const bin = atob(file.contentBase64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: file.contentType });
}

export function saveBase64File(file: Base64File): void {
  saveBlob(base64ToBlob(file), file.filename);
}
