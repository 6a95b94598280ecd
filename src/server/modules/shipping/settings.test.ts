import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { loadProvidersConfig } from '../../providers/config.js';
import type { CourierProvider } from '../../providers/couriers/types.js';
import { order, seller, SMALL } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { pdfText } from '../../test/pdfText.js';

const clock = manualClock(1_800_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, deps: { providers: loadProvidersConfig({}) } });
});
afterAll(() => t.close());

const shipping = (u: TestUser, body?: unknown, company = u.companyId) =>
  u.call(body === undefined ? 'GET' : 'POST', `/api/v1/company/${company}/shipping`, { body, company: null });

async function runJobs(): Promise<void> {
  while ((await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 50)) > 0);
}

const MM = 72 / 25.4;
/** Every page's MediaBox in mm (width, height). */
async function pagesMm(pdf: Buffer): Promise<[number, number][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => {
    const box = p.getMediaBox();
    return [box.width / MM, box.height / MM];
  });
}
/** A label page of a thermal printer: no wider than 106 mm, no taller than 151 mm (A6 or 100 × 150). */
const isLabelPage = ([w, h]: [number, number]) => w <= 106 && h <= 151 && w >= 95 && h >= 135;

describe(`shipping settings: GET/POST /api/v1/company/{id}/shipping (${engineUnderTest})`, () => {
  it('401 for a stranger, 404 for a company the user is not in (read and write, nothing changed)', async () => {
    for (const method of ['GET', 'POST'] as const)
      expect((await t.app.inject({ method, url: '/api/v1/company/1/shipping', payload: {} })).statusCode).toBe(401);
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await shipping(b, undefined, a.companyId)).statusCode).toBe(404);
    expect((await shipping(b, { label_format: 'A6' }, a.companyId)).statusCode).toBe(404);
    // A refused body of another company is still "not found" (never tells what it would refuse).
    expect((await shipping(b, { label_format: 'Letter' }, a.companyId)).statusCode).toBe(404);
    expect((await shipping(a)).json().data).toEqual({
      label_format: 'A4',
      default_courier: null,
      default_package_id: null,
    });
  });

  it('changes what is sent and keeps the rest; a package marks it default, a preset takes the mark off', async () => {
    const u = await t.signUp();
    await seller(u); // DPD set up
    const pkg = await u.call('POST', '/api/v1/package', {
      body: { company_id: u.companyId, name: 'Cutie M', length: 30, width: 20, height: 10, weight: 1.5 },
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const pkgId = pkg.json().data.id;

    let res = await shipping(u, { label_format: 'a6' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ label_format: 'A6', default_courier: null, default_package_id: null });
    res = await shipping(u, { default_courier: 'dpd', default_package_id: pkgId });
    expect(res.json().data).toEqual({ label_format: 'A6', default_courier: 'dpd', default_package_id: pkgId });
    expect((await u.call('GET', `/api/v1/package/${pkgId}`)).json().data.is_default).toBe(true);
    res = await shipping(u, { default_package_id: 'medium' });
    expect(res.json().data).toEqual({ label_format: 'A6', default_courier: 'dpd', default_package_id: 'medium' });
    expect((await u.call('GET', `/api/v1/package/${pkgId}`)).json().data.is_default).toBe(false);
    res = await shipping(u, { default_courier: null, default_package_id: null, label_format: 'A4' });
    expect(res.json().data).toEqual({ label_format: 'A4', default_courier: null, default_package_id: null });
    expect((await shipping(u)).json().data).toEqual(res.json().data);
  });

  it('422 with a message per field, in the reader language, and nothing changed', async () => {
    const u = await t.signUp();
    await seller(u); // DPD only
    const other = await t.signUp();
    const theirs = await other.call('POST', '/api/v1/package', {
      body: { company_id: other.companyId, name: 'Alta', length: 30, width: 20, height: 10, weight: 1 },
    });
    expect(theirs.statusCode).toBe(201);
    await shipping(u, { label_format: 'A6' });

    const bad = await u.call('POST', `/api/v1/company/${u.companyId}/shipping`, {
      body: { label_format: 'Letter', default_courier: 'posta', default_package_id: 'huge' },
      headers: { 'accept-language': 'ro' },
      company: null,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      label_format: ['Alegeți una dintre: A4, A6.'],
      default_courier: [expect.stringMatching(/^Alegeți una dintre: cargus, sameday, dpd/)],
      default_package_id: ['Alegeți unul dintre pachetele dumneavoastră sau o dimensiune predefinită.'],
    });
    // A courier known but not set up, a package of another company.
    const unusable = await shipping(u, { default_courier: 'cargus', default_package_id: theirs.json().data.id });
    expect(unusable.statusCode).toBe(422);
    expect(Object.keys(unusable.json().errors).sort()).toEqual(['default_courier', 'default_package_id']);
    expect(unusable.json().errors.default_package_id[0]).toMatch(/not one of the company/);
    expect((await shipping(u)).json().data).toEqual({
      label_format: 'A6',
      default_courier: null,
      default_package_id: null,
    });
  });
});

describe(`labels in the company's format (${engineUnderTest})`, () => {
  it('an A6 bulk job merges one label page per parcel, in selection order, none of them A4', async () => {
    const u = await t.signUp();
    const s = await seller(u);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await order(s));
    ids.reverse(); // the selection's order, not the ids'
    expect((await shipping(u, { label_format: 'A6' })).statusCode).toBe(200);
    const job = await u.call('POST', '/api/v1/order-bulk', {
      body: { action: 'awb', selection: { ids }, params: { courier: 'dpd', ...SMALL } },
    });
    expect(job.statusCode, job.body).toBe(202);
    await runJobs();
    const read = (await u.call('GET', `/api/v1/order-bulk/${job.json().data.id}`)).json().data;
    expect(read.done).toBe(4);

    const labels = await u.call('GET', `/api/v1/order-bulk/${job.json().data.id}/labels`);
    expect(labels.statusCode, labels.body).toBe(200);
    const pages = await pagesMm(labels.rawPayload);
    expect(pages).toHaveLength(4);
    for (const page of pages) expect(isLabelPage(page), `page ${page.join(' × ')} mm`).toBe(true);
    // In selection order: each page names its order's AWB.
    const awbs = read.items.map((i: { awb: string }) => i.awb);
    const merged = await PDFDocument.load(labels.rawPayload);
    expect(merged.getPageCount()).toBe(awbs.length);
    for (const [i, awb] of awbs.entries()) {
      const single = await PDFDocument.create();
      const [page] = await single.copyPages(merged, [i]);
      single.addPage(page);
      expect(pdfText(Buffer.from(await single.save({ useObjectStreams: false }))), `page ${i + 1}`).toContain(
        `AWB ${awb}`,
      );
    }

    // The same order's label alone is A6 too; back on A4, it is an A4 page.
    const one = await u.call('GET', `/api/v1/order/${ids[0]}/awb`);
    expect(one.statusCode).toBe(200);
    expect((await pagesMm(one.rawPayload)).every(isLabelPage)).toBe(true);
    await shipping(u, { label_format: 'A4' });
    const [[w, h]] = await pagesMm((await u.call('GET', `/api/v1/order/${ids[0]}/awb`)).rawPayload);
    expect([Math.round(w), Math.round(h)]).toEqual([210, 297]);
  });

  it.each<[CourierProvider, { username: string; password: string; api_key?: string }, [number, number]]>([
    ['cargus', { username: 'demo', password: 'demo', api_key: 'demo' }, [100, 150]],
    ['sameday', { username: 'demo', password: 'demo' }, [105, 148]],
    ['dpd', { username: 'demo', password: 'demo' }, [105, 148]],
  ])(
    '%s: its client asks for A6 and its emulator makes a label page of the courier size',
    async (courier, login, size) => {
      const client = t.services.providers.courier(courier, login);
      const [point] = await client.pickupPoints();
      const created = await client.createAwb({
        pickupPointId: point.id,
        contactPersonId: point.contact_persons?.[0]?.id,
        recipient: {
          name: 'Ion Popescu Ionescu',
          phone: '0744123456',
          countyName: 'Cluj',
          localityName: 'Turda',
          streetName: 'Strada Republicii',
          streetNumber: '3',
          address: 'Strada Republicii 3, bloc A2, scara 1, etaj 4, apartament 17, interfon 17',
          postalCode: '401001',
        },
        parcels: [{ weightKg: 1, lengthCm: 20, widthCm: 20, heightCm: 10 }],
        codBani: 119990,
        declaredValueBani: 0,
        content: 'Tricou, cană, bol de ceramică, ghiveci',
        observations: 'Sunați înainte de livrare, vă rog',
        reference: 'A6-1',
      });
      const pages = await pagesMm(await client.awbPdf(created, 'A6'));
      expect(pages).toHaveLength(1);
      expect(pages[0].map((n) => Math.round(n))).toEqual(size);
      expect((await pagesMm(await client.awbPdf(created))).map(([w, h]) => [Math.round(w), Math.round(h)])).toEqual([
        [210, 297],
      ]);
    },
  );
});
