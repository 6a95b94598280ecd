/** True when the bytes start as a PDF does (`%PDF-`): checked before a provider's file is merged. */
export const isPdf = (b: Buffer): boolean => b.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * One PDF of the pages of `files`, in order (the merged labels and invoices of a bulk job). Each is
 * checked to be a PDF, by its header and then read whole, before anything is merged: the first that
 * is not throws `refuse(i)`. pdf-lib (3 MB of the server's heap once imported) is imported on the
 * first merge, so a server that never merges does not keep it.
 */
export async function mergePdfs(files: readonly Buffer[], refuse: (index: number) => Error): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const sources = [];
  for (const [i, file] of files.entries()) {
    if (!isPdf(file)) throw refuse(i);
    sources.push(await PDFDocument.load(file).catch(() => Promise.reject(refuse(i))));
  }
  const merged = await PDFDocument.create();
  for (const src of sources) for (const page of await merged.copyPages(src, src.getPageIndices())) merged.addPage(page);
  return Buffer.from(await merged.save());
}
