import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { orderListFilterSchema } from '../../../core/orders/listFilter.js';
import { escapeFormula } from '../../lib/sheet.js';
import { bucharestDate, fromBucharest } from '../../lib/bucharestTime.js';
import { exportBatches } from './queries.js';

let t: TestApp;
let u: TestUser;
let ids: number[];
beforeAll(async () => {
  t = await startTestApp();
  const created = await t.createCompany('Băcănia Ștefan SRL');
  u = await t.signUp({ companies: [created] });
  ids = await makeOrders(u, ['=HYPERLINK("http://x")', '@Ana', '-Maria', 'Ion Pop']);
  await t.db.kysely
    .updateTable('orders')
    .set({ courier: 'dpd', awb: 'D1', created_at: fromBucharest('2026-07-01 00:30:00')! })
    .where('id', '=', ids[3])
    .execute();
});
afterAll(() => t.close());

/** The seller's source "=Shop", product A-1 and one order (2 × A-1) per name; the orders' ids. */
async function makeOrders(user: TestUser, names: string[]): Promise<number[]> {
  const src = (
    await user.call('POST', '/api/v1/source', { body: { company_id: user.companyId, source: '=Shop' } })
  ).json().data.id;
  const p = await user.call('POST', '/api/v1/product', {
    body: {
      company_id: user.companyId,
      sku: 'A-1',
      name: 'Cană, "mare"',
      sale_type: 'Bucata',
      stock: 100,
      selling_price: 19.9,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(p.statusCode, p.body).toBe(201);
  const out: number[] = [];
  for (const name of names) {
    const res = await user.call('POST', '/api/v1/order', {
      body: {
        name,
        phone_number: '0744 123 456',
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Strada Memorandumului',
        number: '28',
        source: src,
        products: { 'A-1': 2 },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    out.push(res.json().data.id);
  }
  return out;
}

/** The files of a zip, read through its central directory. */
function unzip(buf: Buffer): Map<string, string> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const offset = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const local = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
    const data = zlib.inflateRawSync(buf.subarray(local, local + size));
    const crc = buf.readUInt32LE(at + 16);
    expect(zlib.crc32(data) >>> 0, name).toBe(crc);
    files.set(name, data.toString('utf8'));
    at += 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return files;
}

/** CSV rows (RFC 4180 quoting). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('orders export', () => {
  it('CSV: the filtered list with headers in the language asked, lei, Bucharest time, formulas escaped', async () => {
    const res = await u.call('GET', '/api/v1/order/export?format=csv', { headers: { 'accept-language': 'ro' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="comenzi-Bacania-Stefan-SRL-${bucharestDate(Math.floor(Date.now() / 1000))}.csv"`,
    );
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const rows = readCsv(res.body.slice(1));
    const head = rows[0];
    expect(head.slice(0, 4)).toEqual(['Comandă', 'Creată (ora României)', 'Stare', 'Client']);
    expect(rows.length).toBe(5);
    const col = (name: string) => head.indexOf(name);
    const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([...ids].reverse());
    expect(byId.get(ids[0])![col('Client')]).toBe(`'=HYPERLINK("http://x")`);
    expect(byId.get(ids[1])![col('Client')]).toBe("'@Ana");
    expect(byId.get(ids[2])![col('Client')]).toBe("'-Maria");
    expect(byId.get(ids[3])![col('Client')]).toBe('Ion Pop');
    expect(byId.get(ids[3])![col('Telefon')]).toBe("'+40744123456");
    expect(byId.get(ids[3])![col('Sursă')]).toBe("'=Shop");
    expect(byId.get(ids[3])![col('Creată (ora României)')]).toBe('2026-07-01 00:30:00');
    expect(byId.get(ids[3])![col('Curier')]).toBe('dpd');
    expect(byId.get(ids[3])![col('Produse')]).toBe('2 × A-1 Cană, "mare" (19,90 lei)');
    expect(byId.get(ids[3])![col('Valoare (lei)')]).toBe('39.80');
    expect(byId.get(ids[3])![col('Județ')]).toBe('Cluj');
    // The list's filters apply; English headers by default.
    const en = await u.call('GET', '/api/v1/order/export?courier=dpd');
    const enRows = readCsv(en.body.slice(1));
    expect(enRows[0][0]).toBe('Order');
    expect(enRows.slice(1).map((r) => Number(r[0]))).toEqual([ids[3]]);
  });

  it('XLSX: a valid workbook with the same rows, money as numbers shown with two decimals', async () => {
    const res = await u.call('GET', '/api/v1/order/export?format=xlsx&has_awb=0');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-Bacania-Stefan-SRL-.*\.xlsx"$/);
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<t xml:space="preserve">Order</t>');
    expect(sheet).toContain(`<t xml:space="preserve">'=HYPERLINK(&quot;http://x&quot;)</t>`);
    expect(sheet).toContain(`<c r="A2"><v>${ids[2]}</v></c>`);
    expect(sheet).toMatch(/<c r="T2" s="1"><v>39\.8<\/v><\/c>/);
    expect((sheet.match(/<row /g) ?? []).length).toBe(4);
  });

  it('reads the orders in batches walking the ids down, never all at once', async () => {
    const f = orderListFilterSchema.parse({});
    const batches: number[][] = [];
    for await (const b of exportBatches(t.db.kysely, t.db.engine, u.companyId, f, { batch: 3 }))
      batches.push(b.map((r) => r.id));
    expect(batches).toEqual([[ids[3], ids[2], ids[1]], [ids[0]]]);
    const searched: number[][] = [];
    const bySearch = orderListFilterSchema.parse({ search: '0744123456' });
    for await (const b of exportBatches(t.db.kysely, t.db.engine, u.companyId, bySearch, { batch: 3 }))
      searched.push(b.map((r) => r.id));
    expect(searched).toEqual(batches);
  });

  it('escapes every formula start', () => {
    for (const s of ['=1', '+1', '-1', '@a', '\tx', '\rx']) expect(escapeFormula(s)).toBe(`'${s}`);
    expect(escapeFormula('a=1')).toBe('a=1');
  });

  it('refuses a bad format or filter (422), a stranger (401), and exports nothing of another company', async () => {
    const bad = await u.call('GET', '/api/v1/order/export?format=pdf');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['format']);
    expect((await u.call('GET', '/api/v1/order/export?has_awb=maybe')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/order/export' })).statusCode).toBe(401);
    const other = await t.signUp();
    const res = await other.call('GET', '/api/v1/order/export');
    expect(res.statusCode).toBe(200);
    expect(readCsv(res.body.slice(1)).length).toBe(1);
  });
});

describe('orders export: values in the reader’s language', () => {
  it('writes statuses in the language of the headers, and their codes in columns of their own', async () => {
    await t.db.kysely
      .updateTable('orders')
      .set({ status: 'completed', courier_status: 'delivered' })
      .where('id', '=', ids[3])
      .execute();
    const roRows = readCsv(
      (await u.call('GET', '/api/v1/order/export', { headers: { 'accept-language': 'ro' } })).body.slice(1),
    );
    const roHead = roRows[0];
    expect(roHead.slice(-2)).toEqual(['Cod stare', 'Cod stare curier']);
    const roById = new Map(roRows.slice(1).map((r) => [Number(r[0]), r]));
    const done = roById.get(ids[3])!;
    expect(done[roHead.indexOf('Stare')]).toBe('Finalizată');
    expect(done[roHead.indexOf('Stare curier')]).toBe('Livrat');
    expect(done[roHead.indexOf('Cod stare')]).toBe('completed');
    expect(done[roHead.indexOf('Cod stare curier')]).toBe('delivered');
    const fresh = roById.get(ids[0])!;
    expect(fresh[roHead.indexOf('Stare')]).toBe('Nouă');
    expect(fresh[roHead.indexOf('Cod stare')]).toBe('new');
    expect(fresh[roHead.indexOf('Stare curier')]).toBe('');

    const enRows = readCsv((await u.call('GET', '/api/v1/order/export')).body.slice(1));
    const enHead = enRows[0];
    expect(enHead.slice(-2)).toEqual(['Status code', 'Courier status code']);
    const enDone = enRows.slice(1).find((r) => Number(r[0]) === ids[3])!;
    expect(enDone[enHead.indexOf('Status')]).toBe('Completed');
    expect(enDone[enHead.indexOf('Courier status')]).toBe('Delivered');
    expect(enDone[enHead.indexOf('Status code')]).toBe('completed');
  });

  it("writes the products' prices as the reader's language writes money; the money columns stay numbers for programs", async () => {
    const seller = await t.signUp();
    const src = (
      await seller.call('POST', '/api/v1/source', { body: { company_id: seller.companyId, source: 'Magazin' } })
    ).json().data.id;
    for (const [sku, price] of [
      ['VAS-1', 1234.56],
      ['BOL-1', 12.5],
    ] as const) {
      const p = await seller.call('POST', '/api/v1/product', {
        body: {
          company_id: seller.companyId,
          sku,
          name: 'Vază',
          sale_type: 'Bucata',
          stock: 100,
          selling_price: price,
          buying_price: 1,
          currency: 'RON',
        },
      });
      expect(p.statusCode, p.body).toBe(201);
    }
    const order = await seller.call('POST', '/api/v1/order', {
      body: {
        name: 'Ana Pop',
        phone_number: '0744 123 456',
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Strada Memorandumului',
        number: '28',
        source: src,
        products: { 'VAS-1': 1, 'BOL-1': 2 },
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const cells = async (lang: string, products: string, value: string) => {
      const rows = readCsv(
        (await seller.call('GET', '/api/v1/order/export', { headers: { 'accept-language': lang } })).body.slice(1),
      );
      return [rows[1][rows[0].indexOf(products)], rows[1][rows[0].indexOf(value)]];
    };
    const [roProducts, roValue] = await cells('ro', 'Produse', 'Valoare (lei)');
    expect(roProducts.split('; ').sort()).toEqual(['1 × VAS-1 Vază (1.234,56 lei)', '2 × BOL-1 Vază (12,50 lei)']);
    expect(roValue).toBe('1259.56');
    const [enProducts, enValue] = await cells('en', 'Products', 'Value (lei)');
    expect(enProducts.split('; ').sort()).toEqual(['1 × VAS-1 Vază (1,234.56 lei)', '2 × BOL-1 Vază (12.50 lei)']);
    expect(enValue).toBe('1259.56');
  });
});

// SQLite only: the read pool exists on a SQLite file.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('orders export on a SQLite file with reader threads', () => {
  it('reads its batches on the main connection and only a search in the read pool', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-pool-'));
    const app = await startTestApp({ sqliteFile: path.join(dir, 'app.db') });
    try {
      const seller = await app.signUp();
      await makeOrders(seller, ['Ana Pop', 'Ion Pop']);
      const pool = app.db.readPool!;
      const before = pool.served;
      const all = await seller.call('GET', '/api/v1/order/export');
      expect(all.statusCode).toBe(200);
      expect(readCsv(all.body.slice(1)).length).toBe(3);
      expect(pool.served).toBe(before);
      const searched = await seller.call('GET', '/api/v1/order/export?search=Ana');
      expect(readCsv(searched.body.slice(1)).length).toBe(2);
      expect(pool.served).toBeGreaterThan(before);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
