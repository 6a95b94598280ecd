import { describe, expect, it } from 'vitest';
import { isStatusOnly, statusBody } from './status.js';

describe('status-only body', () => {
  it('statusBody builds the body the server recognises', () => {
    expect(statusBody(false)).toEqual({ is_active: false });
    expect(isStatusOnly(statusBody(true))).toBe(true);
  });

  it('anything besides is_active is a full update, not the toggle', () => {
    expect(isStatusOnly({ is_active: false, name: 'x' })).toBe(false);
    expect(isStatusOnly({ is_active: true, company_id: 2 })).toBe(false);
    expect(isStatusOnly({ from: 'Shop' })).toBe(false);
    expect(isStatusOnly({})).toBe(false);
    expect(isStatusOnly(null)).toBe(false);
    expect(isStatusOnly([true])).toBe(false);
  });
});
