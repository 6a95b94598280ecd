import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './statuses.js';
import { nextStatus, statusMovedByAwb, STATUS_TRANSITIONS, type StatusCause } from './transitions.js';

describe('order status transitions', () => {
  const all = (cause: StatusCause, previous?: string) =>
    Object.fromEntries(ORDER_STATUSES.map((s) => [s, nextStatus(cause, s, previous)]));

  it('cancels anything but a cancelled order; restores only a cancelled one, to new', () => {
    expect(all('cancel')).toEqual({
      new: 'cancelled',
      processing: 'cancelled',
      completed: 'cancelled',
      cancelled: null,
      storno: 'cancelled',
      partially_storno: 'cancelled',
    });
    expect(all('restore')).toEqual({
      new: null,
      processing: null,
      completed: null,
      cancelled: 'new',
      storno: null,
      partially_storno: null,
    });
  });

  it('an AWB moves only a new order to processing, and its delete puts back what it moved, while still processing', () => {
    expect(all('awb_created')).toEqual({
      new: 'processing',
      processing: null,
      completed: null,
      cancelled: null,
      storno: null,
      partially_storno: null,
    });
    expect(all('awb_deleted', 'new')).toEqual({
      new: null,
      processing: 'new',
      completed: null,
      cancelled: null,
      storno: null,
      partially_storno: null,
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
      storno: null,
      partially_storno: null,
    });
  });

  it('a storno reaches storno or partially_storno from any invoiced status, never from cancelled', () => {
    expect(all('storno')).toEqual({
      new: 'storno',
      processing: 'storno',
      completed: 'storno',
      cancelled: null,
      storno: null,
      partially_storno: 'storno',
    });
    expect(all('partial_storno')).toEqual({
      new: 'partially_storno',
      processing: 'partially_storno',
      completed: 'partially_storno',
      cancelled: null,
      storno: 'partially_storno',
      partially_storno: null,
    });
  });

  it('names only real statuses', () => {
    for (const t of Object.values(STATUS_TRANSITIONS)) {
      for (const s of t.from) expect(ORDER_STATUSES).toContain(s);
      if (t.to !== 'previous') expect(ORDER_STATUSES).toContain(t.to);
    }
  });
});
