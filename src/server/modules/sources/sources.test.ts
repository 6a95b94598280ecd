import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function createSource(u: TestUser, source: string, active = true): Promise<{ id: number; source: string }> {
  const res = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source, active } });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

describe('sources', () => {
  it('needs a signed-in user on every endpoint (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/source'],
      ['POST', '/api/v1/source'],
      ['POST', '/api/v1/source/1'],
      ['DELETE', '/api/v1/source/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-company-id': '1' },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates a source of the selected company, with the company name resolved', async () => {
    const u = await t.signUp();
    const res = await u.call('POST', '/api/v1/source', {
      body: { company_id: u.companyId, source: '  eMAG Marketplace ', active: false },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ company_id: u.companyId, source: 'eMAG Marketplace', active: false });
    expect(created.company).toEqual({ id: u.companyId, name: expect.stringMatching(/^Test Company/) });
    // active defaults to true; company_id may come as numeric text (a form field).
    const res2 = await u.call('POST', '/api/v1/source', {
      body: { company_id: String(u.companyId), source: 'Telefon' },
    });
    expect(res2.statusCode).toBe(201);
    expect(res2.json().data.active).toBe(true);
  });

  it('refuses bad input with a message per field (422), in English and Romanian', async () => {
    const u = await t.signUp();
    const res = await u.call('POST', '/api/v1/source', { body: { source: '   ', active: 'maybe' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      company_id: ['Please select a company'],
      source: ['This field is required.'],
      active: ['This value is not valid.'],
    });
    const ro = await u.call('POST', '/api/v1/source', { body: {}, headers: { 'accept-language': 'ro' } });
    expect(ro.json().errors).toMatchObject({
      company_id: ['Vă rugăm să selectați o companie'],
      source: ['Câmpul este obligatoriu.'],
    });
    const tooLong = await u.call('POST', '/api/v1/source', {
      body: { company_id: u.companyId, source: 'x'.repeat(101) },
    });
    expect(tooLong.json().errors).toEqual({ source: ['At most 100 characters.'] });
  });

  it("refuses a company_id other than the selected company, even one of the user's own", async () => {
    const own2 = await t.createCompany('Second Company SRL');
    const stranger = await t.createCompany('Stranger SRL');
    const first = await t.createCompany('First Company SRL');
    const u = await t.signUp({ companies: [first, own2] });
    for (const other of [own2, stranger]) {
      const res = await u.call('POST', '/api/v1/source', { body: { company_id: other, source: 'Facebook' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        company_id: ['The company must be the one selected at the top of the page.'],
      });
    }
    // Working in another company means selecting it (X-Company-ID): then it is accepted there.
    const there = await u.call('POST', '/api/v1/source', {
      body: { company_id: own2, source: 'Facebook' },
      company: own2,
    });
    expect(there.statusCode).toBe(201);
    // A company of someone else cannot be selected at all.
    expect(
      (
        await u.call('POST', '/api/v1/source', {
          body: { company_id: stranger, source: 'Facebook' },
          company: stranger,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a duplicate name within a company, whatever its case, but not across companies', async () => {
    const u = await t.signUp();
    const v = await t.signUp();
    const a = await createSource(u, 'Instagram');
    const dup = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'INSTAGRAM' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ source: ['This company already has a source with this name.'] });
    await createSource(v, 'Instagram');
    const b = await createSource(u, 'OLX');
    expect((await u.call('POST', `/api/v1/source/${b.id}`, { body: { source: 'instagram' } })).statusCode).toBe(422);
    // Renaming to its own name (another case) is fine.
    const same = await u.call('POST', `/api/v1/source/${a.id}`, { body: { source: 'instagram' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.source).toBe('instagram');
  });

  it("lists newest first, paginated, with search, and only the selected company's sources", async () => {
    const u = await t.signUp();
    const v = await t.signUp();
    for (let i = 1; i <= 12; i++) await createSource(u, `Canal ${String(i).padStart(2, '0')}`);
    await createSource(u, 'Magazin online 50%_off');
    await createSource(v, 'Canal străin');
    const page1 = (await u.call('GET', '/api/v1/source?items=5')).json();
    expect(page1.meta).toEqual({ total: 13, last_page: 3, current_page: 1, per_page: 5 });
    expect(page1.data[0].source).toBe('Magazin online 50%_off');
    expect(page1.data[1].source).toBe('Canal 12');
    const page3 = (await u.call('GET', '/api/v1/source?items=5&page=3')).json();
    expect(page3.data.map((s: { source: string }) => s.source)).toEqual(['Canal 03', 'Canal 02', 'Canal 01']);
    expect(
      (await u.call('GET', '/api/v1/source?search=canal%2007')).json().data.map((s: { source: string }) => s.source),
    ).toEqual(['Canal 07']);
    expect((await u.call('GET', '/api/v1/source?search=CANAL')).json().meta.total).toBe(12);
    expect((await u.call('GET', '/api/v1/source?search=50%25_')).json().meta.total).toBe(1);
    expect((await u.call('GET', '/api/v1/source?search=0%25')).json().meta.total).toBe(1);
    // The by-company fetch: company_id of the selected company and up to 1000 per page.
    const all = await u.call('GET', `/api/v1/source?page=1&items=1000&company_id=${u.companyId}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toMatchObject({ total: 13, last_page: 1 });
    expect(
      all
        .json()
        .data.every(
          (s: { company_id: number; company: { name: string } }) => s.company_id === u.companyId && s.company.name,
        ),
    ).toBe(true);
    expect((await u.call('GET', `/api/v1/source?company_id=${v.companyId}`)).statusCode).toBe(403);
    expect((await u.call('GET', '/api/v1/source?items=1001')).statusCode).toBe(422);
  });

  it('updates the text and the active flag; a partial update keeps the rest', async () => {
    const u = await t.signUp();
    const s = await createSource(u, 'Facebok');
    const res = await u.call('POST', `/api/v1/source/${s.id}`, {
      body: { company_id: u.companyId, source: 'Facebook', active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: s.id, source: 'Facebook', active: false });
    const toggled = await u.call('POST', `/api/v1/source/${s.id}`, { body: { active: true } });
    expect(toggled.json().data).toMatchObject({ source: 'Facebook', active: true });
    const bad = await u.call('POST', `/api/v1/source/${s.id}`, { body: { source: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ source: ['This field is required.'] });
    const moved = await u.call('POST', `/api/v1/source/${s.id}`, {
      body: { company_id: await t.createCompany(), source: 'Facebook' },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.company_id).toBeDefined();
  });

  it("answers 404 for another company's source, and leaves it alone", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const s = await createSource(owner, 'eMAG Marketplace');
    expect((await other.call('GET', `/api/v1/source/${s.id}`)).statusCode).toBe(404);
    const upd = await other.call('POST', `/api/v1/source/${s.id}`, {
      body: { company_id: other.companyId, source: 'Hacked' },
    });
    expect(upd.statusCode).toBe(404);
    expect(upd.json()).toEqual({ message: 'Not found.' });
    expect((await other.call('DELETE', `/api/v1/source/${s.id}`)).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/v1/source/${s.id}`)).json().data.source).toBe('eMAG Marketplace');
    expect((await owner.call('DELETE', '/api/v1/source/999999')).statusCode).toBe(404);
  });

  it('deletes an unused source', async () => {
    const u = await t.signUp();
    const s = await createSource(u, 'OLX');
    const res = await u.call('DELETE', `/api/v1/source/${s.id}`);
    expect(res.statusCode).toBe(200);
    expect((await u.call('GET', `/api/v1/source/${s.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a source that order discounts refer to (409, saying what refers to it), until they are gone', async () => {
    const u = await t.signUp();
    const s = await createSource(u, 'Telefon');
    const d1 = await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'amount', order_value: 200, value: 20, company_id: u.companyId, source_id: s.id },
    });
    expect(d1.statusCode).toBe(201);
    const one = await u.call('DELETE', `/api/v1/source/${s.id}`);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(
      'This source is still used by 1 order discount, so it cannot be deleted. Deactivate it instead.',
    );
    await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'shipping', order_value: 300, company_id: u.companyId, source_id: s.id },
    });
    const two = await u.call('DELETE', `/api/v1/source/${s.id}`, { headers: { 'accept-language': 'ro-RO' } });
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe(
      'Această sursă este folosită încă de 2 reduceri la comandă, deci nu poate fi ștearsă. Dezactivați-o în schimb.',
    );
    // Deactivating is the way out, and it keeps the discounts.
    expect((await u.call('POST', `/api/v1/source/${s.id}`, { body: { active: false } })).json().data.active).toBe(
      false,
    );
    // Once nothing refers to it, it can go.
    const list = (await u.call('GET', '/api/v1/order-discount?items=100')).json().data as { id: number }[];
    for (const d of list) expect((await u.call('DELETE', `/api/v1/order-discount/${d.id}`)).statusCode).toBe(200);
    expect((await u.call('DELETE', `/api/v1/source/${s.id}`)).statusCode).toBe(200);
  });
});

describe('describeUsage', () => {
  it('lists what refers to a source, with plural forms in both languages', async () => {
    const { describeUsage } = await import('./usage.js');
    expect(describeUsage({ order_discounts: 1 }, 'en')).toBe('1 order discount');
    expect(describeUsage({ order_discounts: 0, other_things: 2 }, 'en')).toBe('2 × other things');
    expect(describeUsage({ order_discounts: 3, other_things: 2 }, 'en')).toBe('3 order discounts and 2 × other things');
    expect(describeUsage({ order_discounts: 1 }, 'ro')).toBe('1 reducere la comandă');
    expect(describeUsage({ order_discounts: 19 }, 'ro')).toBe('19 reduceri la comandă');
    expect(describeUsage({ order_discounts: 20 }, 'ro')).toBe('20 de reduceri la comandă');
  });
});

describe('source names under concurrency (a unique index backs the rule)', () => {
  it('20 creates of one name at the same moment: one 201, the others 422 on source, never 500', async () => {
    const u = await t.signUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Vitrina' } }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(422)]);
    for (const r of answers.filter((x) => x.statusCode === 422))
      expect(r.json().errors).toEqual({ source: ['This company already has a source with this name.'] });
  });

  it('names that differ only in case, or in how a diacritic is typed, at the same moment: one is created', async () => {
    const u = await t.signUp();
    const names = ['Târg', 'TÂRG', 'târg', 'Ta\u0302rg', 'tÂrG', 'TA\u0302RG'];
    const answers = await Promise.all(
      names.map((source) => u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source } })),
    );
    expect(answers.map((r) => r.statusCode).filter((c) => c === 201)).toHaveLength(1);
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    const rows = await t.db.kysely
      .selectFrom('sources')
      .select('source')
      .where('company_id', '=', u.companyId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("renaming onto another source's name in another case is refused", async () => {
    const u = await t.signUp();
    await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Ăla Bun' } });
    const b = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Altul' } });
    const res = await u.call('POST', `/api/v1/source/${b.json().data.id}`, { body: { source: 'ăLA bun' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['source']);
  });
});

describe('a source name whose key is longer than the name', () => {
  it("100 × 'İ' (lower-cased to two characters each) is stored with its 200-character key", async () => {
    const u = await t.signUp();
    const res = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'İ'.repeat(100) } });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.kysely
      .selectFrom('sources')
      .select('source_key')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect([...row.source_key]).toHaveLength(200);
  });
});
