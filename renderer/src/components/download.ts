/** Saves base64 content as a file through a temporary object URL (the browser's own download). */
export function downloadBase64(base64: string, filename: string, mediaType: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
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

/** `facture.pdf` → `facture.xml`; `suffix` marks a derived file (`facture-repaired.xml`). */
export function xmlFilename(filename: string, suffix = ''): string {
  const base = filename.replace(/\.[^./\\]+$/, '');
  return `${base === '' ? 'invoice' : base}${suffix}.xml`;
}
