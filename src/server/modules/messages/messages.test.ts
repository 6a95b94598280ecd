import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { nowSeconds } from '../../lib/time.js';
import { sourceKey } from '../../../core/api/sources.js';

let t: TestApp;
let alice: TestUser; // member of company A and company B
let bob: TestUser; // member of company C only
let companyA: number;
let companyB: number;
let sourceA: number;
let sourceA2: number;
let sourceB: number;
let sourceC: number;

async function addSource(companyId: number, name: string): Promise<number> {
  const now = nowSeconds();
  const row = await t.db.kysely
    .insertInto('sources')
    .values({
      company_id: companyId,
      source: name,
      source_key: sourceKey(name),
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const valid = () => ({
  company_id: companyA,
  source_id: sourceA,
  from: 'CasaVerde',
  text: 'Comanda {order_id} a fost expediata.',
});

async function create(user: TestUser, body: Record<string, unknown>, company?: number) {
  return user.call('POST', '/api/v1/message', { body, company });
}

beforeAll(async () => {
  t = await startTestApp();
  companyA = await t.createCompany('Alfa SRL');
  companyB = await t.createCompany('Beta SRL');
  alice = await t.signUp({ companies: [companyA, companyB] });
  bob = await t.signUp();
  sourceA = await addSource(companyA, 'Magazin online');
  sourceA2 = await addSource(companyA, 'eMAG');
  sourceB = await addSource(companyB, 'Facebook');
  sourceC = await addSource(bob.companyId, 'Telefon');
});
afterAll(async () => t?.close());

describe('sign-in and company scope', () => {
  it('401 without a token on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/message'],
      ['POST', '/api/v1/message'],
      ['GET', '/api/v1/message/1'],
      ['POST', '/api/v1/message/1'],
      ['DELETE', '/api/v1/message/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-company-id': String(companyA) },
        payload: method === 'POST' ? valid() : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('403 for a company the user does not belong to, 400 without the header', async () => {
    expect((await alice.call('GET', '/api/v1/message', { company: bob.companyId })).statusCode).toBe(403);
    expect((await alice.call('GET', '/api/v1/message', { company: null })).statusCode).toBe(400);
  });
});

describe('create', () => {
  it('creates a template and answers it with the company and source names', async () => {
    const res = await create(alice, valid());
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      company_id: companyA,
      source_id: sourceA,
      from: 'CasaVerde',
      text: 'Comanda {order_id} a fost expediata.',
      is_active: true,
    });
    expect(data.company).toEqual({ id: companyA, name: 'Alfa SRL' });
    expect(data.source).toEqual({ id: sourceA, source: 'Magazin online' });
    expect(typeof data.created_at).toBe('number');
  });

  it('accepts company_id and source_id as numeric text, and an international phone number as sender', async () => {
    const res = await create(alice, {
      ...valid(),
      company_id: String(companyA),
      source_id: String(sourceA),
      from: '+40722123456',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.from).toBe('+40722123456');
    const res2 = await create(alice, { ...valid(), from: '0040722123456' });
    expect(res2.statusCode).toBe(201);
  });

  it('422 with a message per missing field', async () => {
    const res = await create(alice, {});
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    for (const f of ['company_id', 'source_id', 'from', 'text'])
      expect(errors[f], f).toEqual(['This field is required.']);
  });

  it('422 for blank from and text', async () => {
    const res = await create(alice, { ...valid(), from: '   ', text: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ from: ['This field is required.'], text: ['This field is required.'] });
  });

  it.each([
    'ABCDEFGHIJKL',
    'Casa Verde',
    'Magazin-RO',
    'Mulțumim',
    '12345',
    '0722123456',
    '+40 722 123 456',
    '+4072',
    '40722123456',
  ])('422 for the sender %s', async (from) => {
    const res = await create(alice, { ...valid(), from });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['from']);
    expect(res.json().errors.from[0]).toMatch(/up to 11 letters and digits/);
  });

  it('the sender message in Romanian', async () => {
    const res = await alice.call('POST', '/api/v1/message', {
      body: { ...valid(), from: 'Casa Verde SRL' },
      headers: { 'accept-language': 'ro' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.from[0]).toMatch(/cel mult 11 litere și cifre/);
  });

  it('422 for a text longer than 10 SMS parts, accepts exactly 10', async () => {
    expect((await create(alice, { ...valid(), text: 'a'.repeat(1530) })).statusCode).toBe(201);
    const res = await create(alice, { ...valid(), text: 'a'.repeat(1531) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.text[0]).toMatch(/at most 10 SMS parts/);
    // Unicode parts are smaller: 671 UTF-16 units need 11 parts of 67.
    expect((await create(alice, { ...valid(), text: 'ș'.repeat(671) })).statusCode).toBe(422);
  });

  it('422 for ids that are not ids', async () => {
    const res = await create(alice, { ...valid(), company_id: 'abc', source_id: -3 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['company_id', 'source_id']);
  });

  it('422 when the source belongs to another company', async () => {
    for (const source_id of [sourceB, sourceC, 999999]) {
      const res = await create(alice, { ...valid(), source_id });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ source_id: ['Choose a source of the selected company.'] });
    }
  });

  it('422 when company_id is not the company of X-Company-ID; creates in company B with its header', async () => {
    const res = await create(alice, { ...valid(), company_id: companyB, source_id: sourceB });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['company_id']);
    const ok = await create(alice, { ...valid(), company_id: companyB, source_id: sourceB }, companyB);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.company.name).toBe('Beta SRL');
    // A user cannot reach a company they are not in, whatever the body says.
    expect(
      (await create(alice, { ...valid(), company_id: bob.companyId, source_id: sourceC }, bob.companyId)).statusCode,
    ).toBe(403);
  });

  it('stores is_active false when asked', async () => {
    const res = await create(alice, { ...valid(), is_active: false });
    expect(res.json().data.is_active).toBe(false);
  });
});

describe('list', () => {
  let user: TestUser;
  let company: number;
  let src: number;
  beforeAll(async () => {
    company = await t.createCompany('Gamma SRL');
    user = await t.signUp({ companies: [company] });
    src = await addSource(company, 'Instagram');
    const now = nowSeconds();
    await t.db.kysely
      .insertInto('messages')
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          company_id: company,
          source_id: src,
          from: `Shop${i}`,
          text: i === 7 ? 'Coletul cu AWB {awb} a plecat' : `Mesaj ${i}`,
          is_active: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });

  it('pages newest first with meta, nested names and Laravel links', async () => {
    const res = await user.call('GET', '/api/v1/message?page=2&items=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 23, last_page: 3, current_page: 2, per_page: 10 });
    expect(body.data).toHaveLength(10);
    expect(body.data[0].from).toBe('Shop12');
    expect(body.data[0].company).toEqual({ id: company, name: 'Gamma SRL' });
    expect(body.data[0].source).toEqual({ id: src, source: 'Instagram' });
    const links = body.links;
    expect(new URL(links.first).searchParams.get('page')).toBe('1');
    expect(new URL(links.last).searchParams.get('page')).toBe('3');
    expect(new URL(links.prev).searchParams.get('page')).toBe('1');
    expect(new URL(links.next).searchParams.get('page')).toBe('3');
    expect(new URL(links.next).searchParams.get('items')).toBe('10');
    expect(new URL(links.next).pathname).toBe('/api/v1/message');
  });

  it('no prev on the first page, no next on the last', async () => {
    const first = (await user.call('GET', '/api/v1/message?items=10')).json();
    expect(first.links.prev).toBeNull();
    expect(first.links.next).not.toBeNull();
    const last = (await user.call('GET', '/api/v1/message?page=3&items=10')).json();
    expect(last.data).toHaveLength(3);
    expect(last.links.next).toBeNull();
  });

  it('searches sender, text and source name', async () => {
    expect((await user.call('GET', '/api/v1/message?search=awb')).json().meta.total).toBe(1);
    expect((await user.call('GET', '/api/v1/message?search=shop1')).json().meta.total).toBe(11);
    expect((await user.call('GET', '/api/v1/message?search=instagram')).json().meta.total).toBe(23);
    expect((await user.call('GET', '/api/v1/message?search=nimic')).json().meta.total).toBe(0);
  });

  it('shows only the company of X-Company-ID; company_id must match it', async () => {
    const res = await bob.call('GET', '/api/v1/message');
    expect(res.json().meta.total).toBe(0);
    expect((await user.call('GET', `/api/v1/message?company_id=${company}`)).json().meta.total).toBe(23);
    expect((await user.call('GET', `/api/v1/message?company_id=${companyA}`)).statusCode).toBe(403);
  });

  it('422 for a bad page size', async () => {
    expect((await user.call('GET', '/api/v1/message?items=0')).statusCode).toBe(422);
  });
});

describe('update, toggle and delete', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(alice, valid())).json().data.id;
  });

  it('updates from and text', async () => {
    const res = await alice.call('POST', `/api/v1/message/${id}`, {
      body: { from: 'Verde24', text: 'Comanda a fost livrată.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      from: 'Verde24',
      text: 'Comanda a fost livrată.',
      company_id: companyA,
      source_id: sourceA,
    });
    expect((await alice.call('GET', `/api/v1/message/${id}`)).json().data.text).toBe('Comanda a fost livrată.');
  });

  it('accepts the unchanged company and source echoed back, refuses a change of either', async () => {
    const same = await alice.call('POST', `/api/v1/message/${id}`, {
      body: { from: 'Verde24', text: 'x', company_id: companyA, source_id: sourceA },
    });
    expect(same.statusCode).toBe(200);
    const res = await alice.call('POST', `/api/v1/message/${id}`, {
      body: { from: 'Verde24', text: 'y', company_id: companyB, source_id: sourceA2 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      company_id: ['This cannot be changed after the template is created.'],
      source_id: ['This cannot be changed after the template is created.'],
    });
    const row = (await alice.call('GET', `/api/v1/message/${id}`)).json().data;
    expect(row).toMatchObject({ text: 'x', company_id: companyA, source_id: sourceA });
  });

  it('422 per field on update', async () => {
    const res = await alice.call('POST', `/api/v1/message/${id}`, { body: { from: 'Not valid!', text: '' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['from', 'text']);
  });

  it('toggles the status with a body of only is_active', async () => {
    const off = await alice.call('POST', `/api/v1/message/${id}`, { body: { is_active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ is_active: false, from: 'Verde24', text: 'x' });
    const on = await alice.call('POST', `/api/v1/message/${id}`, { body: { is_active: 1 } });
    expect(on.json().data.is_active).toBe(true);
    const bad = await alice.call('POST', `/api/v1/message/${id}`, { body: { is_active: 'maybe' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['is_active']);
  });

  it('404 for another company’s template on get, update, toggle and delete', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { from: 'Hack', text: 'x' }],
      ['POST', { is_active: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await bob.call(method, `/api/v1/message/${id}`, { body });
      expect(res.statusCode, method).toBe(404);
    }
    // Alice's own other company does not see it either.
    expect((await alice.call('GET', `/api/v1/message/${id}`, { company: companyB })).statusCode).toBe(404);
    const row = (await alice.call('GET', `/api/v1/message/${id}`)).json().data;
    expect(row).toMatchObject({ from: 'Verde24', is_active: true });
  });

  it('404 for an unknown id and for a malformed one', async () => {
    expect((await alice.call('POST', '/api/v1/message/999999', { body: { is_active: false } })).statusCode).toBe(404);
    expect((await alice.call('DELETE', '/api/v1/message/abc')).statusCode).toBe(422);
  });

  it('deletes', async () => {
    expect((await alice.call('DELETE', `/api/v1/message/${id}`)).statusCode).toBe(200);
    expect((await alice.call('GET', `/api/v1/message/${id}`)).statusCode).toBe(404);
    expect((await alice.call('DELETE', `/api/v1/message/${id}`)).statusCode).toBe(404);
  });
});

describe('placeholders', () => {
  const ro = { 'accept-language': 'ro' };

  it('422 on create naming each unknown placeholder, in English and Romanian; nothing is saved', async () => {
    const before = (await alice.call('GET', '/api/v1/message?items=100')).json().meta.total;
    const res = await create(alice, { ...valid(), text: 'Buna {nume}! Codul {cod}, valabil pana la {data}. {cod}' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['text']);
    expect(res.json().errors.text[0]).toMatch(
      /^Unknown placeholders: \{cod\}, \{data\}\. The placeholders are \{order_id\}, /,
    );
    const one = await create(alice, { ...valid(), text: 'Salut {Nume}' }, undefined);
    expect(one.json().errors.text[0]).toMatch(/^Unknown placeholder: \{Nume\}\./);
    const inRo = await alice.call('POST', '/api/v1/message', { body: { ...valid(), text: 'Cod {cod}' }, headers: ro });
    expect(inRo.statusCode).toBe(422);
    expect(inRo.json().errors.text[0]).toMatch(/^Variabilă necunoscută: \{cod\}\. Variabilele sunt \{order_id\}, /);
    const twoRo = await alice.call('POST', '/api/v1/message', {
      body: { ...valid(), text: '{cod} {data}' },
      headers: ro,
    });
    expect(twoRo.json().errors.text[0]).toMatch(/^Variabile necunoscute: \{cod\}, \{data\}\./);
    expect((await alice.call('GET', '/api/v1/message?items=100')).json().meta.total).toBe(before);
  });

  it('accepts the Romanian aliases and every known placeholder on create', async () => {
    const text =
      '{nume}/{nume_client}, comanda {comanda}/{nr_comanda}, {curier} {awb} {link_urmarire}, {total} lei, {firma}/{companie}; {order_id} {customer_name} {courier} {tracking_url} {company} {}';
    const res = await create(alice, { ...valid(), text });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ text, unknown_placeholders: [] });
  });

  it('422 on update naming the placeholder, with the other fields’ problems; the template keeps its text', async () => {
    const id = (await create(alice, valid())).json().data.id;
    const res = await alice.call('POST', `/api/v1/message/${id}`, {
      body: { from: 'Verde24', text: 'Voucher {cod}', source_id: sourceA2 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.source_id).toEqual(['This cannot be changed after the template is created.']);
    expect(res.json().errors.text).toHaveLength(1);
    expect(res.json().errors.text[0]).toMatch(/^Unknown placeholder: \{cod\}\./);
    const inRo = await alice.call('POST', `/api/v1/message/${id}`, {
      body: { from: 'Verde24', text: 'Voucher {cod}' },
      headers: ro,
    });
    expect(inRo.json().errors.text[0]).toMatch(/^Variabilă necunoscută: \{cod\}\./);
    expect((await alice.call('GET', `/api/v1/message/${id}`)).json().data.text).toBe(valid().text);
    const ok = await alice.call('POST', `/api/v1/message/${id}`, { body: { from: 'Verde24', text: 'Salut {nume}' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.text).toBe('Salut {nume}');
  });

  it('a template saved before the rule lists its unknown placeholders; it can be toggled, and fixed only with known ones', async () => {
    const user = await t.signUp();
    const src = await addSource(user.companyId, 'Vechi');
    const now = nowSeconds();
    const legacy = (
      await t.db.kysely
        .insertInto('messages')
        .values({
          company_id: user.companyId,
          source_id: src,
          from: 'Vechi',
          text: 'La multi ani, {nume}! Voucher {cod}, valabil pana la {data}: {cod}',
          is_active: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const list = (await user.call('GET', '/api/v1/message')).json().data;
    expect(list.map((m: { id: number; unknown_placeholders: string[] }) => [m.id, m.unknown_placeholders])).toEqual([
      [legacy, ['{cod}', '{data}']],
    ]);
    expect((await user.call('GET', `/api/v1/message/${legacy}`)).json().data.unknown_placeholders).toEqual([
      '{cod}',
      '{data}',
    ]);
    // The status toggle carries no text: it still works on such a template.
    const off = await user.call('POST', `/api/v1/message/${legacy}`, { body: { is_active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.unknown_placeholders).toEqual(['{cod}', '{data}']);
    const fixed = await user.call('POST', `/api/v1/message/${legacy}`, {
      body: { from: 'Vechi', text: 'La multi ani, {nume}! Voucher LAMULTI10.' },
    });
    expect(fixed.statusCode).toBe(200);
    expect((await user.call('GET', '/api/v1/message')).json().data[0].unknown_placeholders).toEqual([]);
    // Another company's template is not listed, and answers 404.
    expect((await bob.call('GET', `/api/v1/message/${legacy}`)).statusCode).toBe(404);
  });
});

describe('a source used by templates', () => {
  it('is not deleted (409 naming the templates); deletable once its templates are gone', async () => {
    const src = await addSource(companyA, 'Targ de Crăciun');
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push((await create(alice, { ...valid(), source_id: src })).json().data.id);
    const res = await alice.call('DELETE', `/api/v1/source/${src}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/2 SMS templates/);
    const ro = await alice.call('DELETE', `/api/v1/source/${src}`, { headers: { 'accept-language': 'ro' } });
    expect(ro.json().message).toMatch(/2 șabloane SMS/);
    for (const id of ids) await alice.call('DELETE', `/api/v1/message/${id}`);
    expect((await alice.call('DELETE', `/api/v1/source/${src}`)).statusCode).toBe(200);
  });
});

describe('demo seed', () => {
  it('every demo template and sender passes the API rules', async () => {
    const { TEMPLATES, SENDERS } = await import('../../seed/messages.js');
    const { messageCreateBody } = await import('../../../core/api/messages.js');
    const { unknownPlaceholders } = await import('../../../core/smsTemplates.js');
    for (const senders of Object.values(SENDERS)) {
      for (const from of senders) {
        for (const tpl of TEMPLATES) {
          const r = messageCreateBody.safeParse({ company_id: 1, source_id: 1, from, text: tpl.text });
          expect(r.success, `${from}: ${tpl.text}`).toBe(true);
          // Saved through the API, a demo template with an unknown placeholder would be refused.
          expect(unknownPlaceholders(tpl.text), tpl.text).toEqual([]);
        }
      }
    }
    expect(TEMPLATES.length).toBeGreaterThan(10); // two pages at the default page size
  });

  it('seeds templates for each company over its sources, some with diacritics', async () => {
    const { seedMessages, TEMPLATES } = await import('../../seed/messages.js');
    const c1 = await t.createCompany('Seed Unu');
    const c2 = await t.createCompany('Seed Doi');
    const s1 = [await addSource(c1, 'Site'), await addSource(c1, 'eMAG')];
    await addSource(c2, 'Telefon');
    await seedMessages(t.db, { userId: alice.id, companyIds: [c1, c2], now: nowSeconds() });
    const rows = await t.db.kysely.selectFrom('messages').selectAll().where('company_id', 'in', [c1, c2]).execute();
    expect(rows.filter((r) => r.company_id === c1)).toHaveLength(TEMPLATES.length);
    expect(rows.filter((r) => r.company_id === c2)).toHaveLength(TEMPLATES.length);
    expect(new Set(rows.filter((r) => r.company_id === c1).map((r) => r.source_id))).toEqual(new Set(s1));
    expect(rows.some((r) => /[ăâîșț]/.test(r.text))).toBe(true);
    expect(rows.some((r) => r.is_active === 0)).toBe(true);
  });
});
