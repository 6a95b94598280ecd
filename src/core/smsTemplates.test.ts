import { describe, expect, it } from 'vitest';
import { countSms } from './sms.js';
import { placeholderValues, renderSmsText, SAMPLE_ORDER, SMS_PLACEHOLDERS, trackingUrl } from './smsTemplates.js';

describe('SMS placeholders', () => {
  const values = placeholderValues({
    orderId: 42,
    customerName: ' Ștefan Iliescu ',
    awb: '1151234567',
    courier: 'cargus',
    totalBani: 123450,
    company: 'Magazin Demo SRL',
  });

  it('fills every placeholder: total in lei with two decimals, the courier by name, its tracking page', () => {
    expect(values).toEqual({
      order_id: '42',
      customer_name: 'Ștefan Iliescu',
      awb: '1151234567',
      courier: 'Cargus',
      tracking_url: 'https://www.cargus.ro/personal/urmareste-coletul/?tracking_number=1151234567',
      total: '1234.50',
      company: 'Magazin Demo SRL',
    });
    expect(Object.keys(values).sort()).toEqual([...SMS_PLACEHOLDERS].sort());
  });

  it('replaces each occurrence and keeps an unknown placeholder as typed', () => {
    expect(renderSmsText('{order_id}/{order_id} {customer_name} {nume} {total} lei', values)).toBe(
      '42/42 Ștefan Iliescu {nume} 1234.50 lei',
    );
  });

  it('the counter counts the rendered text: a name with ș makes a GSM template Unicode', () => {
    const text = 'Salut {customer_name}, comanda {order_id} a plecat.';
    expect(countSms(text).encoding).toBe('GSM-7');
    expect(countSms(renderSmsText(text, values)).encoding).toBe('UCS-2');
  });

  it('has no tracking page without an AWB or for an unknown courier; the sample renders', () => {
    expect(trackingUrl(null, '1')).toBe('');
    expect(trackingUrl('dpd', null)).toBe('');
    expect(trackingUrl('posta', '1')).toBe('');
    expect(trackingUrl('sameday', '1ONB 2')).toBe('https://sameday.ro/#awb=1ONB%202');
    expect(renderSmsText('{company} {courier}', placeholderValues(SAMPLE_ORDER))).toBe('Magazin Demo SRL Cargus');
  });
});
