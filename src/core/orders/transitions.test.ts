import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, ORDER_STATUSES } from './statuses.js';
import {
  INVOICE_TRANSITIONS,
  nextInvoiceStatus,
  nextStatus,
  statusMovedByAwb,
  STATUS_TRANSITIONS,
  type InvoiceCause,
  type StatusCause,
} from './transitions.js';

describe('order status transitions', () => {
  const all = (cause: StatusCause, previous?: string) =>
    Object.fromEntries(ORDER_STATUSES.map((s) => [s, nextStatus(cause, s, previous)]));

  it('cancels anything but a cancelled order; restores only a cancelled one, to new', () => {
    expect(all('cancel')).toEqual({
      new: 'cancelled',
      processing: 'cancelled',
      completed: 'cancelled',
      cancelled: null,
    });
    expect(all('restore')).toEqual({
      new: null,
      processing: null,
      completed: null,
      cancelled: 'new',
    });
  });

  it('an AWB moves only a new order to processing, and its delete puts back what it moved, while still processing', () => {
    expect(all('awb_created')).toEqual({
      new: 'processing',
      processing: null,
      completed: null,
      cancelled: null,
    });
    expect(all('awb_deleted', 'new')).toEqual({
      new: null,
      processing: 'new',
      completed: null,
      cancelled: null,
    });
    expect(nextStatus('awb_deleted', 'processing', null)).toBeNull();
    expect(statusMovedByAwb('new')).toBe('new');
    expect(statusMovedByAwb('completed')).toBeNull();
  });

  it('a delivery completes a new or processing order and leaves stornos and completed orders as they are', () => {
    expect(all('delivered')).toEqual({
      new: 'completed',
      processing: 'completed',
      completed: null,
      cancelled: null,
    });
  });

  it('a storno never moves the status: a shipped order with a reversed item is still processing', () => {
    expect(Object.keys(STATUS_TRANSITIONS)).not.toContain('storno');
    expect(Object.keys(STATUS_TRANSITIONS)).not.toContain('partial_storno');
    expect(ORDER_STATUSES).not.toContain('partially_storno');
  });

  it('names only real statuses', () => {
    for (const t of Object.values(STATUS_TRANSITIONS)) {
      for (const s of t.from) expect(ORDER_STATUSES).toContain(s);
      if (t.to !== 'previous') expect(ORDER_STATUSES).toContain(t.to);
    }
  });
  it('names only real invoice statuses', () => {
    for (const t of Object.values(INVOICE_TRANSITIONS)) {
      for (const s of t.from) expect(INVOICE_STATUSES).toContain(s);
      expect(INVOICE_STATUSES).toContain(t.to);
    }
  });
});

describe('invoice status transitions', () => {
  const all = (cause: InvoiceCause) =>
    Object.fromEntries(INVOICE_STATUSES.map((s) => [s, nextInvoiceStatus(cause, s)]));

  it('an invoice is issued only for an order without a current one (none, or fully reversed); cancelling or deleting it leaves none', () => {
    expect(all('issued')).toEqual({ none: 'issued', issued: null, partially_storno: null, storno: 'issued' });
    expect(all('ended')).toEqual({ none: null, issued: 'none', partially_storno: 'none', storno: null });
  });

  it('a partial storno reverses an issued or partly reversed invoice; a full one ends at storno and takes no more', () => {
    expect(all('partial_storno')).toEqual({
      none: null,
      issued: 'partially_storno',
      partially_storno: null,
      storno: null,
    });
    expect(all('storno')).toEqual({ none: null, issued: 'storno', partially_storno: 'storno', storno: null });
  });
});
