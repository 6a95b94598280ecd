/**
 * Reads the first sheet of an XLSX with read-excel-file in a worker thread (sheetImport.ts), so a
 * large sheet's parse holds this thread and this thread's heap, never the server's. The archive it
 * gets was unzipped under the zip guard and packed again uncompressed: it unpacks to its own size.
 * A sheet of more rows or cells than allowed is answered as such instead of its rows, which the
 * server's thread would otherwise have to copy in.
 *
 * Plain JavaScript so it starts the same under tsx, vitest and plain node (no loader in workers).
 * In: workerData {bytes: Uint8Array, maxRows, maxCells}. Out: one message, {rows}, {tooMany} or {error}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readSheet } from 'read-excel-file/node';

try {
  const { bytes, maxRows, maxCells } = workerData;
  const rows = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  let cells = 0;
  for (const row of rows) cells += row.length;
  if (rows.length > maxRows) parentPort.postMessage({ tooMany: 'rows' });
  else if (cells > maxCells) parentPort.postMessage({ tooMany: 'cells' });
  else parentPort.postMessage({ rows });
} catch (err) {
  parentPort.postMessage({ error: String(err?.message ?? err) });
}
