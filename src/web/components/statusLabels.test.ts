import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../core/api/orders';
import { COURIER_STATUSES } from '../../core/api/shipping';
import { statusColor } from '../../core/status';
import { common } from './i18n';

const labels = (lang: 'en' | 'ro') => (common[lang] as { status: Record<string, string> }).status;

describe('status badges (order and courier statuses: labels and colours)', () => {
  it('every order and courier status has a label in both languages', () => {
    for (const status of [...ORDER_STATUSES, 'storno', 'partially_storno', ...COURIER_STATUSES]) {
      for (const lang of ['en', 'ro'] as const) expect(labels(lang)[status], `${lang} ${status}`).toMatch(/\S/);
    }
    expect(labels('en').partially_storno).toBe('Partially storno');
    expect(labels('ro').inDelivery).toBe('În livrare');
    expect(labels('ro').pickedUp).toBe('Ridicat');
  });

  it('courier statuses take the same colours as order statuses: grey beyond new, processing, completed, cancelled', () => {
    expect(COURIER_STATUSES.map(statusColor)).toEqual(COURIER_STATUSES.map(() => 'gray'));
    expect(statusColor('storno')).toBe('gray');
  });
});
