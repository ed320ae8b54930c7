/**
 * Saves base64 content as a file: in the desktop app through the bridge's native save dialog, in a
 * browser through a temporary object URL (the browser's own download).
 */
export function downloadBase64(base64: string, filename: string, mediaType: string): void {
  downloadBytes(base64Bytes(base64), filename, mediaType);
}

export const base64Bytes = (base64: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/** Saves bytes as a file, as downloadBase64 does. */
export function downloadBytes(bytes: Uint8Array<ArrayBuffer>, filename: string, mediaType: string): void {
  if (window.facturx) {
    void window.facturx.saveFile(filename, bytes);
    return;
  }
  const url = URL.createObjectURL(new Blob([bytes], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, else some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `facture.pdf` → `facture<suffix>.<extension>` (`facture-facturx.pdf`); `invoice` when there is no base. */
export function derivedFilename(filename: string, suffix: string, extension: string): string {
  const base = filename.replace(/\.[^./\\]+$/, '');
  return `${base === '' ? 'invoice' : base}${suffix}.${extension}`;
}

/** `facture.pdf` → `facture.xml`; `suffix` marks a derived file (`facture-repaired.xml`). */
export function xmlFilename(filename: string, suffix = ''): string {
  return derivedFilename(filename, suffix, 'xml');
}
