import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { nowSeconds } from '../../lib/time.js';
import { isValidIban } from '../../../core/iban.js';
import { sourceKey } from '../../../core/api/sources.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

async function source(companyId: number, name: string, active = 1): Promise<number> {
  const now = nowSeconds();
  const row = await t.db.kysely
    .insertInto('sources')
    .values({
      company_id: companyId,
      source: name,
      source_key: sourceKey(name),
      active,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const valid = {
  full_name: 'Ioana Marinescu',
  phone_number: '+40 722 123 456',
  email: 'Ioana.Marinescu@Example.ro',
  bill_number: 'FCT-0042',
  iban: 'ro49 aaaa 1b31 0075 9384 0000',
  reason: 'Mărime greșită',
  details: 'Aș dori returnarea banilor.',
  source: 'eMAG',
};

async function create(user: TestUser, body: Record<string, unknown> = valid): Promise<number> {
  const res = await user.call('POST', '/api/v1/return-request', { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

let aliceEmag: number;
let aliceShop: number;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
  aliceEmag = await source(alice.companyId, 'eMAG');
  aliceShop = await source(alice.companyId, 'Magazin online', 0);
  await source(bob.companyId, 'eMAG');
  await source(bob.companyId, 'Facebook');
});
afterAll(() => t.close());

describe('return requests', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/return-request'],
      ['GET', '/api/v1/return-request/1'],
      ['POST', '/api/v1/return-request'],
      ['POST', '/api/v1/return-request/1'],
      ['DELETE', '/api/v1/return-request/1'],
    ]) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-company-id': String(alice.companyId) },
      });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
    expect((await alice.call('GET', '/api/v1/return-request', { company: null })).statusCode).toBe(400);
  });

  it('creates a request, resolving the source name to the company’s source and normalising the IBAN and email', async () => {
    const res = await alice.call('POST', '/api/v1/return-request', { body: { ...valid, source: '  emag ' } });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data;
    expect(r).toMatchObject({
      company_id: alice.companyId,
      source_id: aliceEmag,
      source: { id: aliceEmag, source: 'eMAG' },
      full_name: 'Ioana Marinescu',
      phone_number: '+40 722 123 456',
      email: 'ioana.marinescu@example.ro',
      iban: 'RO49AAAA1B31007593840000',
      bill_number: 'FCT-0042',
    });
    expect(Math.abs(r.created_at - nowSeconds())).toBeLessThan(5);
    // An inactive source of the company still resolves.
    const inactive = await alice.call('POST', '/api/v1/return-request', {
      body: { ...valid, source: 'Magazin online' },
    });
    expect(inactive.json().data.source_id).toBe(aliceShop);
  });

  it('takes email, bill number, reason and details as optional', async () => {
    const res = await alice.call('POST', '/api/v1/return-request', {
      body: {
        full_name: 'Dan Pop',
        phone_number: '0722123456',
        iban: 'DE89370400440532013000',
        source: 'eMAG',
        email: '',
        bill_number: '',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ email: null, bill_number: null, reason: null, details: null });
  });

  it('says "Please select a source" when none is sent and "Invalid source selected" when it does not resolve', async () => {
    const missing = await alice.call('POST', '/api/v1/return-request', { body: { ...valid, source: '' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ source: ['Please select a source'] });
    const none = await alice.call('POST', '/api/v1/return-request', { body: { ...valid, source: undefined } });
    expect(none.json().errors).toEqual({ source: ['Please select a source'] });
    // Facebook is a source of another company: it does not resolve here.
    const foreign = await alice.call('POST', '/api/v1/return-request', { body: { ...valid, source: 'Facebook' } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ source: ['Invalid source selected'] });
    const ro = await alice.call('POST', '/api/v1/return-request', {
      body: { ...valid, source: 'Nu există' },
      headers: { 'accept-language': 'ro-RO' },
    });
    expect(ro.json().errors).toEqual({ source: ['Sursa selectată nu este validă'] });
  });

  it('refuses bad fields with a message per field (422)', async () => {
    const res = await alice.call('POST', '/api/v1/return-request', {
      body: {
        full_name: '  ',
        phone_number: 'call me',
        email: 'not-an-email',
        iban: 'RO48AAAA1B31007593840000',
        source: 'eMAG',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      full_name: ['This field is required.'],
      phone_number: ['Enter a valid phone number: 6 to 15 digits, optionally starting with +.'],
      email: ['Enter a valid email address.'],
      iban: ['The IBAN check digits do not match: look for a typing mistake.'],
    });
    const empty = await alice.call('POST', '/api/v1/return-request', {
      body: { full_name: '', phone_number: '', iban: ' ' },
    });
    expect(empty.json().errors).toEqual({
      full_name: ['This field is required.'],
      phone_number: ['This field is required.'],
      iban: ['This field is required.'],
      source: ['Please select a source'],
    });
    const ibans = [
      ['RO49AAAA1B3100759384000', 'This IBAN has the wrong number of characters for its country.'],
      ['XX49AAAA1B31007593840000', 'IBANs of this country are not supported.'],
      ['12345', 'An IBAN starts with the two letters of its country and two check digits, then letters and digits.'],
    ];
    for (const [iban, text] of ibans) {
      const r = await alice.call('POST', '/api/v1/return-request', { body: { ...valid, iban } });
      expect([iban, r.json().errors]).toEqual([iban, { iban: [text] }]);
    }
  });

  it('lists the company’s requests newest first, searching names, contacts, IBAN (with or without spaces) and source', async () => {
    const user = await t.signUp();
    await source(user.companyId, 'Telefon');
    await source(user.companyId, 'eMAG');
    for (let i = 1; i <= 11; i++)
      await create(user, {
        ...valid,
        full_name: `Client ${i}`,
        source: i === 3 ? 'Telefon' : 'eMAG',
        iban: i === 5 ? 'GB82WEST12345698765432' : valid.iban,
      });
    const page1 = (await user.call('GET', '/api/v1/return-request')).json();
    expect(page1.meta).toMatchObject({ total: 11, last_page: 2, current_page: 1 });
    expect(page1.data[0]).toMatchObject({ full_name: 'Client 11', source: { source: 'eMAG' } });
    const names = (q: string) =>
      user
        .call('GET', `/api/v1/return-request?search=${encodeURIComponent(q)}`)
        .then((r) => r.json().data.map((x: { full_name: string }) => x.full_name));
    expect(await names('telef')).toEqual(['Client 3']);
    expect(await names('gb82 west')).toEqual(['Client 5']);
    expect(await names('GB82WEST')).toEqual(['Client 5']);
    expect(await names('client 1')).toEqual(['Client 11', 'Client 10', 'Client 1']);
    // Another company's requests never show.
    expect((await bob.call('GET', '/api/v1/return-request?search=Client')).json().meta.total).toBe(0);
  });

  it('answers 404 for another company’s request on every call', async () => {
    const theirs = await create(bob);
    expect((await alice.call('GET', `/api/v1/return-request/${theirs}`)).statusCode).toBe(404);
    expect((await alice.call('POST', `/api/v1/return-request/${theirs}`, { body: valid })).statusCode).toBe(404);
    expect((await alice.call('DELETE', `/api/v1/return-request/${theirs}`)).statusCode).toBe(404);
    expect((await bob.call('GET', `/api/v1/return-request/${theirs}`)).json().data.full_name).toBe('Ioana Marinescu');
  });

  it('updates the form fields and keeps the source read-only', async () => {
    const id = await create(alice);
    const res = await alice.call('POST', `/api/v1/return-request/${id}`, {
      body: {
        ...valid,
        full_name: 'Ioana Pop',
        email: '',
        iban: 'GB82 WEST 1234 5698 7654 32',
        source: 'Magazin online',
        source_id: aliceShop,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      full_name: 'Ioana Pop',
      email: null,
      iban: 'GB82WEST12345698765432',
      source_id: aliceEmag,
      source: { source: 'eMAG' },
    });
    const bad = await alice.call('POST', `/api/v1/return-request/${id}`, { body: { ...valid, phone_number: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ phone_number: ['This field is required.'] });
    expect((await alice.call('GET', `/api/v1/return-request/${id}`)).json().data.full_name).toBe('Ioana Pop');
  });

  it('keeps a source that return requests name from being deleted (409), until they are gone', async () => {
    const user = await t.signUp();
    const used = await source(user.companyId, 'Telefon');
    const id = await create(user, { ...valid, source: 'Telefon' });
    const refused = await user.call('DELETE', `/api/v1/source/${used}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('1 return request');
    const ro = await user.call('DELETE', `/api/v1/source/${used}`, { headers: { 'accept-language': 'ro' } });
    expect(ro.json().message).toContain('1 cerere de retur');
    expect((await user.call('DELETE', `/api/v1/return-request/${id}`)).statusCode).toBe(200);
    expect((await user.call('DELETE', `/api/v1/source/${used}`)).statusCode).toBe(200);
  });

  it('deletes a request', async () => {
    const id = await create(alice);
    expect((await alice.call('DELETE', `/api/v1/return-request/${id}`)).statusCode).toBe(200);
    expect((await alice.call('GET', `/api/v1/return-request/${id}`)).statusCode).toBe(404);
  });

  it('seeds demo requests with valid Romanian IBANs for each company, enough for two pages', async () => {
    const { seedReturnRequests } = await import('../../seed/returnRequests.js');
    const user = await t.signUp();
    const other = await t.createCompany();
    for (const c of [user.companyId, other]) {
      await source(c, 'eMAG Marketplace');
      await source(c, 'Magazin online');
      await source(c, 'Închis', 0);
    }
    await seedReturnRequests(t.db, { userId: user.id, companyIds: [user.companyId, other], now: nowSeconds() });
    const list = (await user.call('GET', '/api/v1/return-request?items=100')).json();
    expect(list.meta.total).toBeGreaterThanOrEqual(21);
    for (const r of list.data) {
      expect([r.iban, isValidIban(r.iban)]).toEqual([r.iban, true]);
      expect(r.iban).toMatch(/^RO\d\d[A-Z]{4}\d{16}$/);
      expect(['eMAG Marketplace', 'Magazin online']).toContain(r.source.source);
      expect(r.created_at).toBeLessThanOrEqual(nowSeconds());
    }
    const parsed = await Promise.all(
      list.data
        .slice(0, 5)
        .map((r: Record<string, unknown>) => user.call('POST', `/api/v1/return-request/${r.id}`, { body: r })),
    );
    expect(parsed.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const others = await t.db.kysely
      .selectFrom('return_requests')
      .select('id')
      .where('company_id', '=', other)
      .execute();
    expect(others.length).toBeGreaterThanOrEqual(21);
  });
});
