import { describe, expect, it } from 'vitest';
import { canCancel, contentsLock, type ContentsSubject } from './eligibility.js';

const open: ContentsSubject = { status: 'new', bill_number: null, awb: null, invoice_state: null, awb_state: null };

describe('contentsLock: when products and discounts may change', () => {
  it('an order without documents is open', () => {
    expect(contentsLock(open)).toBeNull();
    expect(contentsLock({ ...open, bill_number: '  ' })).toBeNull();
  });

  it('an invoice, or one being issued or checked, fixes the contents', () => {
    expect(contentsLock({ ...open, bill_number: 'FCT 0001' })).toBe('order_contents_invoiced');
    expect(contentsLock({ ...open, invoice_state: 'unknown' })).toBe('order_contents_invoiced');
  });

  it('an AWB fixes them (its cash on delivery is the total); one being created or checked too', () => {
    expect(contentsLock({ ...open, awb: '1234567890' })).toBe('order_contents_shipped');
    expect(contentsLock({ ...open, awb_state: 'pending' })).toBe('order_awb_unsettled');
  });

  it('a cancelled order is fixed until it is restored', () => {
    expect(contentsLock({ ...open, status: 'cancelled' })).toBe('order_contents_cancelled');
    expect(contentsLock({ ...open, status: 'processing' })).toBeNull();
  });

  it('the invoice is named first when both exist', () => {
    expect(contentsLock({ ...open, bill_number: 'FCT 0001', awb: '1' })).toBe('order_contents_invoiced');
  });
});

describe('canCancel', () => {
  it('needs no AWB and no invoice, and not cancelled already', () => {
    expect(canCancel({ status: 'new', awb: null, bill_number: null })).toBe(true);
    expect(canCancel({ status: 'new', awb: 'X', bill_number: null })).toBe(false);
    expect(canCancel({ status: 'new', awb: null, bill_number: 'FCT 1' })).toBe(false);
    expect(canCancel({ status: 'cancelled', awb: null, bill_number: null })).toBe(false);
  });
});
