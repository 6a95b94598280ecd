import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { SPREADSHEET_ZIP_LIMITS, unzipGuarded } from '../../lib/zipGuard.js';
import { order, seller, type Seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';
import { pdfText } from '../../test/pdfText.js';

const clock = manualClock(1_800_000_000);
let t: TestApp;
let s: Seller;
let ids: number[];
let jobId: number;
beforeAll(async () => {
  t = await startTestApp({ clock });
  s = await seller(await t.signUp(), { smartBill: true });
  ids = [await order(s), await order(s, { products: { 'BOL-2': 3 } }), await order(s)];
  const res = await s.u.call('POST', '/api/v1/order-bulk', { body: { action: 'invoice', selection: { ids } } });
  expect(res.statusCode, res.body).toBe(202);
  jobId = res.json().data.id;
  while ((await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 50)) > 0);
  const job = (await s.u.call('GET', `/api/v1/order-bulk/${jobId}`)).json().data;
  expect(job).toMatchObject({ status: 'done', done: 3 });
});
afterAll(() => t.close());

const files = (format?: string, user = s.u, id = jobId) =>
  user.call('GET', `/api/v1/order-bulk/${id}/invoices${format ? `?format=${format}` : ''}`);

describe(`a bulk invoice job's invoices as files (${engineUnderTest})`, () => {
  it('merges them into one PDF, a page per invoice in selection order', async () => {
    const res = await files();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoices-${jobId}.pdf"`);
    const merged = await PDFDocument.load(res.rawPayload);
    expect(merged.getPageCount()).toBe(3);
    // Each page is an invoice of the job, in the order the orders were chosen.
    const numbers: string[] = [];
    for (const i of merged.getPageIndices()) {
      const page = await PDFDocument.create();
      page.addPage((await page.copyPages(merged, [i]))[0]);
      const text = pdfText(Buffer.from(await page.save({ useObjectStreams: false })));
      numbers.push(/Seria FCT nr\. (\d+)/.exec(text)?.[1] ?? text.slice(0, 80));
    }
    expect(numbers).toEqual(['0001', '0002', '0003']);
    const single = await PDFDocument.load(
      (await s.u.call('GET', `/api/v1/order/${ids[1]}/download-invoice`)).rawPayload,
    );
    expect(single.getPageCount()).toBe(1);
  });

  it('zips them one file each, named as their single downloads, each a PDF', async () => {
    const res = await files('zip');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoices-${jobId}.zip"`);
    // Read back by the guarded reader of uploads: sizes and CRCs checked.
    const entries = await unzipGuarded(res.rawPayload, SPREADSHEET_ZIP_LIMITS);
    const names = await Promise.all(
      ids.map(
        async (id) =>
          /filename="(.+)"/.exec(
            (await s.u.call('GET', `/api/v1/order/${id}/download-invoice`)).headers['content-disposition'] as string,
          )![1],
      ),
    );
    expect([...entries.keys()]).toEqual(names);
    expect(names).toEqual(['Factura-FCT-0001.pdf', 'Factura-FCT-0002.pdf', 'Factura-FCT-0003.pdf']);
    for (const data of entries.values()) expect((await PDFDocument.load(data)).getPageCount()).toBe(1);
    // The invoice writes its amounts in the Romanian form (2 × 12,50 lei + shipping, VAT included).
    const second = pdfText(entries.get('Factura-FCT-0002.pdf')!);
    expect(second).toMatch(/\d,\d{2} RON/);
    expect(second).not.toMatch(/\d\.\d{2} RON/);
  });

  it('leaves out an order whose invoice was deleted since, and refuses a job without invoices (409)', async () => {
    const last = await s.u.call('POST', `/api/v1/order/${ids[2]}/delete-invoice`);
    expect(last.statusCode, last.body).toBe(200);
    expect((await PDFDocument.load((await files()).rawPayload)).getPageCount()).toBe(2);
    expect([...(await unzipGuarded((await files('zip')).rawPayload, SPREADSHEET_ZIP_LIMITS)).keys()]).toHaveLength(2);

    const labels = await s.u.call('POST', '/api/v1/order-bulk', {
      body: { action: 'picking_list', selection: { ids } },
    });
    const other = labels.json().data.id;
    const refused = await files(undefined, s.u, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This job has no invoices: only an invoice job has them.');
    const ro = await s.u.call('GET', `/api/v1/order-bulk/${other}/invoices?format=zip`, {
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().message).toBe('Această lucrare nu are facturi: doar o lucrare de facturare le are.');
  });

  it("answers 401 to a stranger, 404 for another company's job, 422 for a format it does not make", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/order-bulk/${jobId}/invoices` })).statusCode).toBe(401);
    const other = await t.signUp();
    const foreign = await files(undefined, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe((await files(undefined, other, 999_999)).body);
    const bad = await files('rar');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['format']);
  });
});
