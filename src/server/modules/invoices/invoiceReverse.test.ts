import { beforeAll, describe, expect, it } from 'vitest';
import type { EmulatedInvoice } from '../../emulators/smartbill.js';
import { jobHandlers } from '../../backgroundJobs.js';
import { runDueJobs } from '../../jobs/runner.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { TestApp, TestUser } from '../../test/harness.js';
import { DAY, totalOf, order, create, storno, getOrder, events, invoicesKit } from '../../test/invoicesKit.js';

// After an invoice is issued: the database's last word on what an order holds, cancel-invoice,
// delete-invoice, the order's cancel, and storno-invoice.
// The shared set-up is src/server/test/invoicesKit.ts.
const kit = invoicesKit();
const { clock, smartbill, registry, emulated, seller } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.started().t;
});

describe("the database's last word", () => {
  it('admits one invoice holding an order (a fully reversed one holds none) and one storno in flight per order, whatever the code above it does', async () => {
    const { u, src } = await seller({ smartBill: false });
    const o = await order(u, src, { 'A-1': 1 });
    const row = (kind: 'invoice' | 'storno', state: string, reverses: number | null = null) =>
      t.db.kysely
        .insertInto('invoices')
        .values({
          company_id: u.companyId,
          order_id: o.id,
          kind,
          reverses_id: reverses,
          state,
          series: 'FCT',
          number: null,
          expected_number: null,
          total: 1999,
          full_reversal: 0,
          client: '{}',
          error: null,
          created_by: null,
          created_at: clock.now(),
          issued_at: null,
          updated_at: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await row('invoice', 'cancelled');
    await row('invoice', 'failed');
    await row('invoice', 'storno');
    const held = await row('invoice', 'pending');
    for (const state of ['pending', 'unknown', 'issued', 'partially_storno']) {
      await expect(row('invoice', state), state).rejects.toSatisfy(isUniqueViolation);
    }
    // Nothing is left of a fully reversed invoice: another one beside the one holding the order is no second invoice.
    await row('invoice', 'storno');
    await row('storno', 'issued', held.id);
    await row('storno', 'unknown', held.id);
    await expect(row('storno', 'pending', held.id)).rejects.toSatisfy(isUniqueViolation);
  });
});

describe("cancel-invoice, delete-invoice, the order's cancel", () => {
  it('the order cannot be cancelled with an invoice; cancel-invoice voids it at SmartBill, clears bill_number, keeps it readable', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`)).statusCode).toBe(404);
    expect((await create(u, o.id)).statusCode).toBe(201);
    const refused = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/cancel or reverse the invoice/);

    const res = await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      bill_number: null,
      invoice_status: 'none',
      invoice: { series: 'FCT', number: '0001', status: 'cancelled' },
    });
    expect(events(data, 'invoice_cancelled')).toEqual([{ bill_number: 'FCT 0001' }]);
    expect((await emulated())[0].cancelled).toBe(true);
    const pdf = await u.call('GET', `/api/v1/order/${o.id}/download-invoice`);
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // A corrected invoice can be issued; or the order cancelled.
    expect((await create(u, o.id)).json().data.bill_number).toBe('FCT 0002');
    await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`);
    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel`)).statusCode).toBe(200);
  });

  it('an invoiced order keeps its products and discounts and cannot be deleted; once the invoice is cancelled both are possible again', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 2 });
    const line = o.order_products[0].id;
    const productB = (await u.call('GET', '/api/v1/product?search=B-2')).json().data[0].id;
    expect((await create(u, o.id)).statusCode).toBe(201);
    const changes = [
      () => u.call('POST', `/api/v1/order/${o.id}/product/${productB}`, { body: { quantity: 1 } }),
      () => u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 1 } }),
      () => u.call('DELETE', `/api/v1/order-product/${line}`),
      () => u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body: { type: 'amount', value: 1 } }),
    ];
    for (const change of changes) {
      const res = await change();
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/has an invoice: its products and discounts can no longer change/);
    }
    const ro = await u.call('POST', `/api/v1/order-product/${line}`, {
      body: { quantity: 1 },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().message).toMatch(/produsele și reducerile ei nu mai pot fi modificate/);
    const del = await u.call('DELETE', `/api/v1/order/${o.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/cancel or delete the invoice before deleting the order/);
    const kept = await getOrder(u, o.id);
    expect(kept.order_products.map((l: { quantity: number }) => l.quantity)).toEqual([2]);
    expect(kept.total_value).toBe(o.total_value);

    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`)).statusCode).toBe(200);
    const after = await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 1 } });
    expect(after.statusCode, after.body).toBe(200);
    expect((await u.call('DELETE', `/api/v1/order/${o.id}`)).statusCode).toBe(200);
  });

  it('delete: only the last invoice of its series (409 saying to cancel or reverse instead, both languages); a deleted invoice clears bill_number', async () => {
    const { u, src } = await seller();
    const first = await order(u, src, { 'A-1': 1 });
    const second = await order(u, src, { 'B-2': 1 });
    await create(u, first.id);
    await create(u, second.id);
    const refused = await u.call('POST', `/api/v1/order/${first.id}/delete-invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Only the last invoice of series FCT can be deleted and FCT 0001 is not the last one: cancel it or reverse it (storno) instead.',
    );
    const ro = await u.call('POST', `/api/v1/order/${first.id}/delete-invoice`, {
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().message).toBe(
      'Doar ultima factură din seria FCT poate fi ștearsă, iar FCT 0001 nu este ultima: anulați-o sau stornați-o.',
    );
    expect(await emulated()).toHaveLength(2);

    const res = await u.call('POST', `/api/v1/order/${second.id}/delete-invoice`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ bill_number: null, invoice: null });
    expect(events(res.json().data, 'invoice_deleted')).toEqual([{ bill_number: 'FCT 0002' }]);
    expect((await emulated()).map((i) => i.number)).toEqual(['0001']);
    // The number is free again at SmartBill: the next invoice takes it.
    expect((await create(u, second.id)).json().data.bill_number).toBe('FCT 0002');
  });
});

describe('storno-invoice', () => {
  /** An order of three lines (A-1 ×2, B-2 ×1, C-3 ×3) with a line discount, an order discount and shipping, invoiced. */
  async function invoiced() {
    const { u, src } = await seller();
    await t.db.kysely.updateTable('companies').set({ shipping_cost: 1500 }).where('id', '=', u.companyId).execute();
    const o = await order(u, src, { 'A-1': 2, 'B-2': 1, 'C-3': 3 });
    const [a, b, c] = o.order_products.map((l: { id: number }) => l.id);
    await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, {
      body: { type: 'percentage', value: 10, order_product_id: a },
    });
    await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body: { type: 'amount', value: 2.5 } });
    const res = await create(u, o.id);
    expect(res.statusCode, res.body).toBe(201);
    return { u, src, o: res.json().data, a, b, c };
  }

  it('409 until the invoice is more than a day old', async () => {
    const { u, o, a } = await invoiced();
    let res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Storno is possible only for an invoice last changed more than one day ago.');
    clock.advance(DAY);
    expect((await storno(u, o.id, [{ id: a, quantity: 1 }], 'ro')).json().message).toBe(
      'Stornarea este posibilă doar pentru o factură modificată ultima dată acum mai mult de o zi.',
    );
    clock.advance(1);
    res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('two of three lines, then the rest: partially_storno then storno, never a line twice, the documents cancel the invoice out', async () => {
    const { u, src, o, a, b, c } = await invoiced();
    clock.advance(DAY + 1);
    // Nothing valid: quantities 0 only, or nothing at all.
    let res = await storno(u, o.id, [{ id: a, quantity: 0 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No valid products selected');
    expect((await storno(u, o.id, [], 'ro')).json().message).toBe('Nu ați selectat produse valide');
    // A quantity above the line, or a line of another order.
    res = await storno(u, o.id, [{ id: a, quantity: 3 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['order_products.0.quantity']).toEqual(['At most 2 can be reversed on this line.']);
    res = await storno(u, o.id, [
      { id: a, quantity: 1 },
      { id: 999999, quantity: 1 },
    ]);
    expect(res.json().errors['order_products.1.id']).toEqual(["This product is not on the order's invoice."]);

    res = await storno(u, o.id, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 0 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    let data = res.json().data;
    // The reversal moves the invoice status, never the order's status (how far the order got).
    expect(data).toMatchObject({
      status: 'new',
      invoice_status: 'partially_storno',
      bill_number: 'FCT 0001',
      invoice: { status: 'partially_storno', updated_at: clock.now() },
    });
    expect(
      data.invoice.lines
        .filter((l: { order_product_id: number | null }) => l.order_product_id !== null)
        .map((l: { quantity: number; reversed: number }) => [l.quantity, l.reversed]),
    ).toEqual([
      [2, 2],
      [1, 1],
      [3, 0],
    ]);
    expect(data.invoice.stornos).toEqual([expect.objectContaining({ series: 'FCT', number: '0002' })]);
    expect(events(data, 'invoice_storno')).toEqual([{ bill_number: 'FCT 0001', storno: 'FCT 0002', partial: true }]);
    // Every document of the order is listed, signed, with its currency, and each one downloads.
    const documents = (await u.call('GET', `/api/v1/order/${o.id}/invoice-documents`)).json().data;
    expect(documents).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        series: 'FCT',
        number: '0001',
        status: 'partially_storno',
        reverses: null,
        total: o.total_value,
        currency: 'RON',
      }),
      expect.objectContaining({
        kind: 'storno',
        series: 'FCT',
        number: '0002',
        status: 'issued',
        reverses: 'FCT 0001',
        full_reversal: false,
        currency: 'RON',
        issued_at: clock.now(),
      }),
    ]);
    expect(documents[1].total).toBeLessThan(0);
    expect(data.invoice_documents).toEqual(documents);
    const stornoPdf = await u.call('GET', `/api/v1/order/${o.id}/download-invoice?document=${documents[1].id}`);
    expect(stornoPdf.statusCode, stornoPdf.body).toBe(200);
    expect(stornoPdf.headers['content-disposition']).toBe('attachment; filename="Storno-FCT-0002.pdf"');
    expect(stornoPdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const originalPdf = await u.call('GET', `/api/v1/order/${o.id}/download-invoice?document=${documents[0].id}`);
    expect(originalPdf.headers['content-disposition']).toBe('attachment; filename="Factura-FCT-0001.pdf"');
    // Another order's document is not this order's (404); a document id that is not one is a 422.
    const other = await order(u, src, { 'A-1': 1 });
    expect(
      (await u.call('GET', `/api/v1/order/${other.id}/download-invoice?document=${documents[1].id}`)).statusCode,
    ).toBe(404);
    const bad = await u.call('GET', `/api/v1/order/${o.id}/download-invoice?document=abc`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['document']);
    expect(events(data, 'status_changed')).toEqual([]);
    const partial = (await smartbill.store.get<EmulatedInvoice>('invoices', '14399840|FCT|0002'))!;
    expect(partial.mentions).toBe('Factura storno pentru FCT 0001');
    expect(documents[1].total).toBe(totalOf(partial) / 100);
    expect(partial.lines.filter((l) => l.code).map((l) => [l.code, l.quantity])).toEqual([
      ['A-1', -2],
      ['B-2', -1],
    ]);

    // The day counts again from the storno; then a line already reversed cannot be reversed again.
    expect((await storno(u, o.id, [{ id: c, quantity: 1 }])).statusCode).toBe(409);
    clock.advance(DAY + 1);
    res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No valid products selected');
    expect(res.json().errors['order_products.0.quantity']).toEqual(['At most 0 can be reversed on this line.']);
    expect((await storno(u, o.id, [{ id: c, quantity: 4 }])).json().errors['order_products.0.quantity']).toEqual([
      'At most 3 can be reversed on this line.',
    ]);

    res = await storno(u, o.id, [{ id: c, quantity: 3 }]);
    expect(res.statusCode, res.body).toBe(201);
    data = res.json().data;
    // Nothing is left of the invoice: the order has no current one (it shows the reversed one, readable).
    expect(data).toMatchObject({
      status: 'new',
      invoice_status: 'storno',
      bill_number: null,
      invoice: { series: 'FCT', number: '0001', status: 'storno' },
    });
    expect(data.invoice.lines.every((l: { quantity: number; reversed: number }) => l.reversed === l.quantity)).toBe(
      true,
    );
    expect(events(data, 'status_changed')).toEqual([]);
    // The orders list filters by the invoice status (and by the old `status=storno` of earlier
    // clients), with the kept counts moved along; the status tab still holds the order.
    const list = async (query: string) => (await u.call('GET', `/api/v1/order?${query}`)).json();
    const ids = (answer: { data: { id: number }[] }) => answer.data.map((r) => r.id);
    for (const query of ['invoice_status=storno', 'status=storno', 'status=new&invoice_status=storno']) {
      const answer = await list(query);
      expect(ids(answer), query).toEqual([o.id]);
      expect(answer.meta.total, query).toBe(1);
      expect(answer.data[0]).toMatchObject({ status: 'new', invoice_status: 'storno' });
    }
    expect(ids(await list('invoice_status=partially_storno'))).toEqual([]);
    expect((await list('invoice_status=partially_storno')).meta.total).toBe(0);
    expect(ids(await list('status=new'))).toEqual([other.id, o.id]);
    expect(ids(await list('status=processing&invoice_status=storno'))).toEqual([]);
    expect(ids(await list('search=Popescu&invoice_status=storno'))).toEqual([o.id]);
    expect(ids(await list('search=Popescu&invoice_status=issued'))).toEqual([]);
    expect(ids(await list(`search=${o.id}&invoice_status=issued`))).toEqual([]);
    // The invoice and its two storno documents add up to nothing, shipping and discounts included.
    const docs = await emulated();
    expect(docs).toHaveLength(3);
    expect(docs.reduce((s, d) => s + totalOf(d), 0)).toBe(0);
    expect(totalOf(docs[0])).toBe(Math.round(o.total_value * 100));

    clock.advance(DAY + 1);
    res = await storno(u, o.id, [{ id: c, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Invoice FCT 0001 is already fully reversed.');
    // A reversed invoice is neither cancelled nor deleted (the order itself is free again: see below).
    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`)).statusCode).toBe(409);
    expect((await u.call('POST', `/api/v1/order/${o.id}/delete-invoice`)).statusCode).toBe(409);

    // Reversed in two stornos, the order is as free as after one: it cancels, and once restored its
    // discounts change and it is invoiced anew under the series' next number.
    const cancelled = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', bill_number: null });
    expect((await u.call('POST', `/api/v1/order/${o.id}/uncancel`)).statusCode).toBe(200);
    const discounted = await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, {
      body: { type: 'amount', value: 1 },
    });
    expect(discounted.statusCode, discounted.body).toBe(201);
    expect(discounted.json().data.total_value).toBeCloseTo(o.total_value - 1, 2);
    const anew = await create(u, o.id);
    expect(anew.statusCode, anew.body).toBe(201);
    expect(anew.json().data).toMatchObject({
      bill_number: 'FCT 0004',
      invoice_status: 'issued',
      invoice: { number: '0004', status: 'issued', stornos: [] },
    });
    expect(totalOf((await emulated())[3])).toBe(Math.round(discounted.json().data.total_value * 100));
  });

  it("everything at once, nothing reversed before: SmartBill's own reverse", async () => {
    const { u, o, a, b, c } = await invoiced();
    clock.advance(DAY + 1);
    const res = await storno(u, o.id, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 3 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'new',
      invoice_status: 'storno',
      bill_number: null,
      invoice: { status: 'storno' },
    });
    expect(events(res.json().data, 'invoice_storno')).toEqual([
      { bill_number: 'FCT 0001', storno: 'FCT 0002', partial: false },
    ]);
    const doc = (await smartbill.store.get<EmulatedInvoice>('invoices', '14399840|FCT|0002'))!;
    expect(doc.reverses).toBe('FCT0001');
    expect(totalOf(doc)).toBe(-Math.round(o.total_value * 100));
  });

  /** Reverses every line of the order's invoice, a day after its last change, in one storno. */
  async function reverseAll(u: TestUser, o: { id: number }, lines: { id: number; quantity: number }[]) {
    clock.advance(DAY + 1);
    const res = await storno(u, o.id, lines);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  /** A bulk job (the list's Change status, or Create invoices) over the orders, run to its end. */
  async function bulk(u: TestUser, ids: number[], action: 'status' | 'invoice', params: object = {}) {
    const started = await u.call('POST', '/api/v1/order-bulk', { body: { action, selection: { ids }, params } });
    expect(started.statusCode, started.body).toBe(202);
    const services = { ...t.services, providers: registry };
    while ((await runDueJobs({ services, handlers: jobHandlers(), instanceId: 'test' }, 50)) > 0);
    const job = (await u.call('GET', `/api/v1/order-bulk/${started.json().data.id}`)).json().data;
    expect(job.status).toBe('done');
    return job.items as { order_id: number; outcome: string; reason: string | null; bill_number?: string }[];
  }

  const tabs = async (u: TestUser) => {
    const list = async (query: string) => (await u.call('GET', `/api/v1/order?${query}`)).json().meta.total;
    return {
      issued: await list('invoice_status=issued'),
      storno: await list('invoice_status=storno'),
      none: await list('invoice_status=none'),
      cancelled: await list('status=cancelled'),
      hasInvoice: await list('has_invoice=1'),
    };
  };

  it('fully reversed: the order has no current invoice, its documents stay listed and download, and it is invoiced anew under a new number', async () => {
    const { u, o, a, b, c } = await invoiced();
    const data = await reverseAll(u, o, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 3 },
    ]);
    expect(data).toMatchObject({ bill_number: null, invoice_status: 'storno', invoice_state: null });
    expect(await tabs(u)).toMatchObject({ issued: 0, storno: 1, hasInvoice: 0 });
    // The reversed invoice and its storno stay among the order's documents, each downloadable.
    const documents = (await u.call('GET', `/api/v1/order/${o.id}/invoice-documents`)).json().data;
    expect(
      documents.map((d: { kind: string; number: string; status: string }) => [d.kind, d.number, d.status]),
    ).toEqual([
      ['invoice', '0001', 'storno'],
      ['storno', '0002', 'issued'],
    ]);
    for (const d of documents) {
      const pdf = await u.call('GET', `/api/v1/order/${o.id}/download-invoice?document=${d.id}`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    }
    const shown = await u.call('GET', `/api/v1/order/${o.id}/download-invoice`);
    expect(shown.headers['content-disposition']).toBe('attachment; filename="Factura-FCT-0001.pdf"');
    // No further storno of it, nor a cancel or delete (both languages).
    clock.advance(DAY + 1);
    const again = await storno(u, o.id, [{ id: a, quantity: 1 }], 'ro');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Factura FCT 0001 este deja stornată integral.');
    const cancelInv = await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`);
    expect(cancelInv.statusCode).toBe(409);
    expect(cancelInv.json().message).toBe('Invoice FCT 0001 has storno documents, so it can no longer be cancelled.');

    // Its lines are free again: a change goes through and the totals follow.
    const line = await u.call('POST', `/api/v1/order-product/${c}`, { body: { quantity: 1 } });
    expect(line.statusCode, line.body).toBe(200);
    const changed = line.json().data;
    expect(changed.total_value).toBeLessThan(o.total_value);

    // Invoiced anew: a new number (the storno took 0002), the counts move from storno to issued.
    const res = await create(u, o.id);
    expect(res.statusCode, res.body).toBe(201);
    const reissued = res.json().data;
    expect(reissued).toMatchObject({
      bill_number: 'FCT 0003',
      invoice_status: 'issued',
      invoice: { number: '0003', status: 'issued', stornos: [] },
    });
    expect(events(reissued, 'invoice_created')).toEqual([{ bill_number: 'FCT 0003' }, { bill_number: 'FCT 0001' }]);
    expect(await tabs(u)).toMatchObject({ issued: 1, storno: 0, hasInvoice: 1 });
    const atSmartBill = await emulated();
    expect(atSmartBill.map((i) => i.number)).toEqual(['0001', '0002', '0003']);
    expect(totalOf(atSmartBill[2])).toBe(Math.round(changed.total_value * 100));
    // Never two invoices at once: the new one holds the order as the first did.
    expect((await create(u, o.id)).statusCode).toBe(409);
    const cancel = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/has an invoice/);
    // Every document of the order is still listed, the old ones with the new.
    const all = (await u.call('GET', `/api/v1/order/${o.id}/invoice-documents`)).json().data;
    expect(all.map((d: { number: string; status: string }) => [d.number, d.status])).toEqual([
      ['0001', 'storno'],
      ['0002', 'issued'],
      ['0003', 'issued'],
    ]);
  });

  it('fully reversed: the order can be cancelled alone or in a bulk job (not deleted: its documents stay); a partly reversed one stays invoiced', async () => {
    const { u, src, o, a, b, c } = await invoiced();
    const second = (await create(u, (await order(u, src, { 'A-1': 1 })).id)).json().data;
    const partial = (await create(u, (await order(u, src, { 'B-2': 2 })).id)).json().data;
    await reverseAll(u, o, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 3 },
    ]);
    await reverseAll(u, second, [{ id: second.order_products[0].id, quantity: 1 }]);
    clock.advance(DAY + 1);
    const part = await storno(u, partial.id, [{ id: partial.order_products[0].id, quantity: 1 }]);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ invoice_status: 'partially_storno', bill_number: partial.bill_number });
    expect(await tabs(u)).toMatchObject({ issued: 0, storno: 2, cancelled: 0, hasInvoice: 1 });

    // Partly reversed: still invoiced. No cancel, no change of its lines, no second invoice.
    const refused = await u.call('POST', `/api/v1/order/${partial.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The order has an invoice: cancel or reverse the invoice before cancelling the order.',
    );
    const lineOfPartial = await u.call('POST', `/api/v1/order-product/${partial.order_products[0].id}`, {
      body: { quantity: 1 },
    });
    expect(lineOfPartial.statusCode).toBe(409);
    const twice = await create(u, partial.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`The order already has invoice ${partial.bill_number}.`);

    // Fully reversed: a delete is refused with the reason (both languages), a cancel goes through.
    const del = await u.call('DELETE', `/api/v1/order/${o.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(
      'The order’s invoice was reversed: the invoice and its storno documents stay with the order, so it cannot be deleted. Cancel the order instead.',
    );
    const delRo = await u.call('DELETE', `/api/v1/order/${o.id}`, { headers: { 'accept-language': 'ro' } });
    expect(delRo.json().message).toBe(
      'Factura comenzii a fost stornată: factura și documentele de stornare rămân la comandă, așa că aceasta nu poate fi ștearsă. Anulați comanda în schimb.',
    );
    const cancelled = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', invoice_status: 'storno', bill_number: null });

    // The bulk cancel: the fully reversed order is cancelled, the partly reversed one skipped with its reason.
    const items = await bulk(u, [second.id, partial.id], 'status', { status: 'cancelled' });
    expect(items.find((i) => i.order_id === second.id)).toMatchObject({ outcome: 'done' });
    expect(items.find((i) => i.order_id === partial.id)?.outcome).not.toBe('done');
    expect(items.find((i) => i.order_id === partial.id)?.reason).toMatch(/has an invoice/);
    expect((await getOrder(u, second.id)).status).toBe('cancelled');
    expect((await getOrder(u, partial.id)).status).toBe('new');
    // The tabs follow: two cancelled, both still in the reversed filter; the partly reversed one still invoiced.
    expect(await tabs(u)).toMatchObject({ cancelled: 2, storno: 2, hasInvoice: 1 });
  });

  it('fully reversed orders are invoiced anew by a bulk invoice job; the partly reversed one is skipped, never invoiced twice', async () => {
    const { u, src, o, a, b, c } = await invoiced();
    const partial = (await create(u, (await order(u, src, { 'B-2': 2 })).id)).json().data;
    await reverseAll(u, o, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 3 },
    ]);
    clock.advance(DAY + 1);
    expect((await storno(u, partial.id, [{ id: partial.order_products[0].id, quantity: 1 }])).statusCode).toBe(201);
    const before = (await emulated()).length;
    const items = await bulk(u, [o.id, partial.id], 'invoice');
    expect(items.find((i) => i.order_id === o.id)).toMatchObject({ outcome: 'done' });
    expect(items.find((i) => i.order_id === partial.id)).toMatchObject({ outcome: 'skipped' });
    const reissued = await getOrder(u, o.id);
    expect(reissued).toMatchObject({ invoice_status: 'issued', bill_number: items[0].bill_number });
    expect(reissued.bill_number).not.toBe('FCT 0001');
    expect(await emulated()).toHaveLength(before + 1);
    expect((await getOrder(u, partial.id)).invoice_status).toBe('partially_storno');
  });

  it('a storno whose answer was lost is found and adopted before another; the order shows it', async () => {
    const { u, o, a, c } = await invoiced();
    clock.advance(DAY + 1);
    smartbill.faults.set('answer_lost', 1);
    let res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toMatch(/the storno may have been issued/);
    expect(await getOrder(u, o.id)).toMatchObject({ invoice_state: 'unknown', status: 'new' });
    clock.advance(61);
    res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/SmartBill had issued storno FCT 0002 after all/);
    const data = await getOrder(u, o.id);
    expect(data).toMatchObject({ status: 'new', invoice_status: 'partially_storno', invoice_state: null });
    expect(data.invoice.lines[0]).toMatchObject({ quantity: 2, reversed: 1 });
    expect(await emulated()).toHaveLength(2);
    clock.advance(DAY + 1);
    expect((await storno(u, o.id, [{ id: c, quantity: 1 }])).statusCode).toBe(201);
  });
});
