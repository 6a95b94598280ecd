import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../context.js';
import { manualClock } from '../../lib/clock.js';
import { orderReadyForDpd } from '../../test/awb.js';
import { multipart, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { xlsxOf, zipBombXlsx } from '../../test/zipFiles.js';
import { trackOpenAwbs } from '../tracking/service.js';
import { parseCsv } from '../../lib/sheetImport.js';
import { dateOf, moneyOf, normaliseHeader } from './settlementFile.js';

const HOUR = 3600;
const DAY = 86_400;
// 2026-03-02 09:00 Bucharest (a Monday): AWBs are made then, delivered an hour later.
const clock = manualClock(Date.UTC(2026, 2, 2, 7, 0, 0) / 1000);

let t: TestApp;
let u: TestUser;
let stranger: TestUser;

interface Parcel {
  orderId: number;
  awb: string;
  cod: number;
}

const ready = new Map<number, { orderId: number | null; awbBody: Record<string, unknown>; source: number }>();

/** An order of the user's company with a DPD AWB for `name` (the emulator ends "Livrat" delivered, "Refuz" refused). */
async function parcel(user: TestUser, name: string): Promise<Parcel> {
  let setUp = ready.get(user.companyId);
  if (!setUp) {
    const first = await orderReadyForDpd(user);
    const source = (await user.call('GET', '/api/v1/source')).json().data[0].id;
    setUp = { orderId: first.orderId, awbBody: first.awbBody, source };
    ready.set(user.companyId, setUp);
  }
  let orderId = setUp.orderId;
  setUp.orderId = null;
  if (orderId === null) {
    const order = await user.call('POST', '/api/v1/order', {
      body: {
        name,
        phone_number: '0744 123 456',
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Strada Memorandumului',
        number: '28',
        source: setUp.source,
        products: { [`AWB-${user.companyId}`]: 2 },
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    orderId = order.json().data.id as number;
  }
  const awb = await user.call('POST', `/api/v1/order/${orderId}/awb`, { body: { ...setUp.awbBody, name } });
  expect(awb.statusCode, awb.body).toBe(201);
  const order = awb.json().data;
  return { orderId: orderId!, awb: order.awb, cod: Number(order.total_value) };
}

function csv(lines: string[]): { name: string; filename: string; type: string; data: Buffer } {
  return { name: 'file', filename: 'decont.csv', type: 'text/csv', data: Buffer.from(lines.join('\n')) };
}

function importFile(
  user: TestUser,
  file: { name: string; filename: string; type: string; data: Buffer } | null,
  fields: Record<string, string> = { courier: 'dpd' },
  preview = false,
  lang = 'en',
) {
  const body = multipart(fields, file ? [file] : []);
  return user.call('POST', `/api/v1/cod/import${preview ? '?preview=1' : ''}`, {
    body: body.payload,
    headers: { ...body.headers, 'accept-language': lang },
  });
}

const summary = async (user: TestUser, query = 'from=2026-03-01&to=2026-03-31') =>
  (await user.call('GET', `/api/v1/cod/summary?${query}`)).json().data;

let delivered: Parcel; // paid exactly by the file
let short: Parcel; // paid 5 lei short
let unpaid: Parcel; // delivered, never paid
let refused: Parcel; // refused: nothing collected
let theirs: Parcel; // another company's AWB at the same courier account

beforeAll(async () => {
  t = await startTestApp({ clock });
  u = await t.signUp();
  stranger = await t.signUp();
  delivered = await parcel(u, 'Ion Livrat');
  short = await parcel(u, 'Ana Livrat');
  unpaid = await parcel(u, 'Dan Livrat');
  refused = await parcel(u, 'Radu Refuz');
  theirs = await parcel(stranger, 'Eva Livrat');
  clock.advance(2 * HOUR);
  await trackOpenAwbs(serviceContext(t.services));
});
afterAll(() => t.close());

describe('reading settlement files', () => {
  it('reads headers in English or as the couriers write them in Romanian', () => {
    expect(normaliseHeader('Nr. AWB')).toBe('nr awb');
    expect(normaliseHeader('Dată plată')).toBe('data plata');
    expect(normaliseHeader('Referință')).toBe('referinta');
  });
  it('reads amounts and dates as reports write them', () => {
    expect(moneyOf('1.234,56')).toBe(123456);
    expect(moneyOf('1,234.56')).toBe(123456);
    expect(moneyOf('19,99 lei')).toBe(1999);
    expect(moneyOf(19.99)).toBe(1999);
    expect(moneyOf('12.345')).toBe(1234500);
    expect(moneyOf('12.3456')).toBeNull();
    expect(moneyOf('-3')).toBeNull();
    // The largest amount the console keeps is 10,000,000.00 lei.
    expect(moneyOf('10.000.000,00')).toBe(1_000_000_000);
    expect(moneyOf('10000000.01')).toBeNull();
    expect(moneyOf(1e120)).toBeNull();
    expect(dateOf('05.03.2026')).toBe('2026-03-05');
    expect(dateOf('2026-03-05')).toBe('2026-03-05');
    expect(dateOf('31.02.2026')).toBeNull();
  });
  it('reads quoted CSV with semicolons', () => {
    expect(parseCsv('a;b\n"x;y";"say ""hi"""\n')).toEqual([
      ['a', 'b'],
      ['x;y', 'say "hi"'],
    ]);
  });
});

describe('COD import: the matching rules', () => {
  const fileLines = () => [
    'awb,amount,date,reference',
    `${delivered.awb},${delivered.cod.toFixed(2)},2026-03-05,OP-1`,
    `${short.awb},${(short.cod - 5).toFixed(2)},2026-03-05,OP-1`,
    `${theirs.awb},${theirs.cod.toFixed(2)},2026-03-05,OP-1`,
    `999000111,10.00,2026-03-05,OP-1`,
    `${delivered.awb},${delivered.cod.toFixed(2)},2026-03-05,OP-1`,
    `${unpaid.awb},abc,2026-03-05,OP-1`,
  ];

  it('previews every row with how it matched and saves nothing', async () => {
    const res = await importFile(u, csv(fileLines()), { courier: 'dpd' }, true);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.preview).toBe(true);
    expect(data.rows.map((r: { match: string }) => r.match)).toEqual([
      'exact',
      'amount_differs',
      'not_ours',
      'not_ours',
      'duplicate_row',
      'unreadable',
    ]);
    expect(data.rows[0]).toMatchObject({ line: 2, expected: delivered.cod, order_id: delivered.orderId, saved: false });
    // Another company's AWB is never matched, nor told apart from an unknown one.
    expect(data.rows[2]).toMatchObject({ expected: null, order_id: null });
    expect(data.rows[5]).toMatchObject({ problem: 'cod_row_amount', problem_text: 'abc', amount: null });
    // Saving this file will need the unreadable row accepted.
    expect(data.needs_confirmation).toBe(true);
    expect(data.saved).toBe(0);
    expect((await summary(u)).total.paid_out).toBe(0);
  });

  it('a file with an unreadable row is only previewed until the import accepts it: nothing saved', async () => {
    const res = await importFile(u, csv(fileLines()));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ preview: true, needs_confirmation: true, saved: 0 });
    expect(data.counts).toMatchObject({ exact: 1, unreadable: 1 });
    expect(data.rows.every((r: { saved: boolean }) => !r.saved)).toBe(true);
    // Accepting the differences is not accepting the unreadable rows.
    const differences = await importFile(u, csv(fileLines()), { courier: 'dpd', accept_differences: '1' });
    expect(differences.json().data).toMatchObject({ preview: true, needs_confirmation: true, saved: 0 });
    expect((await summary(u)).total.paid_out).toBe(0);
  });

  it('once the unreadable rows are accepted, saves the exact rows only; a differing amount waits until accepted', async () => {
    const res = await importFile(u, csv(fileLines()), { courier: 'dpd', accept_unreadable: '1' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ preview: false, needs_confirmation: false });
    expect(data.saved).toBe(1);
    expect(data.rows.filter((r: { saved: boolean }) => r.saved).map((r: { awb: string }) => r.awb)).toEqual([
      delivered.awb,
    ]);
    const s = await summary(u);
    expect(s.total.paid_out).toBeCloseTo(delivered.cod, 2);
    // Nothing of the other company's was touched.
    expect((await summary(stranger)).total.paid_out).toBe(0);
  });

  it('importing the same file twice changes nothing', async () => {
    const before = await summary(u);
    const res = await importFile(u, csv(fileLines()), { courier: 'dpd', accept_unreadable: '1' });
    const data = res.json().data;
    expect(data.saved).toBe(0);
    expect(data.rows[0].match).toBe('already_recorded');
    expect(data.counts.already_recorded).toBe(1);
    expect(await summary(u)).toEqual(before);
  });

  it('a second payment of a paid AWB is shown as paid twice and not saved', async () => {
    const res = await importFile(
      u,
      csv(['awb,amount,date,reference', `${delivered.awb},${delivered.cod.toFixed(2)},2026-03-09,OP-2`]),
    );
    expect(res.json().data.rows[0].match).toBe('paid_twice');
    expect(res.json().data.saved).toBe(0);
    // A file whose every row is readable needs no confirmation.
    expect(res.json().data).toMatchObject({ preview: false, needs_confirmation: false });
  });

  it('an XLSX file with Romanian headers; an accepted difference is saved and listed', async () => {
    const xlsx = xlsxFile([
      ['Nr. AWB', 'Sumă', 'Comision', 'Dată plată', 'Nr. OP'],
      [short.awb, short.cod - 5, 0, '06.03.2026', 'OP-3'],
    ]);
    const preview = await importFile(u, xlsx, { courier: 'dpd' }, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.rows[0]).toMatchObject({ match: 'amount_differs', date: '2026-03-06', saved: false });
    const res = await importFile(u, xlsx, { courier: 'dpd', accept_differences: '1' });
    expect(res.json().data.saved).toBe(1);
    const diffs = (await u.call('GET', '/api/v1/cod/differences')).json().data;
    expect(diffs).toEqual([
      expect.objectContaining({ awb: short.awb, order_id: short.orderId, expected: short.cod, paid: short.cod - 5 }),
    ]);
  });

  it('a fee column: payment and fee adding up to the COD is exact', async () => {
    const res = await importFile(
      u,
      csv([
        'awb;suma;comision;data;referinta',
        `${unpaid.awb};${(unpaid.cod - 2).toFixed(2).replace('.', ',')};2,00;07.03.2026;OP-4`,
      ]),
      { courier: 'dpd' },
      true,
    );
    expect(res.json().data.rows[0]).toMatchObject({ match: 'exact', fee: 2 });
  });

  it('another courier: the AWB is not matched', async () => {
    const res = await importFile(u, csv(fileLines()), { courier: 'cargus' }, true);
    expect(res.json().data.counts.not_ours).toBe(4);
  });
});

describe('COD import: what a file may hold', () => {
  const xlsxData = (data: Buffer) => ({ name: 'file', filename: 'decont.xlsx', type: XLSX_TYPE, data });

  /**
   * How long a health check waits for its answer while `work` runs: one is due every 50 ms until
   * the work ends, and each is timed from when it was due, so the time the server's thread was held
   * before it could even be sent counts, as it would for a request arriving then.
   */
  async function healthWhile<T>(work: Promise<T>): Promise<{ result: T; healthMs: number[] }> {
    let done = false;
    const finished = work.finally(() => {
      done = true;
    });
    const healthMs: number[] = [];
    do {
      const due = Date.now() + 50;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      healthMs.push(Date.now() - due);
    } while (!done);
    return { result: await finished, healthMs };
  }

  it('a zip bomb (200 KB unpacking to 200 MB of spaces) answers 422 in the language asked within 2 s; health answers meanwhile', async () => {
    const bomb = xlsxData(zipBombXlsx(200));
    expect(bomb.data.length).toBeLessThan(300 * 1024);
    const messages = {
      en: 'The file unpacks to more than 64 MB. Split it into smaller files.',
      ro: 'Fișierul se dezarhivează la mai mult de 64 MB. Împărțiți-l în fișiere mai mici.',
    };
    for (const lang of ['en', 'ro'] as const) {
      const started = Date.now();
      const { result: res, healthMs } = await healthWhile(importFile(u, bomb, { courier: 'dpd' }, false, lang));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.file).toEqual([messages[lang]]);
      expect(Math.max(...healthMs)).toBeLessThan(1000);
    }
  });

  it('a zip bomb whose central directory declares a small sheet is stopped while it inflates: 422 within 2 s', async () => {
    const started = Date.now();
    const { result: res, healthMs } = await healthWhile(
      importFile(u, xlsxData(zipBombXlsx(200, 4000)), undefined, true),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file).toEqual(['The file unpacks to more than 64 MB. Split it into smaller files.']);
    expect(Math.max(...healthMs)).toBeLessThan(1000);
  });

  it("a large sheet is parsed off the server's thread: health answers within 1 s while it is read", async () => {
    const rows: (string | number)[][] = [['awb', 'amount', 'date', 'reference']];
    for (let i = 0; i < 60_000; i++) rows.push([String(900_000_000 + i), 10, '2026-03-05', `OP-${i}`]);
    const { result: res, healthMs } = await healthWhile(importFile(u, xlsxFile(rows), undefined, true, 'ro'));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file).toEqual(['Fișierul are prea multe rânduri (cel mult 20.000).']);
    // Parsed on the server's thread, this sheet holds it for over a second; in the worker the
    // thread is free (a few tens of milliseconds on a loaded machine).
    expect(Math.max(...healthMs)).toBeLessThan(500);
  });

  it('a cell over 500 characters makes its row unreadable; no answer echoes more than 80 characters of a cell', async () => {
    const huge = 'x'.repeat(4 * 1024 * 1024);
    const res = await importFile(
      u,
      csv([
        'awb,amount,date,reference',
        `${huge},10.00,2026-03-05,OP-9`,
        `${unpaid.awb},10.00,2026-03-05,${'R'.repeat(501)}`,
        `${unpaid.awb},10.00,2026-03-05,${'S'.repeat(101)}`,
        `${'9'.repeat(90)},10.00,2026-03-05,OP-9`,
        `${unpaid.awb},${'1'.repeat(120)},2026-03-05,OP-9`,
      ]),
      { courier: 'dpd' },
      true,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(5000);
    const rows = res.json().data.rows;
    expect(rows[0]).toMatchObject({
      match: 'unreadable',
      problem: 'cod_row_too_long',
      awb: `${'x'.repeat(80)}…`,
      problem_text: `${'x'.repeat(80)}…`,
    });
    expect(rows[1]).toMatchObject({
      match: 'unreadable',
      problem: 'cod_row_too_long',
      reference: `${'R'.repeat(80)}…`,
      problem_text: `${'R'.repeat(80)}…`,
    });
    // A reference longer than the 100 characters kept is unreadable, never cut.
    expect(rows[2]).toMatchObject({ match: 'unreadable', problem: 'cod_row_reference_long' });
    // Readable (it is simply no AWB of the company), shortened in the answer.
    expect(rows[3]).toMatchObject({ match: 'not_ours', awb: `${'9'.repeat(80)}…`, problem_text: null });
    expect(rows[0].problem_message).toBe(
      'A cell of this row is longer than 500 characters: it is not an AWB, an amount, a date or a reference.',
    );
    expect(rows[4]).toMatchObject({
      match: 'unreadable',
      problem: 'cod_row_amount',
      problem_text: `${'1'.repeat(80)}…`,
    });
    expect(res.json().data.needs_confirmation).toBe(true);
  });

  it('an XLSX row with a long cell is unreadable too', async () => {
    const res = await importFile(
      u,
      xlsxFile([
        ['Nr. AWB', 'Sumă', 'Dată plată', 'Nr. OP'],
        [unpaid.awb, 10, '06.03.2026', 'Ț'.repeat(600)],
      ]),
      { courier: 'dpd' },
      true,
      'ro',
    );
    expect(res.json().data.rows[0]).toMatchObject({
      match: 'unreadable',
      problem: 'cod_row_too_long',
      problem_message:
        'O celulă a acestui rând are mai mult de 500 de caractere: nu este un AWB, o sumă, o dată sau o referință.',
      problem_text: `${'Ț'.repeat(80)}…`,
    });
  });
});

describe('COD summary and unpaid list', () => {
  it('sums equal the orders they claim', async () => {
    const s = await summary(u);
    const dpd = s.couriers.find((c: { courier: string }) => c.courier === 'dpd');
    // Delivered: three parcels; the refused one collected nothing.
    const collected = delivered.cod + short.cod + unpaid.cod;
    expect(dpd.parcels).toBe(4);
    expect(dpd.collected).toBeCloseTo(collected, 2);
    expect(dpd.paid_out).toBeCloseTo(delivered.cod + short.cod - 5, 2);
    expect(dpd.fees).toBe(0);
    expect(dpd.owed).toBeCloseTo(unpaid.cod, 2);
    expect(dpd.differences).toBe(1);
    expect(s.total.collected).toBeCloseTo(collected, 2);
    expect(refused.cod).toBeGreaterThan(0);
    // A range without AWBs is empty.
    expect((await summary(u, 'from=2026-01-01&to=2026-01-31')).couriers).toEqual([]);
  });

  it('lists delivered parcels unpaid after N days, oldest first, from the company setting', async () => {
    // Made 2 hours ago: not yet 10 days.
    expect((await u.call('GET', '/api/v1/cod/unpaid')).json().data).toEqual([]);
    clock.advance(11 * DAY);
    const res = await u.call('GET', '/api/v1/cod/unpaid');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ order_id: unpaid.orderId, awb: unpaid.awb, cod: unpaid.cod, courier: 'dpd', days: 11 }),
    ]);
    expect(res.json().meta).toMatchObject({ total: 1, current_page: 1 });
    expect((await u.call('GET', '/api/v1/cod/unpaid?days=12')).json().data).toEqual([]);
    const set = await u.call('POST', '/api/v1/cod/settings', { body: { unpaid_days: 12 } });
    expect(set.json().data).toEqual({ unpaid_days: 12 });
    expect((await u.call('GET', '/api/v1/cod/unpaid')).json().data).toEqual([]);
    expect((await u.call('GET', '/api/v1/cod/settings')).json().data).toEqual({ unpaid_days: 12 });
    // The other company's setting and list are its own.
    expect((await stranger.call('GET', '/api/v1/cod/settings')).json().data).toEqual({ unpaid_days: 10 });
    expect((await stranger.call('GET', '/api/v1/cod/unpaid')).json().data).toEqual([
      expect.objectContaining({ awb: theirs.awb }),
    ]);
  });
});

describe('COD sync from the courier API', () => {
  it("reads DPD's payouts: the company's unpaid AWB is paid, another company's never matched", async () => {
    // Payouts come 3 days after delivery (15 for a late one): 11 days have passed; pass the late ones too.
    clock.advance(5 * DAY);
    const res = await u.call('POST', '/api/v1/cod/sync');
    expect(res.statusCode, res.body).toBe(200);
    const dpd = res.json().data.couriers.find((c: { courier: string }) => c.courier === 'dpd');
    expect(dpd.error).toBeNull();
    // The courier's account is shared with the other company: its payout is reported but not saved here.
    expect(dpd.reported).toBeGreaterThanOrEqual(4);
    const s = await summary(u);
    expect(s.total.owed).toBe(0);
    expect((await summary(stranger)).total.paid_out).toBe(0);
    // A second pass saves nothing more.
    const again = await u.call('POST', '/api/v1/cod/sync');
    expect(again.json().data.couriers[0].saved).toBe(0);
  });
});

describe('COD access and validation', () => {
  const routes: [string, string][] = [
    ['GET', '/api/v1/cod/summary'],
    ['GET', '/api/v1/cod/unpaid'],
    ['GET', '/api/v1/cod/differences'],
    ['GET', '/api/v1/cod/settings'],
    ['POST', '/api/v1/cod/settings'],
    ['POST', '/api/v1/cod/import'],
    ['POST', '/api/v1/cod/sync'],
  ];
  it('answers 401 to a stranger on every route', async () => {
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-company-id': String(u.companyId) },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
  it("answers 403 for a company the user is not in (another company's data is never read)", async () => {
    for (const [method, url] of routes) {
      const res = await u.call(method, url, { company: stranger.companyId });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
  it('answers 422 per field, in the language asked', async () => {
    const r1 = await u.call('GET', '/api/v1/cod/summary?from=2026-03-10&to=2026-03-01');
    expect(r1.statusCode).toBe(422);
    expect(Object.keys(r1.json().errors)).toEqual(['to']);
    const r2 = await u.call('GET', '/api/v1/cod/summary?from=03.2026');
    expect(r2.json().errors.from).toBeDefined();
    const r3 = await u.call('GET', '/api/v1/cod/unpaid?days=0');
    expect(r3.statusCode).toBe(422);
    expect(r3.json().errors.days).toBeDefined();
    const r4 = await u.call('POST', '/api/v1/cod/settings', { body: { unpaid_days: 'x' } });
    expect(r4.statusCode).toBe(422);
    expect(r4.json().errors.unpaid_days).toBeDefined();
    const r5 = await importFile(u, null, { courier: 'posta' }, false, 'ro');
    expect(r5.statusCode).toBe(422);
    expect(r5.json().errors.courier).toEqual(['Alegeți un curier.']);
    expect(r5.json().errors.file).toEqual(['Alegeți fișierul de decont (CSV sau XLSX).']);
    const r6 = await importFile(u, csv(['foo,bar', '1,2']));
    expect(r6.statusCode).toBe(422);
    expect(r6.json().errors.file[0]).toMatch(/awb, amount, date, reference/);
    const r7 = await importFile(u, {
      name: 'file',
      filename: 'x.xlsx',
      type: 'application/octet-stream',
      data: Buffer.from('PK\u0003\u0004garbage'),
    });
    expect(r7.statusCode).toBe(422);
    expect(r7.json().errors.file).toEqual([
      'The file is damaged (its parts do not unpack as they declare). Save it again as XLSX.',
    ]);
    const r8 = await importFile(u, { name: 'file', filename: 'x.xlsx', type: XLSX_TYPE, data: Buffer.from('awb') });
    expect(r8.statusCode).toBe(422);
    expect(r8.json().errors.file).toEqual(['The file could not be read as CSV or XLSX.']);
  });
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function xlsxFile(rows: (string | number)[][]): { name: string; filename: string; type: string; data: Buffer } {
  return { name: 'file', filename: 'decont.xlsx', type: XLSX_TYPE, data: xlsxOf(rows) };
}
