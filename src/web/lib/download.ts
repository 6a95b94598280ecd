/** How long the saved file's object URL lives: the browser has started the download long before. */
export const DOWNLOAD_URL_LIFETIME_MS = 10_000;

/** Saves a blob as a file of that name (the browser's download), like a link with `download`. */
export function saveFile(blob: Blob, filename: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked later, not at once: Firefox reads the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
  }
}
