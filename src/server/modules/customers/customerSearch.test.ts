import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { ONE_PLAN } from '../../db/perf/pgStatements.js';
import { listCustomers, nameOrEmailContains } from './list/index.js';
import { searchPagePostgres } from './list/postgres.js';
import { searchedIdsSqlite } from './list/sqlite.js';

/**
 * The customers search by name or email: on SQLite through the FTS5 trigram table of the company's
 * customers (migration 061, kept by triggers), on PostgreSQL through the folded search text of
 * migration 065 (a walk of the newest customers, then its trigram index); either way the same
 * customers, in the same order, as a LIKE (ILIKE) of every customer of the company finds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const raw = () => t.db.kysely as unknown as Kysely<any>;

async function seller(): Promise<{ u: TestUser; src: number }> {
  const u = await t.signUp();
  const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
  expect(src.statusCode, src.body).toBe(201);
  const product = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku: 'P-1',
      name: 'Product',
      sale_type: 'Bucata',
      stock: 1000,
      selling_price: 10,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  return { u, src: src.json().data.id };
}

type Seller = Awaited<ReturnType<typeof seller>>;

async function order(s: Seller, who: { phone: string; name: string; email?: string }) {
  const res = await s.u.call('POST', '/api/v1/order', {
    body: {
      name: who.name,
      phone_number: who.phone,
      ...(who.email ? { email: who.email } : {}),
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source: s.src,
      products: { 'P-1': 1 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; customer_detail: { customer_id: number } };
}

interface Page {
  data: { id: number; name: string; email: string | null }[];
  meta: { total: number; total_exact?: false; last_page: number };
}

async function search(u: TestUser, term: string, page = 1, items = 10): Promise<Page> {
  const res = await u.call('GET', `/api/v1/customer?search=${encodeURIComponent(term)}&page=${page}&items=${items}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = async (u: TestUser, term: string) => (await search(u, term, 1, 100)).data.map((c) => c.name);

/** What LIKE (ILIKE on PostgreSQL) of every customer of the company finds: the search's meaning. */
async function likeOfEveryCustomer(companyId: number, term: string): Promise<number[]> {
  const rows = await t.db.kysely
    .selectFrom('company_customers as cc')
    .select('cc.customer_id')
    .where('cc.company_id', '=', companyId)
    .where(nameOrEmailContains(t.db.engine, term))
    .orderBy('cc.customer_id', 'desc')
    .execute();
  return rows.map((r) => r.customer_id);
}

/** SQLite: the search table's rows are exactly the company customers' (rowid and text). */
/**
 * Customers of the company written straight into their tables, as a bulk load writes them (the
 * triggers keep the search index), in the order given: the last is the newest. Their ids.
 */
async function insertCustomers(
  companyId: number,
  people: { phone: string; name: string; email: string | null }[],
  at = 1,
): Promise<number[]> {
  const made = await raw()
    .insertInto('customers')
    .values(people.map((p) => ({ phone_number: p.phone, created_at: at, updated_at: at })))
    .returning('id')
    .execute();
  await raw()
    .insertInto('company_customers')
    .values(
      made.map((c: { id: number }, i: number) => ({
        company_id: companyId,
        customer_id: c.id,
        phone_number: people[i].phone,
        name: people[i].name,
        email: people[i].email,
        orders_count: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return made.map((c: { id: number }) => c.id);
}

async function expectSearchTableInStep(): Promise<void> {
  if (t.db.engine !== 'sqlite') return;
  const { rows: indexed } = await sql<{
    id: number;
    text: string;
  }>`select rowid as id, text from company_customers_search order by rowid`.execute(t.db.kysely);
  const { rows: viewed } = await sql<{
    id: number;
    text: string;
  }>`select (company_id << 32) | customer_id as id, name || ' ' || coalesce(email, '') as text from company_customers order by 1`.execute(
    t.db.kysely,
  );
  expect(indexed).toEqual(viewed);
  await sql`insert into company_customers_search (company_customers_search) values ('integrity-check')`.execute(
    t.db.kysely,
  );
}

describe('the customers search by name, email or phone', () => {
  let s: Seller;
  let ids: Record<string, number>;
  beforeAll(async () => {
    s = await seller();
    const people = [
      { phone: '0744000201', name: 'Ștefan Țăranu', email: 'stefan.taranu@exemplu.ro' },
      { phone: '0744000202', name: 'Stefan Popa', email: 'stefan_popa@mail.ro' },
      { phone: '0744000203', name: 'Ana-Maria Ionescu', email: 'ana.maria@gmail.com' },
      { phone: '0744000204', name: 'ANDREI ionescu' },
      { phone: '0744000205', name: 'Ioana Mureșan', email: 'Ioana.Muresan@Yahoo.com' },
      { phone: '0744000206', name: 'Maria Moldovan', email: 'maria.moldovan@example.ro' },
      { phone: '0744000207', name: 'Mihai Moldoveanu', email: 'mihai@moldo.ro' },
      { phone: '0744000208', name: 'Irina ȘTIRBU', email: 'irina@exemplu.ro' },
      { phone: '0744000209', name: 'Ion "Nelu" Pop (100%)', email: 'nelu@mail.ro' },
    ];
    ids = {};
    for (const p of people) ids[p.name] = (await order(s, p)).customer_detail.customer_id;
    // Another company's customers of the same names are never this company's matches.
    const other = await seller();
    await order(other, { phone: '0744000301', name: 'Maria Moldovan', email: 'maria.moldovan@example.ro' });
    await order(other, { phone: '0744000302', name: 'Ștefan Țăranu' });
  });

  it('finds what LIKE of every customer of the company finds, newest first', async () => {
    const terms = [
      'Ștefan', // with diacritics
      'Stefan', // without: found in Ștefan Țăranu's email, not his name
      'Țaranu', // the marks of ă â î ș ț are folded: Țăranu
      'stefan',
      'ȚĂRANU',
      'ionescu', // case
      'Maria Moldovan',
      'moldov',
      'ana.maria@gm', // part of an email
      'gmail.com',
      '@exemplu.ro',
      'YAHOO',
      'stefan_popa', // LIKE's wildcards are the letters typed
      'a_m',
      '100%',
      '0%)',
      '10%',
      '"Nelu"',
      'a.m', // no word of three letters: the whole term
      'Mu', // under three characters: the company's customers walked
      'io',
      'Ire',
      'nobody here',
      'știrbu', // other case of a letter beyond ASCII, found on both engines
      'țăranu',
      'ĂRANU',
      'IRINA ș',
      'ȚĂRANU\nstefan', // spans the name and the email: neither has it
      'Popa\nstefan',
    ];
    for (const term of terms) {
      const page = await search(s.u, term, 1, 100);
      expect(
        page.data.map((c) => c.id),
        term,
      ).toEqual(await likeOfEveryCustomer(s.u.companyId, term));
      expect(page.meta.total, term).toBe(page.data.length);
    }
    // What those results are, so the comparison above is not of two empty lists.
    expect(await names(s.u, 'Ștefan')).toEqual(['Stefan Popa', 'Ștefan Țăranu']);
    expect(await names(s.u, 'Stefan')).toEqual(['Stefan Popa', 'Ștefan Țăranu']);
    expect(await names(s.u, 'Țaranu')).toEqual(['Ștefan Țăranu']);
    expect(await names(s.u, 'stefan')).toEqual(['Stefan Popa', 'Ștefan Țăranu']);
    expect(await names(s.u, 'ionescu')).toEqual(['ANDREI ionescu', 'Ana-Maria Ionescu']);
    expect(await names(s.u, 'Maria Moldovan')).toEqual(['Maria Moldovan']);
    expect(await names(s.u, 'moldov')).toEqual(['Mihai Moldoveanu', 'Maria Moldovan']);
    expect(await names(s.u, 'ana.maria@gm')).toEqual(['Ana-Maria Ionescu']);
    expect(await names(s.u, 'YAHOO')).toEqual(['Ioana Mureșan']);
    expect(await names(s.u, 'stefan_popa')).toEqual(['Stefan Popa']);
    expect(await names(s.u, 'a_m')).toEqual([]);
    expect(await names(s.u, '100%')).toEqual(['Ion "Nelu" Pop (100%)']);
    expect(await names(s.u, '10%')).toEqual([]);
    expect(await names(s.u, '"Nelu"')).toEqual(['Ion "Nelu" Pop (100%)']);
    expect(await names(s.u, 'a.m')).toEqual(['Maria Moldovan', 'Ioana Mureșan', 'Ana-Maria Ionescu']);
    expect(await names(s.u, 'Mu')).toEqual(['Ioana Mureșan']);
    expect(await names(s.u, 'știrbu')).toEqual(['Irina ȘTIRBU']);
    expect(await names(s.u, 'țăranu')).toEqual(['Ștefan Țăranu']);
    expect(await names(s.u, 'ȚĂRANU\nstefan')).toEqual([]);
  });

  it('finds a phone typed with spaces, in any form, as the company knows it', async () => {
    for (const typed of ['0744 000 203', '+40 744 000 203', '0040744000203', '0744-000-203'])
      expect((await search(s.u, typed)).data.map((c) => c.id)).toEqual([ids['Ana-Maria Ionescu']]);
    expect((await search(s.u, '0744 000 301')).data).toEqual([]);
  });
});

describe('a broad search', () => {
  it('pages its matches newest first and counts them up to the bound, as before', async () => {
    const s = await seller();
    const companyId = s.u.companyId;
    const now = 1_700_000_000;
    // 230 customers named Popescu and some others, written as a bulk load writes them (the triggers keep the index).
    await insertCustomers(
      companyId,
      Array.from({ length: 260 }, (_, i) => ({
        phone: `+40755${String(i).padStart(6, '0')}`,
        name: i % 9 === 0 ? `Ion Ionescu ${i}` : `Maria Popescu ${i}`,
        email: i % 2 ? `popescu${i}@exemplu.ro` : null,
      })),
      now,
    );
    const expected = await likeOfEveryCustomer(companyId, 'Popescu');
    expect(expected.length).toBeGreaterThan(200);

    const first = await search(s.u, 'Popescu', 1, 10);
    expect(first.data.map((c) => c.id)).toEqual(expected.slice(0, 10));
    expect(first.meta).toMatchObject({ total: 200, total_exact: false, last_page: 21 });
    const third = await search(s.u, 'Popescu', 3, 10);
    expect(third.data.map((c) => c.id)).toEqual(expected.slice(20, 30));
    // Near the end the bound moves with the page: the count is exact.
    const last = await search(s.u, 'popescu', 23, 10);
    expect(last.data.map((c) => c.id)).toEqual(expected.slice(220, 230));
    expect(last.meta).toMatchObject({ total: expected.length, last_page: Math.ceil(expected.length / 10) });
    expect(last.meta.total_exact).toBeUndefined();
    // Past the end: an empty page with its true total.
    const past = await search(s.u, 'Popescu', 40, 10);
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(expected.length);
    // A term of 3 characters or more but no word of three letters, and a short one, page alike.
    for (const term of ['u 1', 'u2']) {
      const want = await likeOfEveryCustomer(companyId, term);
      expect(want.length, term).toBeGreaterThan(10);
      expect((await search(s.u, term, 2, 5)).data.map((c) => c.id)).toEqual(want.slice(5, 10));
    }
    await expectSearchTableInStep();
  });
});

describe('every path of the search', () => {
  // Bounds small enough for a few customers to make a broad term: a count window of 1 (the bound is
  // then the page's end) and, on PostgreSQL, walks of the newest 0, 3, 20 or 10,000 customers before
  // the trigram index is asked, after samples of the newest 0, 4 or 20 (SQLite has no walk: its
  // index yields the matches newest first).
  it('gives the page and the bounded count LIKE of every customer gives, whichever path answers', async () => {
    const s = await seller();
    const companyId = s.u.companyId;
    const now = 1_700_000_000;
    const nameOf = (i: number) =>
      i % 5 === 0 ? `Ion Ionescu ${i}` : i % 3 === 0 ? `ȘTEFAN Popescu-Țăranu ${i}` : `Maria Popescu ${i}`;
    await insertCustomers(
      companyId,
      Array.from({ length: 40 }, (_, i) => ({
        phone: `+40757${String(i).padStart(6, '0')}`,
        name: nameOf(i),
        email: i % 2 ? `pop_${i}@exemplu.ro` : null,
      })),
      now,
    );
    // sampleRows 0: always the walk first; a sample of the whole walk: the walk only when it will fill the count.
    const tunings = [
      {},
      { window: 1 },
      { window: 1, walkRows: 0 },
      { window: 1, walkRows: 3 },
      { window: 3, walkRows: 20 },
      { walkRows: 0 },
      { window: 1, walkRows: 3, sampleRows: 0 },
      { window: 3, walkRows: 20, sampleRows: 0 },
      { window: 3, walkRows: 20, sampleRows: 4 },
      { window: 1, walkRows: 20, sampleRows: 20 },
    ];
    const terms = ['Popescu', 'popescu', 'ionescu', 'Maria Pop', 'țăranu', 'Stefan', 'ștefan', 'pop_1', 'nobody'];
    terms.push('Mar', 'u 1', 'u1', 'Io', 'escu 2', 'u 3\npop');
    for (const term of terms) {
      const all = await likeOfEveryCustomer(companyId, term);
      for (const tuning of tunings)
        for (const page of [1, 2, 3, 9]) {
          const items = 4;
          const offset = (page - 1) * items;
          const bound = offset + Math.max(tuning.window ?? 200, items);
          const got = await listCustomers(t.db.kysely, t.db.engine, companyId, { page, items, search: term }, tuning);
          const what = `${JSON.stringify(term)} ${JSON.stringify(tuning)} page ${page}`;
          expect(
            got.data.map((c) => c.id),
            what,
          ).toEqual(all.slice(offset, offset + items));
          expect(got.meta.total, what).toBe(Math.min(all.length, bound));
          expect(got.meta.total_exact, what).toBe(all.length > bound ? false : undefined);
        }
    }
    // What those results are, so the comparisons above are not of empty lists.
    expect((await likeOfEveryCustomer(companyId, 'Popescu')).length).toBe(32);
    expect((await likeOfEveryCustomer(companyId, 'țăranu')).length).toBe(11);
    expect((await likeOfEveryCustomer(companyId, 'pop_1')).length).toBe(6);
    // The name of customer 3 ends in "u 3" and its email starts with "pop": no column has both.
    expect(await likeOfEveryCustomer(companyId, 'u 3\npop')).toEqual([]);
  });

  // 3,000 customers whose terms put each path to work: a common one (every tenth), a rare one, one
  // dense among the newest only (the sample says walk, the walk finds too few, the probe answers),
  // one among the oldest only (the sample says probe, and the probe finds more than the bound),
  // LIKE's wildcards and its escape typed as letters, and terms too short for the trigram index.
  it('gives what LIKE (ILIKE) of every customer gives for rare, common, short and escaped terms, whichever path the sample picks', async () => {
    const s = await seller();
    const companyId = s.u.companyId;
    const n = 3000;
    const nameOf = (i: number) =>
      [
        i % 10 === 0
          ? 'Maria Popescu'
          : i % 397 === 5
            ? 'Moldovan Maria'
            : i % 7 === 0
              ? 'Ștefan Ionescu'
              : 'Ion Marin',
        i >= n - 200 && i % 4 === 0 ? ' Recentescu' : '',
        i < 1500 && i % 5 === 0 ? ' Vechiulescu' : '',
        i % 40 === 0 ? ' (100% sigur)' : '',
        i % 500 === 3 ? ' c\\d' : '',
      ].join('');
    const emailOf = (i: number) =>
      i % 30 === 0
        ? `a_b.${i}@exemplu.ro`
        : i % 30 === 1
          ? `axb.${i}@exemplu.ro`
          : i % 3
            ? null
            : `client${i}@exemplu.ro`;
    for (let from = 0; from < n; from += 500) {
      const part = Array.from({ length: Math.min(500, n - from) }, (_, k) => from + k);
      await insertCustomers(
        companyId,
        part.map((i) => ({ phone: `+40759${String(i).padStart(6, '0')}`, name: nameOf(i), email: emailOf(i) })),
      );
    }
    if (t.db.engine === 'postgres') await sql`analyze company_customers`.execute(t.db.kysely);
    const terms = ['Popescu', 'popescu', 'Moldovan Maria', 'Recentescu', 'Vechiulescu', 'nobody here'];
    terms.push('100%', '10%', '0% s', '%', 'a_b', 'a_b.3', '_', 'c\\d', '\\', 'Io', 'a.m', 'u 1', 'ștefan');
    // The walk of 10,000 covers them all; of 1,000 after a sample of 200, only the newest third.
    const tunings = [
      {},
      { window: 20 },
      { walkRows: 1000, sampleRows: 200 },
      { walkRows: 1000, sampleRows: 200, window: 20 },
      { walkRows: 1000, sampleRows: 0 },
    ];
    for (const term of terms) {
      const all = await likeOfEveryCustomer(companyId, term);
      for (const tuning of tunings)
        for (const page of [1, 2, 16, 31]) {
          const items = 10;
          const offset = (page - 1) * items;
          const bound = offset + Math.max(tuning.window ?? 200, items);
          const got = await listCustomers(t.db.kysely, t.db.engine, companyId, { page, items, search: term }, tuning);
          const what = `${JSON.stringify(term)} ${JSON.stringify(tuning)} page ${page}`;
          expect(
            got.data.map((c) => c.id),
            what,
          ).toEqual(all.slice(offset, offset + items));
          expect(got.meta.total, what).toBe(Math.min(all.length, bound));
          expect(got.meta.total_exact, what).toBe(all.length > bound ? false : undefined);
        }
    }
    // What those results are, so the comparisons above are not of empty lists.
    const count = async (term: string) => (await likeOfEveryCustomer(companyId, term)).length;
    expect(await count('Popescu')).toBe(300);
    expect(await count('Moldovan Maria')).toBe(7);
    expect(await count('Recentescu')).toBe(50);
    expect(await count('Vechiulescu')).toBe(300);
    expect(await count('100%')).toBe(75);
    expect(await count('10%')).toBe(0);
    expect(await count('a_b')).toBe(100);
    expect(await count('c\\d')).toBe(6);
    expect(await count('ștefan')).toBe(await count('Ștefan'));
    expect(await count('Ștefan')).toBeGreaterThan(200);
  });

  it("answers a page's customers with their flags", async () => {
    const s = await seller();
    const o = await order(s, { phone: '0744000901', name: 'Viorica Flagelescu', email: 'viorica@exemplu.ro' });
    const flagged = await s.u.call('POST', `/api/v1/customer/${o.customer_detail.customer_id}/flag`, {
      body: { reason: 'Refuză coletele' },
    });
    expect(flagged.statusCode, flagged.body).toBeLessThan(300);
    const page = await search(s.u, 'Flagelescu');
    expect(page.data).toMatchObject([
      { id: o.customer_detail.customer_id, flags: [{ reason: 'Refuză coletele', by_this_company: true }] },
    ]);
  });
});

describe('the search index kept in step with the customers', () => {
  it('follows an insert, a change and a delete of a company customer, whoever writes it', async () => {
    const s = await seller();
    const companyId = s.u.companyId;
    const [customerId] = await insertCustomers(companyId, [
      { phone: '+40766000001', name: 'Zamfira Dragomir', email: 'zamfira@exemplu.ro' },
    ]);
    expect(await names(s.u, 'Dragomir')).toEqual(['Zamfira Dragomir']);
    await expectSearchTableInStep();

    await raw()
      .updateTable('company_customers')
      .set({ name: 'Zamfira Vlădescu', email: null })
      .where('company_id', '=', companyId)
      .where('customer_id', '=', customerId)
      .execute();
    expect(await names(s.u, 'Dragomir')).toEqual([]);
    expect(await names(s.u, 'zamfira@')).toEqual([]);
    expect(await names(s.u, 'Vlădescu')).toEqual(['Zamfira Vlădescu']);
    await expectSearchTableInStep();

    // A write that does not touch the name or email leaves the index as it was.
    await raw()
      .updateTable('company_customers')
      .set({ orders_count: 5 })
      .where('company_id', '=', companyId)
      .where('customer_id', '=', customerId)
      .execute();
    expect(await names(s.u, 'Vlădescu')).toEqual(['Zamfira Vlădescu']);

    await raw()
      .deleteFrom('company_customers')
      .where('company_id', '=', companyId)
      .where('customer_id', '=', customerId)
      .execute();
    expect(await names(s.u, 'Vlădescu')).toEqual([]);
    await expectSearchTableInStep();
  });

  it("follows a customer's new name, email and phone through the API, and the deletion of their only order", async () => {
    const s = await seller();
    const other = await seller();
    const o = await order(s, { phone: '0744000801', name: 'Costel Bărbulescu', email: 'costel@exemplu.ro' });
    await order(other, { phone: '0744000801', name: 'Costel Bărbulescu', email: 'costel@exemplu.ro' });
    const id = o.customer_detail.customer_id;
    expect((await search(s.u, 'Bărbulescu')).data.map((c) => c.id)).toEqual([id]);

    const renamed = await s.u.call('POST', `/api/v1/customer/${id}`, {
      body: { name: 'Costică Bărbulescu-Neagu', email: 'neagu@exemplu.ro' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names(s.u, 'Costel')).toEqual([]);
    expect(await names(s.u, 'costel@')).toEqual([]);
    expect(await names(s.u, 'Costică')).toEqual(['Costică Bărbulescu-Neagu']);
    expect(await names(s.u, 'neagu@exemplu')).toEqual(['Costică Bărbulescu-Neagu']);
    // The other company's view is its own, unchanged.
    expect(await names(other.u, 'Costel')).toEqual(['Costel Bărbulescu']);
    expect(await names(other.u, 'Neagu')).toEqual([]);

    // A new phone moves the company's view to the person of that number: found under the new id only.
    const moved = await s.u.call('POST', `/api/v1/customer/${id}`, { body: { phone_number: '0744 000 899' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const newId = moved.json().data.id as number;
    expect(newId).not.toBe(id);
    expect((await search(s.u, 'Costică')).data.map((c) => c.id)).toEqual([newId]);
    expect((await search(s.u, '0744 000 899')).data.map((c) => c.id)).toEqual([newId]);
    await expectSearchTableInStep();

    // The customer's only order deleted: the company's view goes, and the index with it.
    const deleted = await s.u.call('DELETE', `/api/v1/order/${o.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await names(s.u, 'Costică')).toEqual([]);
    expect(await names(other.u, 'Costel')).toEqual(['Costel Bărbulescu']);
    await expectSearchTableInStep();
  });
});

describe('the plan of the search', () => {
  it.skipIf(engineUnderTest !== 'sqlite')(
    'SQLite: the FTS5 table drives, walking the company’s rowids newest first; each candidate read by its key',
    async () => {
      const plan = await planOf(t.db, searchedIdsSqlite(7, 'Maria Moldovan', 201).compile(t.db.kysely));
      const lines = plan.split('\n');
      // FTS5 takes the MATCH (M), the company's rowid range (> <) and the order by rowid (the 192).
      expect(lines[0]).toMatch(/^SCAN s VIRTUAL TABLE INDEX 192:M\d*></);
      expect(plan).toMatch(
        /SEARCH cc USING INDEX sqlite_autoindex_company_customers_1 \(company_id=\? AND customer_id=\?\)/,
      );
      expect(plan).not.toMatch(/SCAN cc|TEMP B-TREE/);
    },
  );

  // The statement as the list runs it, on a company of 6,000 customers with statistics taken (and
  // sequential scans ruled out, which a table this small would invite): a sample of the newest
  // customers and the walk on the covering index, the trigram index asked for two trigrams of the
  // term only, each path behind a one-time filter; never a scan of the table. The same plan when
  // PostgreSQL plans it without the values (it is prepared once per connection), with the folded
  // pattern computed once rather than on every row walked.
  it.skipIf(engineUnderTest !== 'postgres')(
    'PostgreSQL: a sample and a walk of the covering index, the trigram index probed with two trigrams; never a scan, with or without the values',
    async () => {
      const s = await seller();
      const companyId = s.u.companyId;
      await sql`insert into customers (phone_number, created_at, updated_at)
        select '+40758' || lpad(n::text, 6, '0'), 1, 1 from generate_series(1, 6000) n`.execute(t.db.kysely);
      await sql`insert into company_customers (company_id, customer_id, phone_number, name, email, orders_count, created_at, updated_at)
        select ${companyId}, c.id, c.phone_number,
          (array['Maria', 'Ion', 'Ana', 'Mihai'])[c.id % 4 + 1] || ' ' || (array['Popescu', 'Ionescu', 'Moldovan', 'Marin', 'Dumitrescu'])[c.id % 5 + 1],
          case when c.id % 2 = 0 then 'client' || c.id || '@exemplu.ro' end, 1, 1, 1
        from customers c where c.phone_number like '+40758%'`.execute(t.db.kysely);
      await sql`vacuum analyze company_customers`.execute(t.db.kysely);
      // A table at rest is all-visible, and its index-only paths are costed so. Beside the other test
      // files (they run side by side) VACUUM cannot mark the new rows all-visible while one of them
      // has a transaction open, and the planner reads the table through an index instead: the
      // statistics are set as VACUUM leaves them at rest (a superuser's write; without the right,
      // the plan is judged on what VACUUM could mark).
      await sql`update pg_class set relallvisible = relpages where oid = 'company_customers'::regclass`
        .execute(t.db.kysely)
        .catch(() => undefined);
      const opts = { offset: 0, items: 10, bound: 200 };

      const query = searchPagePostgres(companyId, 'Maria Moldovan', opts).compile(t.db.kysely);
      // Marked for namedStatements: prepared once per connection although it is a text search.
      expect(query.sql.startsWith(ONE_PLAN)).toBe(true);
      for (const plan of [await planOf(t.db, query), await genericPlanOf(t.db, query)]) {
        expect(plan, plan).not.toMatch(/Seq Scan/);
        // The sample and the walk.
        expect(plan.match(/Index Only Scan Backward using company_customers_company_search/g), plan).toHaveLength(2);
        // The walk's matches come in the index's order: its limit stops it, no sort of all it read.
        expect(plan, plan).not.toMatch(/Sort Key: w\./);
        // The walk behind the sample's verdict, the probe behind the walk's count.
        expect(plan.match(/One-Time Filter/g)?.length, plan).toBeGreaterThanOrEqual(3);
        const probe = plan.split('\n').filter((l) => /Bitmap Index Scan on company_customers_search_trgm/.test(l));
        expect(probe, plan).toHaveLength(1);
        // No row is checked with lower() of the pattern computed again for it.
        expect(plan, plan).not.toMatch(/Filter: [^\n]*search_text ~~ [^\n]*lower\(/);
      }
      const rare = await planOf(t.db, query);
      const cond = rare.match(/Bitmap Index Scan on company_customers_search_trgm[^\n]*\n\s*Index Cond: ([^\n]*)/)?.[1];
      expect(cond, rare).toContain("'%mar%'");
      expect(cond, rare).toContain("'%ldo%'");
      expect(cond, rare).not.toContain("'%van%'");
      expect(cond, rare).not.toContain('maria moldovan');

      // Run: a term in none of the newest 1,000 goes to the index without the walk; a common one (5 %)
      // is walked, and the index is never asked.
      const ran = async (term: string) =>
        planOf(t.db, searchPagePostgres(companyId, term, opts).compile(t.db.kysely), { analyze: true });
      const walkSkipped = /Index Only Scan Backward using company_customers_company_search[^\n]*\(never executed\)/g;
      const probeSkipped = /Bitmap Index Scan on company_customers_search_trgm[^\n]*\(never executed\)/g;
      const absent = await ran('Zamfirescu');
      expect(absent.match(walkSkipped), absent).toHaveLength(1);
      expect(absent, absent).not.toMatch(probeSkipped);
      const common = await ran('Maria Popescu');
      expect(common, common).not.toMatch(walkSkipped);
      expect(common.match(probeSkipped), common).toHaveLength(1);

      // No word of three letters: the company's customers walked newest first on an index, no sort of them all.
      const short = await planOf(t.db, searchPagePostgres(companyId, 'a.m', opts).compile(t.db.kysely));
      expect(short, short).not.toMatch(/Seq Scan/);
      expect(short, short).toMatch(/Index Only Scan Backward using company_customers_company_search/);
    },
  );
});

/** PostgreSQL: the plan of a query prepared and planned without its values (plan_cache_mode), sequential scans ruled out. */
async function genericPlanOf(db: Db, query: CompiledQuery): Promise<string> {
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  return db.transaction(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await trx.executeQuery(CompiledQuery.raw(`prepare generic_plan_of as ${query.sql}`, []));
    try {
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain execute generic_plan_of (${query.parameters.map(literal).join(', ')})`, []),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await trx.executeQuery(CompiledQuery.raw('deallocate generic_plan_of', []));
    }
  });
}

/** A query's plan (run, when `analyze`), with sequential scans ruled out on PostgreSQL (a tiny table would use one anyway). */
async function planOf(db: Db, query: CompiledQuery, o: { analyze?: boolean } = {}): Promise<string> {
  const { sql: text, parameters } = query;
  if (db.engine === 'sqlite') {
    const { rows } = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return rows.map((r) => r.detail).join('\n');
  }
  return db.transaction(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${o.analyze ? '(analyze, costs off) ' : ''}${text}`, [...parameters]),
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
