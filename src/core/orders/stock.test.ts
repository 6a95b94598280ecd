import { describe, expect, it } from 'vitest';
import { deleteStockChange, holdsStock, lineStockChange, statusStockChange } from './stock.js';
import { canCancel, canRestore, cancelRefusal, restoreRefusal } from './eligibility.js';

describe('stock arithmetic', () => {
  it('a new or raised line takes stock, a lowered or removed one gives it back', () => {
    expect(lineStockChange(0, 3, 'new')).toBe(-3);
    expect(lineStockChange(3, 5, 'new')).toBe(-2);
    expect(lineStockChange(5, 2, 'processing')).toBe(3);
    expect(lineStockChange(2, 0, 'new')).toBe(2);
    expect(lineStockChange(2, -4, 'new')).toBe(2);
    expect(lineStockChange(4, 4, 'new')).toBe(0);
  });
  it('a cancelled order moves no stock when its lines change', () => {
    expect(holdsStock('cancelled')).toBe(false);
    expect(lineStockChange(0, 3, 'cancelled')).toBe(0);
  });
  it('cancel gives back, restore takes again', () => {
    expect(statusStockChange('new', 'cancelled', 4)).toBe(4);
    expect(statusStockChange('cancelled', 'new', 4)).toBe(-4);
    expect(statusStockChange('new', 'processing', 4)).toBe(0);
  });
  it('deleting gives back unless the order was cancelled', () => {
    expect(deleteStockChange('new', 4)).toBe(4);
    expect(deleteStockChange('completed', 4)).toBe(4);
    expect(deleteStockChange('cancelled', 4)).toBe(0);
  });
});

describe('cancel and restore eligibility', () => {
  const order = { status: 'new', awb: null, bill_number: null };
  it('cancels an order without AWB or invoice', () => {
    expect(cancelRefusal(order)).toBeNull();
    expect(canCancel(order)).toBe(true);
  });
  it('refuses with the reason', () => {
    expect(cancelRefusal({ ...order, awb: '123' })).toBe('order_has_awb');
    expect(cancelRefusal({ ...order, bill_number: 'SB-1' })).toBe('order_has_invoice');
    expect(cancelRefusal({ ...order, status: 'cancelled' })).toBe('order_already_cancelled');
    // A blank awb is no AWB.
    expect(cancelRefusal({ ...order, awb: '  ' })).toBeNull();
  });
  it('restores only from cancelled', () => {
    expect(restoreRefusal(order)).toBe('order_not_cancelled');
    expect(canRestore({ ...order, status: 'cancelled' })).toBe(true);
  });
});
