import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { nowSeconds } from '../../lib/time.js';
import { isValidCui } from '../../../core/cui.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A valid tax id from `seed` on (the control digit found by trying the next numbers). */
function validCui(seed: number): string {
  for (let n = seed * 10; ; n++) if (isValidCui(String(n))) return String(n);
}

// The harness's companies have RO14399840: a company made through the API takes another tax id.
const valid = { name: 'Librăria Ion Creangă SRL', vat_number: 'RO18547290', administrator_name: 'Elena Marin' };
/** The company form with a tax id of its own (no other company of the user has it). */
const fresh = (seed: number) => ({ ...valid, vat_number: validCui(seed) });

describe('companies', () => {
  it('creates a company whose creator becomes a member, with the defaults', async () => {
    const u = await t.signUp();
    const res = await u.call('POST', '/api/v1/company', { body: valid });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ ...valid, vat_payer: false, active: true });
    const list = (await u.call('GET', '/api/v1/company?items=100')).json();
    expect(list.data.map((c: { id: number }) => c.id)).toContain(created.id);
    // The creator can work in the new company at once.
    const scoped = await u.call('GET', '/api/v1/notifications', { company: created.id });
    expect(scoped.statusCode).toBe(200);
  });

  it('refuses bad input with a message per field', async () => {
    const u = await t.signUp();
    const res = await u.call('POST', '/api/v1/company', {
      body: { name: '  ', vat_number: 'RO14399841', vat_payer: 'maybe' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['This field is required.'],
      vat_number: ['This tax id (CUI) is not valid: check the digits.'],
      administrator_name: ['This field is required.'],
      vat_payer: ['This value is not valid.'],
    });
  });

  it("lists only the user's companies, paginated, with search over name, tax id and administrator", async () => {
    const u = await t.signUp({ companies: [] });
    for (let i = 1; i <= 12; i++) {
      await u.call('POST', '/api/v1/company', {
        body: {
          ...valid,
          name: `Firma ${String(i).padStart(2, '0')} SRL`,
          administrator_name: i === 7 ? 'Ștefan Vodă' : 'Elena Marin',
          vat_number: i === 3 ? '18547290' : validCui(3_000_000 + i),
        },
      });
    }
    const stranger = await t.signUp();
    const page1 = (await u.call('GET', '/api/v1/company?items=5')).json();
    expect(page1.meta).toEqual({ total: 12, last_page: 3, current_page: 1, per_page: 5 });
    expect(page1.data).toHaveLength(5);
    const page3 = (await u.call('GET', '/api/v1/company?items=5&page=3')).json();
    expect(page3.data).toHaveLength(2);
    const beyond = (await u.call('GET', '/api/v1/company?items=5&page=9')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ last_page: 3, current_page: 9, total: 12 });

    expect((await u.call('GET', '/api/v1/company?search=firma%2007')).json().meta.total).toBe(1);
    expect((await u.call('GET', '/api/v1/company?search=vod')).json().data[0].name).toBe('Firma 07 SRL');
    expect((await u.call('GET', '/api/v1/company?search=185472')).json().data[0].name).toBe('Firma 03 SRL');
    expect((await u.call('GET', '/api/v1/company?search=100%25')).json().meta.total).toBe(0);
    const theirs = (await stranger.call('GET', '/api/v1/company')).json();
    expect(theirs.meta.total).toBe(1);
  });

  it('checks items between 1 and 1000, 10 by default', async () => {
    const u = await t.signUp();
    expect((await u.call('GET', '/api/v1/company')).json().meta.per_page).toBe(10);
    expect((await u.call('GET', '/api/v1/company?items=1000')).statusCode).toBe(200);
    const bad = await u.call('GET', '/api/v1/company?items=1001&page=0');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['items', 'page']);
  });

  it("updates a company and refuses another user's company with 404", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const id = (await owner.call('POST', '/api/v1/company', { body: valid })).json().data.id;
    const upd = await owner.call('POST', `/api/v1/company/${id}`, {
      body: { ...valid, name: 'Nume Nou SRL', vat_payer: true, active: false },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ name: 'Nume Nou SRL', vat_payer: true, active: false });

    expect((await other.call('GET', `/api/v1/company/${id}`)).statusCode).toBe(404);
    expect((await other.call('POST', `/api/v1/company/${id}`, { body: { ...valid, name: 'Furat' } })).statusCode).toBe(
      404,
    );
    expect((await other.call('DELETE', `/api/v1/company/${id}`)).statusCode).toBe(404);
    const still = (await owner.call('GET', `/api/v1/company/${id}`)).json().data;
    expect(still.name).toBe('Nume Nou SRL');
    const bad = await owner.call('POST', `/api/v1/company/${id}`, { body: { ...valid, administrator_name: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.administrator_name).toHaveLength(1);
  });

  it('deletes an empty company but refuses one that still has products with 409 and the reason', async () => {
    const u = await t.signUp();
    const empty = (await u.call('POST', '/api/v1/company', { body: valid })).json().data.id;
    expect((await u.call('DELETE', `/api/v1/company/${empty}`)).statusCode).toBe(200);
    expect((await u.call('GET', `/api/v1/company/${empty}`)).statusCode).toBe(404);

    const busy = (await u.call('POST', '/api/v1/company', { body: fresh(4_000_001) })).json().data.id;
    const now = nowSeconds();
    await t.db.kysely
      .insertInto('products')
      .values({
        company_id: busy,
        parent_id: null,
        name: 'Cană',
        description: null,
        sku: 'CANA-1',
        sale_type: 'Bucata',
        stock: 1,
        selling_price: 1000,
        buying_price: 500,
        currency: 'RON',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await u.call('DELETE', `/api/v1/company/${busy}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/still has 1 product and 0 orders/);
    expect((await u.call('GET', `/api/v1/company/${busy}`)).statusCode).toBe(200);
  });

  it('counts products as the Products list does: a parent with its variations is one product (Romanian plurals too)', async () => {
    const u = await t.signUp();
    const busy = (await u.call('POST', '/api/v1/company', { body: valid })).json().data.id;
    const now = nowSeconds();
    const base = {
      company_id: busy,
      description: null,
      sale_type: 'Bucata' as const,
      stock: 1,
      selling_price: 1000,
      buying_price: 500,
      currency: 'RON' as const,
      created_at: now,
      updated_at: now,
    };
    const parent = await t.db.kysely
      .insertInto('products')
      .values({ ...base, parent_id: null, name: 'Tricou', sku: 'TR' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('products')
      .values([
        { ...base, parent_id: parent.id, name: 'Tricou M', sku: 'TR-M' },
        { ...base, parent_id: parent.id, name: 'Tricou L', sku: 'TR-L' },
      ])
      .execute();
    const list = await u.call('GET', `/api/v1/product?page=1&items=1&company_id=${busy}`, { company: busy });
    expect(list.json().meta.total).toBe(1);
    const en = await u.call('DELETE', `/api/v1/company/${busy}`);
    expect(en.json()).toMatchObject({
      message: 'This company still has 1 product and 0 orders. Delete them first, or mark the company inactive.',
    });
    const ro = await u.call('DELETE', `/api/v1/company/${busy}`, { headers: { 'accept-language': 'ro' } });
    expect(ro.json().message).toMatch(/^Compania are încă 1 produs și 0 comenzi\./);
  });
});

describe('a tax id (CUI) is one company’s', () => {
  it("refuses a CUI another of the user's companies has (422 naming it, in both languages), with or without RO", async () => {
    const u = await t.signUp({ companies: [] });
    const first = await u.call('POST', '/api/v1/company', {
      body: { ...valid, name: 'Casa Verde Distribuție SRL', vat_number: 'RO14399840' },
    });
    expect(first.statusCode, first.body).toBe(201);
    for (const vat_number of ['RO14399840', '14399840', ' ro 14399840 ']) {
      const again = await u.call('POST', '/api/v1/company', { body: { ...valid, name: 'Alta SRL', vat_number } });
      expect(again.statusCode, vat_number).toBe(422);
      expect(again.json().errors).toEqual({
        vat_number: ['The company “Casa Verde Distribuție SRL” already has this tax id (CUI).'],
      });
    }
    const ro = await u.call('POST', '/api/v1/company', {
      body: { ...valid, vat_number: 'RO14399840' },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().errors).toEqual({
      vat_number: ['Compania „Casa Verde Distribuție SRL” are deja acest cod fiscal (CUI).'],
    });
    const list = (await u.call('GET', '/api/v1/company', { company: null })).json();
    expect(list.meta.total).toBe(1);
  });

  it('refuses an update to the CUI of another of the user’s companies, but a company keeps its own', async () => {
    const u = await t.signUp({ companies: [] });
    const a = (await u.call('POST', '/api/v1/company', { body: { ...valid, name: 'Firma A SRL' } })).json().data;
    const b = (await u.call('POST', '/api/v1/company', { body: { ...fresh(5_000_001), name: 'Firma B SRL' } })).json()
      .data;
    const keep = await u.call('POST', `/api/v1/company/${a.id}`, { body: { ...valid, name: 'Firma A nouă SRL' } });
    expect(keep.statusCode, keep.body).toBe(200);
    const taken = await u.call('POST', `/api/v1/company/${b.id}`, { body: { ...valid, name: 'Firma B SRL' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.vat_number).toEqual(['The company “Firma A nouă SRL” already has this tax id (CUI).']);
    expect((await u.call('GET', `/api/v1/company/${b.id}`)).json().data.vat_number).toBe(b.vat_number);
  });

  it('allows a CUI that only a company of another user has, and says nothing of it', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp({ companies: [] });
    // The harness made the owner's company with RO14399840; the stranger is in no company of it.
    const res = await stranger.call('POST', '/api/v1/company', { body: { ...valid, vat_number: 'RO14399840' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.vat_number).toBe('RO14399840');
    // A company the user shares with a colleague counts: it is one the user can see.
    const colleague = await t.signUp({ companies: [owner.companyId] });
    const shared = await colleague.call('POST', '/api/v1/company', { body: { ...valid, vat_number: '14399840' } });
    expect(shared.statusCode).toBe(422);
  });
});

describe('company scope', () => {
  it('needs X-Company-ID on company-scoped routes and refuses a company the user is not in', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await a.call('GET', '/api/v1/notifications', { company: null })).statusCode).toBe(400);
    expect((await a.call('GET', '/api/v1/notifications', { company: b.companyId })).statusCode).toBe(403);
    expect((await a.call('GET', `/api/v1/notifications?company_id=${b.companyId}`)).statusCode).toBe(403);
    expect((await a.call('GET', `/api/v1/notifications?company_id=${a.companyId}`)).statusCode).toBe(200);
  });
});
