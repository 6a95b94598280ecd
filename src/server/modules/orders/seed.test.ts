import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awbProblem } from '../../../core/api/shipping.js';
import { needsNumber, postalCodeFor } from '../../../core/geo/postalCode.js';
import { computeTotals, type AppliedDiscountType } from '../../../core/orders/totals.js';
import { seedDemo, DEMO_EMAIL } from '../../seed/index.js';
import { DEMO_EUR_RATE } from '../../seed/orders.js';
import { convertUnitPrice } from '../../../core/orders/currency.js';
import { hashToken, newToken } from '../../http/auth.js';
import { geoData } from '../geo/data.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { pdfText } from '../../test/pdfText.js';
import { bucharestDate } from '../../lib/bucharestTime.js';
import { repaymentOf, stagesAt, TIMELINE_END, type Shipment } from '../../emulators/shipments.js';
import type { CodSummary } from '../../../core/api/cod.js';
import type { DashboardStats } from '../../../core/api/dashboard.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
}, 120_000);
afterAll(() => t.close());

async function demoCall(url: string, companyId: number, opts: { method?: 'GET' | 'POST'; body?: unknown } = {}) {
  const user = await t.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  const token = newToken();
  const now = Math.floor(Date.now() / 1000);
  await t.db.kysely
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
    .execute();
  return t.app.inject({
    method: opts.method ?? 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'x-company-id': String(companyId) },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

describe('demo seed of orders', () => {
  it("converts every demo line priced in euros (Ghiveci din zinc among them) at the company's rate, kept on the line", async () => {
    const rows = await t.db.kysely
      .selectFrom('order_products as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select([
        'l.price',
        'l.currency',
        'l.original_price',
        'l.original_currency',
        'l.exchange_rate',
        'p.currency as product_currency',
        'p.selling_price',
        'p.name',
      ])
      .where('p.currency', '=', 'EUR')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r).toMatchObject({ currency: 'RON', original_currency: 'EUR', exchange_rate: DEMO_EUR_RATE });
      expect(Number(r.original_price)).toBe(Number(r.selling_price));
      expect(Number(r.price)).toBe(convertUnitPrice(Number(r.selling_price), DEMO_EUR_RATE));
    }
    expect(
      await t.db.kysely.selectFrom('order_products').select('id').where('currency', '!=', 'RON').execute(),
    ).toEqual([]);
    const companies = await t.db.kysely.selectFrom('companies').select('eur_rate').execute();
    expect(companies.every((c) => Number(c.eur_rate) === DEMO_EUR_RATE)).toBe(true);
  });

  it('gives each demo company about 3,000 orders over the last 90 days, in every status, counted in list_counts', async () => {
    const companies = await t.db.kysely.selectFrom('companies').select('id').orderBy('id').execute();
    expect(companies).toHaveLength(2);
    for (const { id } of companies) {
      const rows = await t.db.kysely
        .selectFrom('orders')
        .select([
          'status',
          sql<number>`count(*)`.as('n'),
          sql<number>`min(created_at)`.as('first'),
          sql<number>`max(created_at)`.as('last'),
        ])
        .where('company_id', '=', id)
        .groupBy('status')
        .execute();
      const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      expect(Object.keys(byStatus).sort()).toEqual(['cancelled', 'completed', 'new', 'processing']);
      const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
      expect(total).toBe(3000);
      const now = Math.floor(Date.now() / 1000);
      expect(Math.min(...rows.map((r) => Number(r.first)))).toBeGreaterThanOrEqual(now - 91 * 86400);
      expect(Math.max(...rows.map((r) => Number(r.last)))).toBeLessThanOrEqual(now);
      // A count is the sum of its shards (one per writing connection on PostgreSQL).
      const kept = await t.db.kysely
        .selectFrom('list_counts')
        .select(['bucket', sql<number>`sum(n)`.as('n')])
        .where('company_id', '=', id)
        .where('list', '=', 'orders')
        .groupBy('bucket')
        .execute();
      const keptBy = Object.fromEntries(kept.map((k) => [k.bucket, Number(k.n)]));
      const base = Object.fromEntries(
        Object.entries(keptBy).filter(([b]) => !/^(no_awb|flagged):/.test(b) && b !== 'attention'),
      );
      expect(base).toEqual({
        '': 3000,
        ...byStatus,
        // One order per company carries the demo invoice (seed/invoices.ts).
        'invoice_status:none': 2999,
        'invoice_status:issued': 1,
      });
      // The orders without an AWB and those of flagged customers are kept as well, as the rows say.
      const rowCount = async (where: ReturnType<typeof sql>) =>
        Number(
          (
            await sql<{
              n: number;
            }>`select count(*) as n from orders o where o.company_id = ${id} and ${where}`.execute(t.db.kysely)
          ).rows[0].n,
        );
      expect(keptBy['no_awb:']).toBe(await rowCount(sql`o.awb is null`));
      expect(keptBy['flagged:'] ?? 0).toBe(await rowCount(sql`o.customer_id in (select customer_id from flags)`));
      expect(keptBy.attention).toBe(await rowCount(sql`o.attention is not null`));
      const customers = await t.db.kysely
        .selectFrom('company_customers')
        .select(sql<number>`count(*)`.as('n'))
        .where('company_id', '=', id)
        .executeTakeFirstOrThrow();
      const keptCustomers = await t.db.kysely
        .selectFrom('list_counts')
        .select(sql<number>`sum(n)`.as('n'))
        .where('company_id', '=', id)
        .where('list', '=', 'customers')
        .executeTakeFirstOrThrow();
      expect(Number(keptCustomers.n)).toBe(Number(customers.n));
    }
  });

  it('stores totals the rules give, with automatic and manual discounts', async () => {
    const sample = await t.db.kysely.selectFrom('orders').selectAll().orderBy('id').limit(300).execute();
    let withDiscount = 0;
    for (const o of sample) {
      const lines = await t.db.kysely.selectFrom('order_products').selectAll().where('order_id', '=', o.id).execute();
      const discounts = await t.db.kysely
        .selectFrom('applied_discounts')
        .selectAll()
        .where('order_id', '=', o.id)
        .orderBy('id')
        .execute();
      if (discounts.length) withDiscount++;
      const totals = computeTotals(
        lines.map((l) => ({ id: l.id, price: Number(l.price), quantity: l.quantity })),
        discounts.map((d) => ({
          type: d.type as AppliedDiscountType,
          value: d.value === null ? null : Number(d.value),
          order_product_id: d.order_product_id,
        })),
        Number(o.shipping_cost),
      );
      expect(lines.length).toBeGreaterThan(0);
      expect([Number(o.value), Number(o.discount), Number(o.client_shipping_cost), Number(o.total_value)]).toEqual([
        totals.value,
        totals.discount,
        totals.client_shipping_cost,
        totals.total_value,
      ]);
    }
    expect(withDiscount).toBeGreaterThan(10);
    const kinds = await t.db.kysely.selectFrom('applied_discounts').select('kind').distinct().execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['manual', 'order', 'product']);
  });

  it('uses real Romanian addresses of the address data and shows customers flagged by the other company', async () => {
    const [a, b] = (await t.db.kysely.selectFrom('companies').select('id').orderBy('id').execute()).map((c) => c.id);
    // Every address is one of the address data's, with the postal code the rule gives, and passes the AWB checks.
    const geo = geoData();
    const details = await t.db.kysely.selectFrom('order_customer_details').selectAll().execute();
    expect(details).toHaveLength(6000);
    const typedStreets = details.filter((d) => d.street_id === null).length;
    expect(typedStreets).toBeGreaterThan(0);
    expect(typedStreets).toBeLessThan(details.length / 5);
    expect(new Set(details.map((d) => d.city_id)).size).toBeGreaterThan(20);
    for (const d of details) {
      const county = geo.county(d.county_id!);
      const city = geo.locality(d.city_id!);
      expect([county?.name, city?.name, city?.county_id]).toEqual([d.county, d.city, d.county_id]);
      const street = d.street_id === null ? null : geo.street(d.street_id);
      if (street) expect([street.name, street.locality_id]).toEqual([d.street, d.city_id]);
      else expect(geo.isCodedByStreet(d.city_id!)).toBe(false);
      expect(d.zip_code).toBe(street ? postalCodeFor(street, d.street_number) : city!.postal_code);
      expect(d.zip_code).toMatch(/^\d{6}$/);
      expect(d.address).toBe(`${d.street} ${d.street_number}`);
      const facts = {
        cityCodedByStreet: geo.isCodedByStreet(d.city_id!),
        streetNeedsNumber: street ? needsNumber(street) : false,
      };
      for (const courier of ['cargus', 'sameday']) {
        expect(
          awbProblem(
            {
              courier,
              county: d.county,
              city: d.city,
              street: d.street,
              street_id: d.street_id ?? undefined,
              street_number: d.street_number,
              postal_code: d.zip_code,
              address: d.address,
            },
            [courier],
            facts,
          ),
        ).toBeNull();
      }
    }
    // A customer of A flagged by B only.
    const flagged = await t.db.kysely
      .selectFrom('flags as f')
      .innerJoin('company_customers as cc', (j) =>
        j.onRef('cc.customer_id', '=', 'f.customer_id').on('cc.company_id', '=', a),
      )
      .select('f.customer_id')
      .where('f.company_id', '=', b)
      .limit(1)
      .executeTakeFirst();
    expect(flagged).toBeDefined();
    const customer = await demoCall(`/api/v1/customer/${flagged!.customer_id}`, a);
    expect(customer.statusCode).toBe(200);
    const otherFlag = customer.json().data.flags.find((f: { by_this_company: boolean }) => !f.by_this_company);
    expect(otherFlag).toMatchObject({ reason: expect.any(String), flagged_by_company_id: null });
    // The list shows the newest first with the kept total.
    const list = await demoCall('/api/v1/order?items=10&sort=-created_at', a);
    expect(list.json().meta.total).toBe(3000);
    const ids = list.json().data.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });
});

describe('demo seed: a shop with a past (AWBs, the emulated couriers, cash on delivery)', () => {
  const DAY = 86_400;
  const COURIER_STATUS: Record<string, string> = { returned: 'returning', failedAttempt: 'inDelivery' };

  it('spreads the orders over the last 90 days, more on weekdays, over several sources', async () => {
    const a = (await t.db.kysely.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const orders = await t.db.kysely
      .selectFrom('orders')
      .select(['created_at', 'source_id'])
      .where('company_id', '=', a)
      .execute();
    const now = Math.floor(Date.now() / 1000);
    const perDay = new Map<string, number>();
    for (const o of orders) {
      expect(o.created_at).toBeGreaterThan(now - 91 * DAY);
      expect(o.created_at).toBeLessThanOrEqual(now);
      const day = bucharestDate(o.created_at);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(perDay.size).toBeGreaterThanOrEqual(88);
    const weekday = { work: [] as number[], weekend: [] as number[] };
    for (const [day, n] of perDay) {
      if (day === bucharestDate(now) || day === [...perDay.keys()].sort()[0]) continue;
      const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
      (dow === 0 || dow === 6 ? weekday.weekend : weekday.work).push(n);
    }
    const mean = (l: number[]) => l.reduce((x, y) => x + y, 0) / l.length;
    expect(mean(weekday.work)).toBeGreaterThan(1.4 * mean(weekday.weekend));
    expect(new Set(orders.map((o) => o.source_id)).size).toBeGreaterThanOrEqual(3);
  });

  it("gives the shipped orders AWBs that the emulated courier holds, with the courier status of the emulator's timeline", async () => {
    const now = Math.floor(Date.now() / 1000);
    const rows = await t.db.kysely
      .selectFrom('orders as o')
      .innerJoin('shipments as s', (j) => j.onRef('s.order_id', '=', 'o.id').onRef('s.awb', '=', 'o.awb'))
      .innerJoin('companies as c', 'c.id', 'o.company_id')
      .select([
        'o.id',
        'o.status',
        'o.courier',
        'o.courier_status',
        'o.awb_refused',
        'o.total_value',
        's.cod_bani',
        's.state',
        's.awb',
      ])
      .select(['o.company_id', 'c.name as company'])
      .execute();
    expect(rows.length).toBeGreaterThan(3000);
    expect(new Set(rows.map((r) => r.courier))).toEqual(new Set(['cargus', 'dpd']));
    const records = new Map(
      (
        await t.db.kysely
          .selectFrom('emulator_records')
          .select(['provider', 'key', 'data'])
          .where('collection', '=', 'shipments')
          .execute()
      ).map((r) => [`${r.provider}:${r.key}`, JSON.parse(r.data) as Shipment]),
    );
    const statuses = new Map<string, number>();
    for (const r of rows) {
      const s = records.get(`${r.courier}:${r.awb}`);
      expect(s, `${r.courier} ${r.awb}`).toBeDefined();
      // Cargus's at the shared demo account naming the company as sender (as the console sends it);
      // DPD's at the company's own account, whose client object names the company.
      expect(s!).toMatchObject({
        reference: `${r.id}-1`,
        codBani: Number(r.total_value),
        account: r.courier === 'cargus' ? 'demo' : `demo-company-${r.company_id}`,
      });
      expect(s!.sender.name).toBe(r.company);
      expect(r).toMatchObject({ state: 'created', cod_bani: Number(r.total_value) });
      if (s!.createdAt + TIMELINE_END < now) {
        const last = stagesAt(s!, now).at(-1)!.stage;
        expect(r.courier_status).toBe(COURIER_STATUS[last] ?? last);
        expect(r.status).toBe(last === 'delivered' ? 'completed' : 'processing');
      }
      // Refused at the door: remembered while the parcel goes back.
      expect(r.awb_refused).toBe(stagesAt(s!, now).some((st) => st.stage === 'refused') ? 1 : 0);
      statuses.set(r.courier_status!, (statuses.get(r.courier_status!) ?? 0) + 1);
    }
    expect(statuses.get('delivered')).toBeGreaterThan(rows.length * 0.7);
    // A refused parcel turns back 15 minutes later (the emulator's timeline): old refusals show as returning.
    expect(statuses.get('returning')).toBeGreaterThan(rows.length * 0.05);
    // The emulator's counters continue after the seeded numbers: a new AWB never takes a taken one.
    for (const [provider, name] of [
      ['cargus', 'awb'],
      ['dpd', 'parcel'],
    ]) {
      const counter = await t.db.kysely
        .selectFrom('emulator_records')
        .select('data')
        .where('provider', '=', provider)
        .where('collection', '=', 'counters')
        .where('key', '=', name)
        .executeTakeFirstOrThrow();
      const taken = rows
        .filter((r) => r.courier === provider)
        .map((r) => Number(r.awb!.slice(provider === 'cargus' ? 1 : 0)));
      expect(Number(counter.data)).toBe(Math.max(...taken) + 1);
    }
  });

  it('gives the refused, returning, failed-attempt and stalled parcels their attention, in the tab, the count and the dashboard', async () => {
    // The courier status each reason goes with (tracking's reading of the courier's events).
    const STATUS_OF: Record<string, string[]> = {
      refused: ['refused'],
      returning: ['returning'],
      failed_attempt: ['inDelivery'],
      stalled: ['pickedUp', 'in_transit', 'inDelivery'],
    };
    const companies = await t.db.kysely.selectFrom('companies').select('id').orderBy('id').execute();
    for (const { id } of companies) {
      const rows = await t.db.kysely
        .selectFrom('orders')
        .select(['id', 'status', 'courier_status', 'attention', 'attention_since', 'awb_refused'])
        .where('company_id', '=', id)
        .where('awb', 'is not', null)
        .execute();
      const held = rows.filter((r) => r.attention !== null);
      // Each order's latest attention_entered (oldest first, so the last one read stays).
      const latestEntered = new Map(
        (
          await t.db.kysely
            .selectFrom('order_events as e')
            .innerJoin('orders as o', 'o.id', 'e.order_id')
            .select(['e.order_id', 'e.data', 'e.user_id', 'e.created_at'])
            .where('o.company_id', '=', id)
            .where('e.type', '=', 'attention_entered')
            .orderBy('e.created_at')
            .orderBy('e.id')
            .execute()
        ).map((e) => [e.order_id, e]),
      );
      expect(new Set(held.map((r) => r.attention))).toEqual(new Set(Object.keys(STATUS_OF)));
      for (const r of rows) {
        if (r.courier_status === 'refused' || r.courier_status === 'returning')
          expect(r.attention, `order ${r.id}`).toBe(r.courier_status);
        if (r.attention === null) continue;
        expect(STATUS_OF[r.attention], `order ${r.id}`).toContain(r.courier_status);
        expect(r.status).toBe('processing');
        expect(r.attention_since).toBeGreaterThan(0);
        // Entered by the system (tracking), at the time the order says.
        const entered = latestEntered.get(r.id);
        expect(entered, `order ${r.id}`).toMatchObject({ user_id: null, created_at: r.attention_since });
        expect(JSON.parse(entered!.data)).toEqual({ reason: r.attention });
      }
      // A refused parcel turned back entered again as returning.
      expect(held.some((r) => r.attention === 'returning' && r.awb_refused === 1)).toBe(true);
      const tab = (await demoCall('/api/v1/order?attention=1&items=10', id)).json();
      expect(tab.meta.total).toBe(held.length);
      expect(tab.data.every((o: { attention: string | null }) => o.attention !== null)).toBe(true);
      expect((await demoCall('/api/v1/order/counts', id)).json().meta.attention).toBe(held.length);
      expect((await demoCall('/api/v1/dashboard/stats', id)).json().data.attention).toBe(held.length);
    }
  });

  it('the DPD login the wizard shows a demo company reaches its seeded AWBs, and their labels name the company', async () => {
    const companies = await t.db.kysely.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
    for (const c of companies) {
      const catalogue = (await demoCall('/api/v1/integrations', c.id)).json().data as {
        key: string;
        demo_credentials: Record<string, string> | null;
      }[];
      const login = catalogue.find((i) => i.key === 'dpd')!.demo_credentials!;
      expect(login.username).toBe(`demo-company-${c.id}`);
      const seeded = await t.db.kysely
        .selectFrom('shipments')
        .select('awb')
        .where('company_id', '=', c.id)
        .where('courier', '=', 'dpd')
        .limit(1)
        .executeTakeFirstOrThrow();
      const dpd = t.app.services.providers.courier('dpd', { username: login.username, password: login.password });
      const label = pdfText(await dpd.awbPdf({ awbNumber: seeded.awb! }));
      expect(label).toContain(c.name);
      expect(label).not.toMatch(/magazin demo/i);
      expect((await dpd.track([seeded.awb!]))[0].awbNumber).toBe(seeded.awb);
    }
  });

  it("records what the emulated couriers have paid by now, and the summary's sums agree with the payments", async () => {
    const now = Math.floor(Date.now() / 1000);
    const companies = (await t.db.kysely.selectFrom('companies').select('id').orderBy('id').execute()).map((c) => c.id);
    const settlements = await t.db.kysely
      .selectFrom('cod_settlements as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .innerJoin('emulator_records as e', (j) =>
        j.onRef('e.provider', '=', 'c.courier').onRef('e.key', '=', 'c.awb').on('e.collection', '=', 'shipments'),
      )
      .select([
        'c.company_id',
        'c.courier',
        'c.paid_bani',
        'c.expected_bani',
        'c.paid_on',
        'o.courier_status',
        'e.data',
      ])
      .execute();
    expect(settlements.length).toBeGreaterThan(1000);
    let short = 0;
    for (const s of settlements) {
      expect(s.courier_status).toBe('delivered');
      const r = repaymentOf(JSON.parse(s.data) as Shipment, now)!;
      expect(r.paidAt).not.toBeNull();
      expect(Number(s.paid_bani)).toBe(r.paidBani);
      expect(s.paid_on).toBe(bucharestDate(r.paidAt!));
      if (Number(s.paid_bani) < Number(s.expected_bani)) short++;
    }
    expect(short).toBeGreaterThan(0);
    for (const companyId of companies) {
      const res = await demoCall(
        `/api/v1/cod/summary?from=${bucharestDate(now - 120 * DAY)}&to=${bucharestDate(now)}`,
        companyId,
      );
      expect(res.statusCode, res.body).toBe(200);
      const summary = res.json().data as CodSummary;
      const mine = settlements.filter((s) => s.company_id === companyId);
      for (const courier of ['cargus', 'dpd']) {
        const row = summary.couriers.find((c) => c.courier === courier)!;
        const paid = mine.filter((s) => s.courier === courier).reduce((a, s) => a + Number(s.paid_bani), 0);
        expect(Math.round(row.paid_out * 100)).toBe(paid);
        expect(row.owed).toBeGreaterThan(0);
        expect(row.differences).toBeGreaterThan(0);
      }
      const unpaid = await demoCall('/api/v1/cod/unpaid?days=10', companyId);
      expect(unpaid.statusCode, unpaid.body).toBe(200);
      expect(unpaid.json().data.length).toBeGreaterThan(0);
      const dashboard = await demoCall('/api/v1/dashboard/stats', companyId);
      expect(dashboard.statusCode, dashboard.body).toBe(200);
      const stats = dashboard.json().data as DashboardStats;
      expect(stats.days.filter((d) => d.orders > 0).length).toBeGreaterThanOrEqual(29);
      expect(stats.cod_owed.total).toBeGreaterThan(0);
      // Refused parcels went back to the sender long ago: they still count as refused.
      for (const c of stats.couriers) expect(c.refused, c.courier).toBeGreaterThan(0.03 * c.awbs);
    }
  });
});

describe('demo seed: notifications, each naming something that exists', () => {
  it('every seeded notification links to what it names, and the invoice one names an invoice the order and SmartBill hold', async () => {
    const companies = await t.db.kysely.selectFrom('companies').select(['id', 'vat_number']).orderBy('id').execute();
    for (const { id: companyId, vat_number } of companies) {
      const res = await demoCall('/api/v1/notifications', companyId);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().data as {
        title: string;
        description: string;
        link: string | null;
        order_id: number | null;
      }[];
      expect(list.map((n) => n.title).sort()).toEqual(['AWB failed', 'Invoice issued', 'Low stock', 'New orders']);
      for (const n of list) {
        expect(n.link, n.title).not.toBeNull();
        const order = /^\/orders\/(\d+)$/.exec(n.link!)?.[1];
        if (order) {
          const o = await demoCall(`/api/v1/order/${order}`, companyId);
          expect(o.statusCode, `${n.title}: ${n.link}`).toBe(200);
          expect(n.order_id).toBe(Number(order));
        }
      }
      const byTitle = (title: string) => list.find((n) => n.title === title)!;

      // The invoice: on its order (bill number, documents), at the emulated SmartBill, and downloadable
      // once SmartBill is set up with the demo login, as the README tells.
      const invoiced = byTitle('Invoice issued');
      const bill = /Invoice (FCT \d{4}) was issued\./.exec(invoiced.description)?.[1];
      expect(bill, invoiced.description).toBeDefined();
      const o = (await demoCall(invoiced.link!.replace('/orders/', '/api/v1/order/'), companyId)).json().data;
      expect(o).toMatchObject({ bill_number: bill, invoice_status: 'issued', invoice: { status: 'issued' } });
      expect(o.invoice_documents.map((d: { series: string; number: string }) => `${d.series} ${d.number}`)).toEqual([
        bill,
      ]);
      const cif = vat_number.replace(/^RO/, '');
      const held = await t.db.kysely
        .selectFrom('emulator_records')
        .select('data')
        .where('provider', '=', 'smartbill')
        .where('collection', '=', 'invoices')
        .where('key', '=', `${cif}|FCT|${bill!.split(' ')[1]}`)
        .executeTakeFirst();
      expect(held, bill).toBeDefined();
      const atSmartBill = JSON.parse(held!.data) as { lines: { totalBani: number }[] };
      expect(atSmartBill.lines.reduce((sum, l) => sum + l.totalBani, 0)).toBe(Math.round(o.total_value * 100));
      for (const [step, body] of [
        ['login', { username: 'demo', token: 'demo' }],
        ['series', { series_name: 'FCT' }],
        ['vat-amount', { vat_amount: '21' }],
      ] as const) {
        const r = await demoCall(`/api/v1/smartbill/company/${companyId}/${step}`, companyId, { method: 'POST', body });
        expect(r.statusCode, r.body).toBe(200);
      }
      const pdf = await demoCall(`/api/v1/order/${o.id}/download-invoice`, companyId);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');

      // The refused address: an order without an AWB from the city the notification names.
      const failed = byTitle('AWB failed');
      const refused = (await demoCall(failed.link!.replace('/orders/', '/api/v1/order/'), companyId)).json().data;
      expect(refused.awb).toBeNull();
      expect(failed.description).toContain(`an order from ${refused.customer_detail.city}.`);

      // Low stock: as many products as it says, the products list.
      const low = byTitle('Low stock');
      expect(low.link).toBe('/products');
      const [, count, limit] = /^(\d+) products have fewer than (\d+) pieces/.exec(low.description)!;
      const lowStock = await t.db.kysely
        .selectFrom('products')
        .select(sql<number>`count(*)`.as('n'))
        .where('company_id', '=', companyId)
        .where('stock', '<', Number(limit))
        .executeTakeFirstOrThrow();
      expect(Number(lowStock.n)).toBe(Number(count));

      // New orders: the orders list from the first day counted holds at least those it counts.
      const received = byTitle('New orders');
      const from = /^\/orders\?created_from=(\d{4}-\d{2}-\d{2})$/.exec(received.link!)?.[1];
      expect(from, received.link!).toBeDefined();
      const [, n] = /You received (\d+) new orders/.exec(received.description)!;
      expect(Number(n)).toBeGreaterThan(0);
      const page = await demoCall(`/api/v1/order?created_from=${from}`, companyId);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().meta.total).toBeGreaterThanOrEqual(Number(n));
    }
  });
});
