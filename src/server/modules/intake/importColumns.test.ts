import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { seller } from '../../test/bulk.js';
import { engineUnderTest, multipart, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

/**
 * The columns of an import as sellers' files have them: in any order, under the English names or
 * the Romanian ones of the template, separated by commas (no byte order mark) or by semicolons (as
 * Romanian Excel writes them); an empty optional cell takes the push's default.
 */
const clock = manualClock(1_800_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

function upload(u: TestUser, sourceId: number, csv: string, dryRun = false) {
  const form = multipart(dryRun ? { source_id: sourceId, dry_run: 1 } : { source_id: sourceId }, [
    { name: 'file', filename: 'comenzi.csv', type: 'text/csv', data: Buffer.from(csv) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/intake/import',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${u.token}`, 'x-company-id': String(u.companyId) },
  });
}

describe(`an import's columns (${engineUnderTest})`, () => {
  it("reads the template's Romanian headers in another order, comma-separated without a byte order mark; empty optional cells take the defaults", async () => {
    const s = await seller(await t.signUp());
    const csv = [
      'cantitate,cod_produs,moneda,metoda_plata,numar,strada,localitate,judet,telefon,nume_client,numar_comanda,pret_unitar,cost_livrare,observatii',
      '2,CANA-1,,,28,Strada Memorandumului,Cluj-Napoca,Cluj,0744 123 456,Ioana Popescu,RO-1,"24,50",,',
      '1,BOL-2,,,28,Strada Memorandumului,Cluj-Napoca,Cluj,0744 123 456,Ioana Popescu,RO-1,,,',
      '1,CANA-1,RON,card,7,Strada Fabricii,Sibiu,Sibiu,0722 987 654,Andrei Ionescu,RO-2,,9.99,Sunați',
      '',
    ].join('\n');
    const res = await upload(s.u, s.source, csv);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ rows: 3, orders: 2, counts: { created: 2, held: 0 } });
    const byNumber = (n: string) => r.results.find((x: { external_id: string }) => x.external_id === n);
    const first = (await s.u.call('GET', `/api/v1/order/${byNumber('RO-1').order_id}`)).json().data;
    // No payment method, currency or shipping cost written: cash on delivery, lei, the company's shipping.
    expect(first).toMatchObject({ payment_method: 'cash_on_delivery', value: 61.5, details: null });
    const second = (await s.u.call('GET', `/api/v1/order/${byNumber('RO-2').order_id}`)).json().data;
    expect(second).toMatchObject({ payment_method: 'card', client_shipping_cost: 9.99, details: 'Sunați' });
  });

  it('reads the English headers separated by semicolons, in any order', async () => {
    const s = await seller(await t.signUp());
    const csv = [
      'sku;quantity;order_number;phone_number;customer_name;number;street;city;county;payment_method',
      'CANA-1;3;EN-1;0733 111 222;Maria Pop;7;Strada Fabricii;Sibiu;Sibiu;bank_transfer',
    ].join('\r\n');
    const dry = await upload(s.u, s.source, csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.results).toMatchObject([{ external_id: 'EN-1', outcome: 'would_be_created', rows: [2] }]);
    const res = (await upload(s.u, s.source, csv)).json().data;
    const o = (await s.u.call('GET', `/api/v1/order/${res.results[0].order_id}`)).json().data;
    expect(o).toMatchObject({
      external_id: 'EN-1',
      payment_method: 'bank_transfer',
      customer_detail: { name: 'Maria Pop', city: 'Sibiu', zip_code: '550246' },
    });
    expect(o.order_products).toMatchObject([{ quantity: 3, product: { sku: 'CANA-1' } }]);
  });
});
