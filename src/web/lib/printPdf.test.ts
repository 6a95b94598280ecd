// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PRINT_CLEANUP_MS,
  PRINT_DELAY_MS,
  PRINT_LOAD_TIMEOUT_MS,
  PrintError,
  printPdf,
  type PrintStage,
} from './printPdf';
import { saveFile } from './download';

const TEXTS: Record<PrintStage, string> = {
  fetch: 'Failed to fetch the AWB for printing. Please try downloading instead.',
  setup: 'Failed to set up AWB printing. Please try downloading instead.',
  load: 'Failed to load the AWB for printing. Please try downloading instead.',
  print: 'Failed to initiate AWB print. Please try downloading instead.',
};
const message = (stage: PrintStage) => TEXTS[stage];
const pdf = () => Promise.resolve(new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
const frames = () => document.querySelectorAll<HTMLIFrameElement>('iframe[data-testid="print-frame"]');

let created: string[];
let revoked: string[];

beforeEach(() => {
  vi.useFakeTimers();
  created = [];
  revoked = [];
  let n = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:test/${++n}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** Lets the helper's awaits run (fake timers leave promises alone). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** Starts a print and answers the frame once it is in the page, with print() stubbed. */
async function started(fetchPdf = pdf) {
  const result = printPdf(fetchPdf, { message });
  result.catch(() => {});
  await settle();
  const frame = frames()[0];
  // jsdom has no window.focus().
  if (frame?.contentWindow) frame.contentWindow.focus = vi.fn();
  return { result, frame };
}

describe('printPdf', () => {
  it('loads the PDF in a hidden frame, prints after the delay, and removes the frame after printing', async () => {
    const { result, frame } = await started();
    expect(frame).toBeTruthy();
    expect(frame.src).toBe(created[0]);
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.style.visibility).toBe('hidden');
    const print = vi.fn();
    frame.contentWindow!.print = print;
    frame.dispatchEvent(new Event('load'));
    await settle();
    await vi.advanceTimersByTimeAsync(PRINT_DELAY_MS - 1);
    expect(print).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(print).toHaveBeenCalledTimes(1);
    await result;
    // Still there while the print dialog is open.
    expect(frames()).toHaveLength(1);
    frame.contentWindow!.dispatchEvent(new Event('afterprint'));
    expect(frames()).toHaveLength(0);
    expect(revoked).toEqual(created);
  });

  it('a print dialog that ends within print() leaves nothing behind', async () => {
    const { result, frame } = await started();
    const win = frame.contentWindow!;
    win.print = () => void win.dispatchEvent(new Event('afterprint'));
    frame.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(PRINT_DELAY_MS);
    await result;
    expect(frames()).toHaveLength(0);
    expect(revoked).toEqual(created);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('removes the frame after the cleanup delay when the viewer never says printing ended', async () => {
    const { result, frame } = await started();
    frame.contentWindow!.print = vi.fn();
    frame.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(PRINT_DELAY_MS);
    await result;
    await vi.advanceTimersByTimeAsync(PRINT_CLEANUP_MS - PRINT_DELAY_MS - 1);
    expect(frames()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PRINT_DELAY_MS + 1);
    expect(frames()).toHaveLength(0);
    expect(revoked).toEqual(created);
  });

  it('a failed fetch: its own message, no frame made', async () => {
    const failure = new Error('404');
    const error = await printPdf(() => Promise.reject(failure), {
      message: (stage, cause) => `${TEXTS[stage]} (${(cause as Error).message})`,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintError);
    expect((error as PrintError).stage).toBe('fetch');
    expect((error as PrintError).message).toBe(`${TEXTS.fetch} (404)`);
    expect(frames()).toHaveLength(0);
    expect(created).toHaveLength(0);
  });

  it('a failed set-up: its own message, nothing left behind', async () => {
    const append = vi.spyOn(document.body, 'appendChild').mockImplementation(() => {
      throw new Error('blocked');
    });
    const error = await printPdf(pdf, { message }).catch((e: unknown) => e);
    append.mockRestore();
    expect((error as PrintError).stage).toBe('setup');
    expect((error as PrintError).message).toBe(TEXTS.setup);
    expect(frames()).toHaveLength(0);
    expect(revoked).toEqual(created);
  });

  it('a PDF that fails to load, or never loads: the load message, frame removed', async () => {
    const first = await started();
    first.frame.dispatchEvent(new Event('error'));
    const error = await first.result.catch((e: unknown) => e);
    expect((error as PrintError).stage).toBe('load');
    expect((error as PrintError).message).toBe(TEXTS.load);
    expect(frames()).toHaveLength(0);

    const second = await started();
    await vi.advanceTimersByTimeAsync(PRINT_LOAD_TIMEOUT_MS);
    expect(((await second.result.catch((e: unknown) => e)) as PrintError).message).toBe(TEXTS.load);
    expect(frames()).toHaveLength(0);
    expect(revoked).toEqual(created);
  });

  it('print() throwing: the print message (the spec’s “Failed to initiate AWB print”), frame removed', async () => {
    const { result, frame } = await started();
    frame.contentWindow!.print = () => {
      throw new Error('not allowed');
    };
    frame.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(PRINT_DELAY_MS);
    const error = await result.catch((e: unknown) => e);
    expect((error as PrintError).stage).toBe('print');
    expect((error as PrintError).message).toBe('Failed to initiate AWB print. Please try downloading instead.');
    expect(frames()).toHaveLength(0);
    expect(revoked).toEqual(created);
  });
});

describe('saveFile', () => {
  it('downloads the blob under the given name through a temporary link, then frees the URL', () => {
    const clicks: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    saveFile(new Blob(['x']), 'AWB-1234567.pdf');
    click.mockRestore();
    expect(clicks).toEqual([{ href: created[0], download: 'AWB-1234567.pdf' }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(revoked).toEqual(created);
  });
});
