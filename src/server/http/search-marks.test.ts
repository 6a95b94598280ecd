import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';

/**
 * Every list search finds a name typed without its marks (ă â î ș ț, and the cedilla forms ş ţ
 * older keyboards and shops still send), in any case, and a name typed with them finds the same
 * rows: the large lists through their folded indexes (migration 084), the small ones by folding
 * both sides (http/list.ts). Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
let u: TestUser;
let sourceId: number;
/** The products' ids by SKU. */
const productIds = new Map<string, number>();
beforeAll(async () => {
  t = await startTestApp();
  u = await t.signUp();
  const src = await u.call('POST', '/api/v1/source', {
    body: { company_id: u.companyId, source: 'Târguri și Expoziții' },
  });
  expect(src.statusCode, src.body).toBe(201);
  sourceId = src.json().data.id;
  // Cedilla forms, as an old shop sends them.
  for (const source of ['Ţară Ştefan', 'eMAG'])
    expect((await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source } })).statusCode).toBe(
      201,
    );
  for (const [sku, name] of [
    ['VIS-1', 'Dulceață de vișine'],
    ['TUI-1', 'Ţuică de prune'],
    ['PLAIN', 'Plain product'],
  ]) {
    const p = await u.call('POST', '/api/v1/product', {
      body: {
        company_id: u.companyId,
        sku,
        name,
        sale_type: 'Bucata',
        stock: 100,
        selling_price: 10,
        buying_price: 1,
        currency: 'RON',
      },
    });
    expect(p.statusCode, p.body).toBe(201);
    productIds.set(sku, p.json().data.id);
  }
  for (const [name, phone] of [
    ['Bogdan Niță', '0744 100 001'],
    ['Ştefan Ţăranu', '0744 100 002'],
    ['Ion Popescu', '0744 100 003'],
  ]) {
    const o = await u.call('POST', '/api/v1/order', {
      body: {
        name,
        phone_number: phone,
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Strada Memorandumului',
        number: '28',
        source: sourceId,
        products: { PLAIN: 1 },
      },
    });
    expect(o.statusCode, o.body).toBe(201);
  }
});
afterAll(() => t.close());

/** The names (or the field `key`) of a list's rows for a search. */
async function found(path: string, search: string, key = 'name'): Promise<string[]> {
  const res = await u.call('GET', `${path}?items=100&search=${encodeURIComponent(search)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Record<string, unknown>[]).map((r) => String(r[key])).sort();
}

describe('searching without the marks of ă â î ș ț', () => {
  it('customers: "nita" finds Bogdan Niță, the cedilla forms are found both ways, short terms too', async () => {
    for (const term of ['nita', 'NITA', 'Niță', 'NIŢĂ', 'bogdan ni', 'iț', 'IT'])
      expect(await found('/api/v1/customer', term), term).toEqual(['Bogdan Niță']);
    for (const term of ['stefan taranu', 'Ștefan Țăranu', 'ŞTEFAN', 'tar'])
      expect(await found('/api/v1/customer', term), term).toEqual(['Ştefan Ţăranu']);
    expect(await found('/api/v1/customer', 'nitza')).toEqual([]);
  });

  it('orders: the customer typed without marks finds the order', async () => {
    const names = async (term: string) =>
      (
        (await u.call('GET', `/api/v1/order?items=100&search=${encodeURIComponent(term)}`)).json().data as {
          customer_detail: { name: string };
        }[]
      ).map((o) => o.customer_detail.name);
    for (const term of ['nita', 'Bogdan NITA', 'niţă', 'ta']) expect(await names(term), term).toContain('Bogdan Niță');
    expect(await names('taranu')).toEqual(['Ştefan Ţăranu']);
    expect(await names('popescu')).toEqual(['Ion Popescu']);
  });

  it('products: a name typed without marks or with the other form of ș ț', async () => {
    for (const term of ['visine', 'dulceata', 'DULCEAȚĂ DE VIȘINE', 'dulceaţă', 'ta d'])
      expect(await found('/api/v1/product', term), term).toEqual(['Dulceață de vișine']);
    for (const term of ['tuica', 'Țuică', 'ţuică', 'tu'])
      expect(await found('/api/v1/product', term), term).toContain('Ţuică de prune');
  });

  it('sources: "targuri" finds Târguri, "stefan" the cedilla Ştefan, and a name with marks finds itself', async () => {
    for (const term of ['targuri', 'TARGURI SI EXPOZITII', 'târguri', 'expoziţii'])
      expect(await found('/api/v1/source', term, 'source'), term).toEqual(['Târguri și Expoziții']);
    for (const term of ['tara stefan', 'Țară Ștefan', 'ştefan'])
      expect(await found('/api/v1/source', term, 'source'), term).toEqual(['Ţară Ştefan']);
    // A LIKE wildcard stays a literal character.
    expect(await found('/api/v1/source', 't_rguri', 'source')).toEqual([]);
  });

  it('packages, messages, return requests and order discounts fold the same way', async () => {
    for (const name of ['Cutie mică', 'Plic întărit']) {
      const res = await u.call('POST', '/api/v1/package', {
        body: { name, description: 'Carton', length: 30, width: 20, height: 10, weight: 1, is_active: true },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await found('/api/v1/package', 'mica')).toEqual(['Cutie mică']);
    expect(await found('/api/v1/package', 'INTARIT')).toEqual(['Plic întărit']);

    const msg = await u.call('POST', '/api/v1/message', {
      body: {
        company_id: u.companyId,
        source_id: sourceId,
        from: 'Magazin',
        text: 'Comanda {order_id} a fost expediată.',
      },
    });
    expect(msg.statusCode, msg.body).toBe(201);
    expect(await found('/api/v1/message', 'expediata', 'text')).toEqual(['Comanda {order_id} a fost expediată.']);
    // By its source's name too.
    expect(await found('/api/v1/message', 'targuri', 'text')).toEqual(['Comanda {order_id} a fost expediată.']);

    const rr = await u.call('POST', '/api/v1/return-request', {
      body: {
        full_name: 'Ioana Mărgărit',
        phone_number: '+40 722 123 456',
        email: 'ioana@example.ro',
        bill_number: 'FCT-0042',
        iban: 'RO49AAAA1B31007593840000',
        reason: 'Mărime greșită',
        details: '',
        source: 'eMAG',
      },
    });
    expect(rr.statusCode, rr.body).toBe(201);
    expect(await found('/api/v1/return-request', 'margarit', 'full_name')).toEqual(['Ioana Mărgărit']);

    const discount = await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'amount', order_value: 100, value: 5, company_id: u.companyId, source_id: sourceId },
    });
    expect(discount.statusCode, discount.body).toBe(201);
    expect((await found('/api/v1/order-discount', 'targuri', 'source_id')).map(Number)).toEqual([sourceId]);
  });

  it("product discounts by their product's name, companies and coupons fold the same way", async () => {
    for (const sku of ['VIS-1', 'TUI-1', 'PLAIN']) {
      const res = await u.call('POST', '/api/v1/product-discount', {
        body: { product_id: productIds.get(sku), type: 'amount', quantity: 2, value: 1 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const discountsOf = async (term: string) =>
      (
        (await u.call('GET', `/api/v1/product-discount?items=100&search=${encodeURIComponent(term)}`)).json().data as {
          product: { name: string };
        }[]
      ).map((d) => d.product.name);
    for (const term of ['visine', 'DULCEATA', 'vișine', 'dulceaţă'])
      expect(await discountsOf(term), term).toEqual(['Dulceață de vișine']);
    for (const term of ['tuica', 'Țuică']) expect(await discountsOf(term), term).toEqual(['Ţuică de prune']);

    // A tax id of its own: the user's first company has the harness's.
    const company = await u.call('POST', '/api/v1/company', {
      body: { name: 'Casa Verde Distribuție SRL', vat_number: 'RO18547290', administrator_name: 'Ştefan Mureşan' },
    });
    expect(company.statusCode, company.body).toBe(201);
    for (const term of ['distributie', 'DISTRIBUTIE', 'Distribuție', 'distribuţie', 'mureşan', 'stefan muresan'])
      expect(await found('/api/v1/company', term), term).toEqual(['Casa Verde Distribuție SRL']);

    for (const code of ['TOAMNĂ-ȘIC', 'ŢARĂ10', 'VARA10']) {
      const res = await u.call('POST', '/api/v1/coupon', { body: { code, type: 'percentage', value: 10 } });
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const term of ['toamna', 'toamna-sic', 'TOAMNĂ-ŞIC', 'toamnă'])
      expect(await found('/api/v1/coupon', term, 'code'), term).toEqual(['TOAMNĂ-ȘIC']);
    for (const term of ['tara', 'Țară10'])
      expect(await found('/api/v1/coupon', term, 'code'), term).toEqual(['ŢARĂ10']);
  });

  it("never finds another company's rows", async () => {
    const other = await t.signUp();
    const res = await other.call('GET', '/api/v1/customer?items=100&search=nita');
    expect(res.json().data).toEqual([]);
    expect((await other.call('GET', '/api/v1/source?items=100&search=targuri')).json().data).toEqual([]);
  });
});
