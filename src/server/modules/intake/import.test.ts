import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { readSpreadsheet } from '../../lib/sheetImport.js';
import { seller, type Seller } from '../../test/bulk.js';
import { engineUnderTest, multipart, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { zipBombXlsx } from '../../test/zipFiles.js';

const clock = manualClock(1_800_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

function upload(
  u: TestUser,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer },
  lang = 'en',
) {
  const form = multipart(
    fields,
    file ? [{ name: 'file', filename: file.name, type: 'application/octet-stream', data: file.data }] : [],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/intake/import',
    payload: form.payload,
    headers: {
      ...form.headers,
      authorization: `Bearer ${u.token}`,
      'x-company-id': String(u.companyId),
      'accept-language': lang,
    },
  });
}

/** What the import wrote: the company's orders, inbox items and notifications. */
async function written(companyId: number) {
  const count = async (table: 'orders' | 'intake_items' | 'notifications') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { orders: await count('orders'), items: await count('intake_items'), alerts: await count('notifications') };
}

/** A Romanian Excel's CSV: a byte order mark, `;` between cells, Romanian headers, rows of one order together or apart. */
const ROMANIAN_CSV = [
  '\ufeffNumăr comandă;Nume client;Telefon;Email;Județ;Localitate;Stradă;Număr;SKU;Cantitate;Preț unitar;Cost livrare;Metodă plată;Monedă;Observații',
  '5001;Ioana Popescu;0744 123 456;ioana@example.ro;Cluj;Cluj-Napoca;Str. Memorandumului;28;CANA-1;2;24,50;15;cash_on_delivery;RON;Sunați înainte',
  '5002;Andrei Ionescu;0722 987 654;;Sibiu;Sibiu;Strada Fabricii;7;BOL-2;1;;;card;;',
  '5001;Ioana Popescu;0744 123 456;;Cluj;Cluj-Napoca;Str. Memorandumului;28;BOL-2;1;;;;;',
  '5003;Maria Pop;0733 111 222;;Iași;Iași;Bd. Independenței;5;NOPE-9;1;;;;;',
  ';Fără număr;0733 111 223;;Iași;Iași;Bd. Independenței;5;CANA-1;1;;;;;',
  '5004;Dan Radu;0733 111 224;;Iași;Iași;Bd. Independenței;5;CANA-1;zero;;;;;',
  '5005;Dan Radu;0733 111 225;;Iași;Iași;Bd. Independenței;5;CANA-1;1;;;card;;',
  '5005;Dan Radu;0733 111 225;;Iași;Iași;Bd. Independenței;5;BOL-2;1;;;cash_on_delivery;;',
  '',
].join('\r\n');

describe(`importing orders from a file (${engineUnderTest})`, () => {
  let s: Seller;
  beforeAll(async () => {
    s = await seller(await t.signUp());
  });

  it('a dry run answers per order what would happen, with the rows of each problem, and writes nothing', async () => {
    const before = await written(s.u.companyId);
    const res = await upload(
      s.u,
      { source_id: s.source, dry_run: 1 },
      { name: 'comenzi.csv', data: Buffer.from(ROMANIAN_CSV) },
      'ro',
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ dry_run: true, rows: 8, orders: 6 });
    expect(r.counts).toMatchObject({ would_be_created: 2, would_be_held: 4, created: 0, held: 0 });
    const by = (id: string | null) => r.results.find((x: { external_id: string | null }) => x.external_id === id);
    expect(by('5001')).toMatchObject({ outcome: 'would_be_created', rows: [2, 4], problems: [] });
    expect(by('5002')).toMatchObject({ outcome: 'would_be_created', rows: [3] });
    expect(by('5003')).toMatchObject({
      outcome: 'would_be_held',
      problems: [
        { code: 'unknown_sku', rows: [5], message: 'Nu există niciun produs cu codul SKU NOPE-9 în această companie.' },
      ],
    });
    expect(by(null)).toMatchObject({
      outcome: 'would_be_held',
      rows: [6],
      problems: [{ code: 'import_no_order_number' }],
    });
    expect(by('5004')).toMatchObject({
      outcome: 'would_be_held',
      problems: [{ field: 'lines.0.quantity', rows: [7] }],
    });
    expect(by('5005')).toMatchObject({
      outcome: 'would_be_held',
      problems: [
        {
          code: 'import_rows_disagree',
          rows: [8, 9],
          message: 'Rândurile acestei comenzi nu se potrivesc la payment_method.',
        },
      ],
    });
    expect(await written(s.u.companyId)).toEqual(before);
  });

  it('the import creates what it can, holds the rest in the inbox, and a second import of the file creates nothing', async () => {
    const file = { name: 'comenzi.csv', data: Buffer.from(ROMANIAN_CSV) };
    const res = await upload(s.u, { source_id: s.source }, file);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.counts).toMatchObject({ created: 2, held: 4 });
    const first = r.results.find((x: { external_id: string }) => x.external_id === '5001');
    const o = (await s.u.call('GET', `/api/v1/order/${first.order_id}`)).json().data;
    expect(o).toMatchObject({
      external_id: '5001',
      source_id: s.source,
      details: 'Sunați înainte',
      client_shipping_cost: 15,
      value: 61.5,
      customer_detail: { name: 'Ioana Popescu', email: 'ioana@example.ro', zip_code: '400114' },
    });
    expect(o.order_products.map((l: { product: { sku: string } }) => l.product.sku)).toEqual(['CANA-1', 'BOL-2']);
    expect(o.history.at(-1)).toMatchObject({
      type: 'created',
      user: { id: s.u.id },
      data: { origin: { via: 'import' } },
    });
    const inbox = (await s.u.call('GET', '/api/v1/intake?status=held')).json();
    expect(inbox.meta.held).toBe(4);
    expect(inbox.data.every((i: { via: string }) => i.via === 'import')).toBe(true);
    const alert = (await s.u.call('GET', '/api/v1/notifications')).json().data[0];
    expect(alert).toMatchObject({
      title: 'Imported orders waiting in Incoming',
      description: '4 orders of the file imported for Shop could not be created as written and wait in Incoming.',
    });

    const after = await written(s.u.companyId);
    const again = await upload(s.u, { source_id: s.source }, file);
    expect(again.statusCode, again.body).toBe(200);
    const r2 = again.json().data;
    expect(r2.counts).toMatchObject({ created: 0, updated: 0, already_imported: 2 });
    const w = await written(s.u.companyId);
    expect(w.orders).toBe(after.orders);
    expect((await s.u.call('GET', '/api/v1/intake/counts')).json().data.held).toBe(4);
    // A dry run of the same file says so too.
    const dry = (await upload(s.u, { source_id: s.source, dry_run: 1 }, file)).json().data;
    expect(dry.counts.already_imported).toBe(2);
  });

  it('reads an XLSX file: the template itself imports', async () => {
    const u = (await seller(await t.signUp())).u;
    const src = (await u.call('GET', '/api/v1/source')).json().data[0].id;
    const tpl = await u.call('GET', '/api/v1/intake/import/template?format=xlsx');
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(tpl.headers['content-disposition']).toBe('attachment; filename="order-import.xlsx"');
    const res = await upload(u, { source_id: src }, { name: 'order-import.xlsx', data: tpl.rawPayload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 3, orders: 2, counts: { created: 2 } });
  });

  it('serves the template as CSV with the columns the import reads, in the reader’s language', async () => {
    const en = await s.u.call('GET', '/api/v1/intake/import/template');
    expect(en.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = await readSpreadsheet(en.rawPayload, 'template.csv');
    expect(rows[0]).toEqual([
      'order_number',
      'customer_name',
      'phone_number',
      'email',
      'county',
      'city',
      'street',
      'number',
      'sku',
      'quantity',
      'unit_price',
      'shipping_cost',
      'payment_method',
      'currency',
      'notes',
    ]);
    const ro = await s.u.call('GET', '/api/v1/intake/import/template?format=csv', {
      headers: { 'accept-language': 'ro' },
    });
    expect((await readSpreadsheet(ro.rawPayload, 't.csv'))[0].slice(0, 3)).toEqual([
      'numar_comanda',
      'nume_client',
      'telefon',
    ]);
    expect((await s.u.call('GET', '/api/v1/intake/import/template?format=pdf')).statusCode).toBe(422);
  });

  it('answers 422 per field: the source, the file, its columns; 401 to a stranger', async () => {
    const other = await seller(await t.signUp());
    const csv = { name: 'a.csv', data: Buffer.from(ROMANIAN_CSV) };
    const foreign = await upload(s.u, { source_id: other.source }, csv);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ source_id: ['Invalid source selected'] });
    const noFile = await upload(s.u, { source_id: s.source });
    expect(noFile.json().errors).toEqual({ file: ['Choose a CSV or XLSX file.'] });
    const noColumns = await upload(
      s.u,
      { source_id: s.source },
      { name: 'a.csv', data: Buffer.from('order_number,sku\n1,CANA-1\n') },
    );
    expect(noColumns.json().errors.file[0]).toBe(
      'The file has no column customer_name, phone_number, county, city, street, number, quantity. Download the template to see the columns.',
    );
    const noSource = await upload(s.u, {}, csv);
    expect(Object.keys(noSource.json().errors)).toEqual(['source_id']);
    const stranger = await t.app.inject({ method: 'POST', url: '/api/v1/intake/import' });
    expect(stranger.statusCode).toBe(401);
  });

  it('a zip bomb (200 KB unpacking to 200 MB) is refused before it is parsed: 422 in the language asked, within 2 s, nothing written', async () => {
    // Every uploaded spreadsheet goes through the settlement files' guard, not only those: a lying
    // directory (the sheet declared at 4,000 bytes) is stopped by the inflate cap as well.
    const before = await written(s.u.companyId);
    const messages = {
      en: 'The file unpacks to more than 64 MB. Split it into smaller files.',
      ro: 'Fișierul se dezarhivează la mai mult de 64 MB. Împărțiți-l în fișiere mai mici.',
    };
    for (const [lang, bomb] of [
      ['en', zipBombXlsx(200)],
      ['ro', zipBombXlsx(200, 4000)],
    ] as const) {
      expect(bomb.length).toBeLessThan(300 * 1024);
      const started = Date.now();
      const res = await upload(s.u, { source_id: s.source }, { name: 'comenzi.xlsx', data: bomb }, lang);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ file: [messages[lang]] });
    }
    expect(await written(s.u.companyId)).toEqual(before);
  });
});
