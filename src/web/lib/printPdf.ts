/**
 * Printing a PDF of the API (an AWB label, an invoice) without leaving the page: fetch
 * it with the session's headers, put it in a temporary hidden frame, wait the print delay once it has
 * loaded, print the frame, and remove the frame (and free the PDF's memory) once printing is over.
 * Each stage that can fail has its own message, which the caller words (each ends by
 * suggesting a download instead, the way out when printing fails).
 */

/** The delay before printing, so the browser's PDF viewer is ready in the frame. */
export const PRINT_DELAY_MS = 100;
/** A PDF that has not loaded in the frame by then counts as a load failure. */
export const PRINT_LOAD_TIMEOUT_MS = 20_000;
/**
 * The frame goes when printing ends (`afterprint`, or the page getting the focus back from the print
 * dialog), and at the latest after this: a PDF viewer does not always say when it is done.
 */
export const PRINT_CLEANUP_MS = 60_000;
/** The frame's test id (browser tests check that it comes and goes). */
export const PRINT_FRAME_TEST_ID = 'print-frame';

export type PrintStage = 'fetch' | 'setup' | 'load' | 'print';

/** A failed print: the stage that failed, with the caller's text for it. */
export class PrintError extends Error {
  constructor(
    public stage: PrintStage,
    message: string,
    public cause?: unknown,
  ) {
    super(message);
    this.name = 'PrintError';
  }
}

export interface PrintOptions {
  /** The text of a failure at this stage (`cause`: what was thrown, e.g. the API's error for `fetch`). */
  message: (stage: PrintStage, cause: unknown) => string;
  delayMs?: number;
  loadTimeoutMs?: number;
  cleanupMs?: number;
  /** The document to print from (tests). */
  doc?: Document;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Prints the PDF that `fetchPdf` answers. Resolves once the print was started; rejects with a
 * PrintError naming the stage that failed. The frame is removed on every path.
 */
export async function printPdf(fetchPdf: () => Promise<Blob>, options: PrintOptions): Promise<void> {
  const {
    message,
    delayMs = PRINT_DELAY_MS,
    loadTimeoutMs = PRINT_LOAD_TIMEOUT_MS,
    cleanupMs = PRINT_CLEANUP_MS,
  } = options;
  const doc = options.doc ?? document;
  const fail = (stage: PrintStage, cause: unknown) => new PrintError(stage, message(stage, cause), cause);

  let blob: Blob;
  try {
    blob = await fetchPdf();
  } catch (e) {
    throw fail('fetch', e);
  }

  let frame: HTMLIFrameElement | null = null;
  let url: string | null = null;
  // Set once printing started; cleanup() may run before (a failure) or after it.
  const timers: { fallback?: ReturnType<typeof setTimeout>; done?: boolean } = {};
  const parentWindow = doc.defaultView;
  const cleanup = () => {
    timers.done = true;
    clearTimeout(timers.fallback);
    parentWindow?.removeEventListener('focus', cleanup);
    frame?.remove();
    frame = null;
    if (url) URL.revokeObjectURL(url);
    url = null;
  };

  let loaded: Promise<void>;
  try {
    url = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
    const f = doc.createElement('iframe');
    frame = f;
    f.dataset.testid = PRINT_FRAME_TEST_ID;
    f.setAttribute('aria-hidden', 'true');
    f.tabIndex = -1;
    // Hidden but rendered: a frame with display none would not load the PDF viewer in some browsers.
    f.setAttribute('style', 'visibility: hidden; position: absolute; width: 0; height: 0; border: 0');
    loaded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The PDF did not load in time')), loadTimeoutMs);
      f.addEventListener('load', () => (clearTimeout(timer), resolve()), { once: true });
      f.addEventListener('error', (e) => (clearTimeout(timer), reject(e)), { once: true });
    });
    f.src = url;
    doc.body.appendChild(f);
  } catch (e) {
    cleanup();
    throw fail('setup', e);
  }

  try {
    await loaded;
  } catch (e) {
    cleanup();
    throw fail('load', e);
  }

  await sleep(delayMs);

  try {
    const win = frame?.contentWindow;
    if (!win) throw new Error('The print frame has no window');
    win.addEventListener('afterprint', cleanup, { once: true });
    win.focus();
    win.print();
  } catch (e) {
    cleanup();
    throw fail('print', e);
  }
  // Printing may be over already (a synchronous print dialog fired afterprint).
  if (timers.done) return;
  // The print dialog took the focus; the page getting it back means the dialog closed.
  parentWindow?.addEventListener('focus', cleanup, { once: true });
  timers.fallback = setTimeout(cleanup, cleanupMs);
}
