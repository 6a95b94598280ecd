import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { ONE_PLAN } from '../../db/perf/pgStatements.js';
import { listOrders } from './list/index.js';
import type { OrderStatusValue } from '../../../core/orders/statuses.js';
import type { JsonText } from '../../http/jsonText.js';
import type { TestApp } from '../../test/harness.js';
import { order, ordersKit } from '../../test/ordersKit.js';

// The orders list: paging, search by id, phone, name and email, and its plans on each database.
// The shared set-up is src/server/test/ordersKit.ts.
const kit = ordersKit();
const { seller } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.app();
});

/** A page with its items parsed from the JSON text the database wrote. */
const parsed = <T, M>(page: { data: JsonText<T>; meta: M }) => ({ ...page, data: page.data.value() });

describe('orders list', () => {
  it('pages newest first with meta from the kept counts; searches by id, phone in any form, name and email', async () => {
    const { u, src } = await seller();
    const made = [];
    made.push(await order(u, src, { 'A-1': 1 }, { phone: '0744 123 456', name: 'Ion Popescu' }));
    made.push(
      await order(u, src, { 'A-1': 1 }, { phone: '0722 000 111', name: 'Maria Ionescu', email: 'maria@example.ro' }),
    );
    made.push(await order(u, src, { 'B-2': 1 }, { phone: '0744123456', name: 'Ion Popescu' }));
    made.push(await order(u, src, { 'B-2': 2 }, { phone: '0733 555 666', name: 'Vasile Pop' }));
    const ids = made.map((o) => o.id);
    const page1 = (await u.call('GET', '/api/v1/order?items=2')).json();
    expect(page1.data.map((r: { id: number }) => r.id)).toEqual([ids[3], ids[2]]);
    expect(page1.meta).toEqual({ total: 4, last_page: 2, current_page: 1, per_page: 2 });
    expect(page1.data[0]).toMatchObject({
      status: 'new',
      total_value: 20.02,
      customer_detail: { name: 'Vasile Pop', phone_number: '+40733555666', telefon: '+40733555666', flags: [] },
    });
    const page2 = (await u.call('GET', '/api/v1/order?items=2&page=2&sort=-created_at')).json();
    expect(page2.data.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0]]);
    const oldest = (await u.call('GET', '/api/v1/order?items=2&sort=created_at')).json();
    expect(oldest.data.map((r: { id: number }) => r.id)).toEqual([ids[0], ids[1]]);
    const past = (await u.call('GET', '/api/v1/order?items=2&page=9')).json();
    expect(past).toMatchObject({ data: [], meta: { total: 4, last_page: 2, current_page: 9 } });

    const search = async (term: string) =>
      (await u.call('GET', `/api/v1/order?search=${encodeURIComponent(term)}`)).json();
    for (const form of ['0744 123 456', '+40744123456', '0040744123456']) {
      const r = await search(form);
      expect(
        r.data.map((x: { id: number }) => x.id),
        form,
      ).toEqual([ids[2], ids[0]]);
      expect(r.meta).toEqual({ total: 2, last_page: 1, current_page: 1, per_page: 10 });
    }
    expect((await search(String(ids[1]))).data.map((x: { id: number }) => x.id)).toEqual([ids[1]]);
    expect((await search('ionescu')).data.map((x: { id: number }) => x.id)).toEqual([ids[1]]);
    expect((await search('Pop')).data.map((x: { id: number }) => x.id)).toEqual([ids[3], ids[2], ids[0]]);
    expect((await search('maria@exa')).data.map((x: { id: number }) => x.id)).toEqual([ids[1]]);
    expect((await search('Io')).data.map((x: { id: number }) => x.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await search('nobody')).meta).toMatchObject({ total: 0, last_page: 1 });
    // An id too large for the column is just no match.
    expect((await search('99999999999')).data).toEqual([]);
    expect((await search('%')).data).toEqual([]);
  });

  it('a name search answers the same page on every path (index matches, newest-first walk, bounded count), within the company', async () => {
    const { u, src } = await seller();
    const other = await seller();
    const mine: number[] = [];
    for (const [name, email] of [
      ['Ion Popescu', null],
      ['Maria Ionescu', 'maria.moldovan@example.ro'],
      ['Vasile Pop', null],
      ['Ana Popovici', null],
      ['Ion Popescu', null],
      ['Ștefan Moldovan', null],
      ['Maria Moldovan', null],
    ] as const) {
      mine.push((await order(u, src, { 'A-1': 1 }, { name, ...(email ? { email } : {}) })).id);
    }
    // Another company's customer of the same name never shows, whichever way the search goes.
    await order(other.u, other.src, { 'A-1': 1 }, { name: 'Ion Popescu' });
    await order(other.u, other.src, { 'A-1': 1 }, { name: 'Maria Moldovan' });
    const list = (
      q: {
        page: number;
        items: number;
        search: string;
        status?: OrderStatusValue;
        sort?: '-created_at' | 'created_at';
      },
      tuning?: { window?: number; walkRows?: number },
    ) => listOrders(t.db.kysely, t.db.engine, u.companyId, { sort: '-created_at', ...q }, tuning).then(parsed);
    // Bounds small enough for a few orders to be a broad term: a count window of 1 (the bound is
    // then the page's end) and walks of the newest 0, 2 or all details before the index is asked.
    const tunings = [{ window: 1 }, { window: 1, walkRows: 0 }, { window: 1, walkRows: 2 }, { window: 3, walkRows: 3 }];
    for (const term of [
      'Popescu',
      'Pop',
      'ionescu',
      'nobody',
      'Io',
      'maria moldovan',
      'MOLDOVAN',
      'ștefan',
      'Maria Mol',
      'a.mol',
      'Ma M',
    ]) {
      for (const status of [undefined, 'new', 'cancelled'] as const) {
        for (const sort of ['-created_at', 'created_at'] as const) {
          const all = await list({ page: 1, items: 100, search: term, status, sort });
          expect(all.meta.total_exact, term).toBeUndefined();
          expect(
            all.data.every((r) => mine.includes(r.id)),
            term,
          ).toBe(true);
          for (const page of [1, 2]) {
            const q = { page, items: 2, search: term, status, sort };
            const expected = all.data.slice((page - 1) * 2, page * 2).map((r) => r.id);
            expect(
              (await list(q)).data.map((r) => r.id),
              `${term} page ${page}`,
            ).toEqual(expected);
            for (const tuning of tunings) {
              const got = await list(q, tuning);
              const label = `${term} ${status} ${sort} page ${page} ${JSON.stringify(tuning)}`;
              expect(
                got.data.map((r) => r.id),
                label,
              ).toEqual(expected);
              const bound = (page - 1) * 2 + Math.max(tuning.window, 2);
              expect(got.meta, label).toMatchObject(
                all.meta.total > bound ? { total: bound, total_exact: false } : { total: all.meta.total },
              );
            }
          }
        }
      }
    }
    const search = async (term: string) => (await list({ page: 1, items: 100, search: term })).data.map((r) => r.id);
    expect(await search('Pop')).toEqual([mine[4], mine[3], mine[2], mine[0]]);
    // Case folded beyond ASCII on both engines, a term across two words, an email's substring.
    expect(await search('ȘTEFAN')).toEqual([mine[5]]);
    expect(await search('maria moldovan')).toEqual([mine[6]]);
    expect(await search('ia Mol')).toEqual([mine[6]]);
    expect(await search('A.MOLDOVAN@')).toEqual([mine[1]]);
  });

  it('a name search folds Romanian letters as ILIKE does, finds an edited detail by its new name and email only, and never matches across name and email', async () => {
    const { u, src } = await seller();
    const ids: number[] = [];
    for (const [name, email] of [
      ['ȘTEFĂNESCU ÎONIȚĂ', null],
      ['Ăla Bâlă', 'Tata.Balan@Exemplu.RO'],
      ['Ion Pop', 'escu@exemplu.ro'],
      ['Dan Vlad', 'dan@exemplu.ro'],
      ['Radu\nLine', null],
    ] as const) {
      ids.push((await order(u, src, { 'A-1': 1 }, { name, ...(email ? { email } : {}) })).id);
    }
    const edit = await u.call('POST', `/api/v1/customer-detail/${ids[3]}`, {
      body: { name: 'Ștefan Ardeleanu', email: 'Ardeleanu.S@Exemplu.ro' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Every path: the index first, the newest-first walk of 0, 2 or all details, a count window of 1.
    const tunings = [{}, { window: 1 }, { window: 1, walkRows: 0 }, { window: 1, walkRows: 2 }, { walkRows: 0 }];
    const found = async (term: string) => {
      const answers = await Promise.all(
        tunings.map(async (tuning) =>
          (
            await listOrders(
              t.db.kysely,
              t.db.engine,
              u.companyId,
              { page: 1, items: 1, search: term, sort: '-created_at' },
              tuning,
            )
          ).data
            .value()
            .map((r) => r.id),
        ),
      );
      for (const a of answers) expect(a, term).toEqual(answers[0]);
      return (
        await listOrders(t.db.kysely, t.db.engine, u.companyId, {
          page: 1,
          items: 100,
          search: term,
          sort: '-created_at',
        })
      ).data
        .value()
        .map((r) => r.id);
    };
    for (const term of ['ștefănescu', 'ȘTEFĂNESCU', 'îoniță', 'ÎONIȚĂ', 'fănescu î'])
      expect(await found(term), term).toEqual([ids[0]]);
    for (const term of ['ĂLA BÂLĂ', 'ăla bâ', 'ÂLĂ', 'tata.b', 'BALAN@EXEMPLU'])
      expect(await found(term), term).toEqual([ids[1]]);
    // The edited detail: its new name and email find it, the old ones no longer do.
    for (const term of ['ștefan ardeleanu', 'ARDELEANU.s@', 'Ardeleanu'])
      expect(await found(term), term).toEqual([ids[3]]);
    for (const term of ['Dan Vlad', 'dan@exemplu']) expect(await found(term), term).toEqual([]);
    // A term across the end of the name and the start of the email is no match (name OR email).
    for (const term of ['Pop\nescu', 'Pop escu', 'Popescu'])
      expect(await found(term), JSON.stringify(term)).toEqual([]);
    // A line feed inside a name is found by a term with one.
    expect(await found('radu\nline')).toEqual([ids[4]]);
  });

  it('a name search takes %, _ and a backslash literally on every path', async () => {
    const { u, src } = await seller();
    const ids: number[] = [];
    for (const name of ['Ana 100% Pop', 'Ana 1000 Pop', 'Ion_Vlad', 'Ion Vlad', 'Back\\slash'])
      ids.push((await order(u, src, { 'A-1': 1 }, { name })).id);
    const tunings = [{}, { window: 1 }, { window: 1, walkRows: 0 }, { window: 1, walkRows: 2 }, { walkRows: 0 }];
    const run = (exec: Executor, term: string, tuning: { window?: number; walkRows?: number }) =>
      listOrders(exec, t.db.engine, u.companyId, { page: 1, items: 10, search: term, sort: '-created_at' }, tuning);
    for (const [term, expected] of [
      ['100%', [ids[0]]],
      ['0% P', [ids[0]]],
      ['n_V', [ids[2]]],
      ['k\\s', [ids[4]]],
      ['Ana 1', [ids[1], ids[0]]],
    ] as const)
      for (const tuning of tunings)
        expect(
          (await run(t.db.kysely, term, tuning)).data.value().map((r) => r.id),
          `${term} ${JSON.stringify(tuning)}`,
        ).toEqual(expected);
  });

  it('on PostgreSQL, the walk of a name search is one prepared statement whatever the term', async (ctx) => {
    if (t.db.engine !== 'postgres') return ctx.skip();
    const { u, src } = await seller();
    for (const name of ['Ana Popescu', 'Ion Vlad', 'Maria Moldovan']) await order(u, src, { 'A-1': 1 }, { name });
    await t.db.kysely.connection().execute(async (c) => {
      const walks = async () =>
        (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c)).rows.filter(
          (r) => r.statement.startsWith(ONE_PLAN) && r.statement.includes('order_customer_details'),
        ).length;
      const search = (term: string) =>
        listOrders(c, t.db.engine, u.companyId, { page: 1, items: 10, search: term, sort: '-created_at' });
      await search('Vlad');
      const known = await walks();
      expect(known).toBeGreaterThan(0);
      // The walk of another term is the same statement, parsed and planned once on the connection.
      for (const term of ['Popescu', 'Moldovan', 'Ana', 'escu']) await search(term);
      expect(await walks()).toBe(known);
    });
  });

  it("refuses a bad query (422) and another company's filter", async () => {
    const { u } = await seller();
    const res = await u.call('GET', '/api/v1/order?page=0&items=abc&sort=name&status=lost&invoice_status=reversed');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['invoice_status', 'items', 'page', 'sort', 'status']);
    const ro = await u.call('GET', '/api/v1/order?invoice_status=stornata', { headers: { 'accept-language': 'ro' } });
    expect(ro.statusCode).toBe(422);
    expect(ro.json().errors.invoice_status).toHaveLength(1);
    const other = await t.signUp();
    expect((await u.call('GET', `/api/v1/order?company_id=${other.companyId}`)).statusCode).toBe(403);
    expect((await u.call('GET', `/api/v1/order?company_id=${u.companyId}`)).statusCode).toBe(200);
  });

  it("the customers list is the company's, searchable by phone in any form and by name", async () => {
    const { u, src } = await seller();
    await order(u, src, { 'A-1': 1 }, { phone: '0744 999 000', name: 'Elena Dumitru' });
    await order(u, src, { 'A-1': 1 }, { phone: '0744 999 001', name: 'Andrei Radu' });
    const all = (await u.call('GET', '/api/v1/customer?items=1')).json();
    expect(all.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(
      (await u.call('GET', '/api/v1/customer?search=0040744999000')).json().data.map((c: { name: string }) => c.name),
    ).toEqual(['Elena Dumitru']);
    expect(
      (await u.call('GET', '/api/v1/customer?search=radu')).json().data.map((c: { name: string }) => c.name),
    ).toEqual(['Andrei Radu']);
    expect((await u.call('GET', '/api/v1/customer?page=0')).statusCode).toBe(422);
  });
});
