import { describe, expect, it } from 'vitest';
import { countSms } from './sms.js';
import {
  placeholderValues,
  renderSmsSegments,
  renderSmsText,
  SAMPLE_ORDER,
  SMS_PLACEHOLDER_ALIASES,
  SMS_PLACEHOLDERS,
  trackingUrl,
  unfilledPlaceholders,
  unknownPlaceholders,
} from './smsTemplates.js';

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
    expect(renderSmsText('{order_id}/{order_id} {customer_name} {cod} {total} lei', values)).toBe(
      '42/42 Ștefan Iliescu {cod} 1234.50 lei',
    );
  });

  it('fills the Romanian aliases as their placeholders; every alias names a placeholder', () => {
    expect(
      renderSmsText(
        '{nume}, comanda {comanda} ({nr_comanda}) la {firma}/{companie}, {curier}: {link_urmarire}',
        values,
      ),
    ).toBe(`Ștefan Iliescu, comanda 42 (42) la Magazin Demo SRL/Magazin Demo SRL, Cargus: ${values.tracking_url}`);
    for (const target of Object.values(SMS_PLACEHOLDER_ALIASES)) expect(SMS_PLACEHOLDERS).toContain(target);
  });

  it('reports unknown placeholders once each, as typed, near misses included; {} is text', () => {
    expect(unknownPlaceholders('Buna {nume}, cod {cod}, {Nume} { nume } {cod} {data} {} {order_id}')).toEqual([
      '{cod}',
      '{Nume}',
      '{ nume }',
      '{data}',
    ]);
    expect(unknownPlaceholders('Comanda {comanda}, AWB {awb}: {tracking_url}')).toEqual([]);
    expect(unknownPlaceholders('Fara variabile {}')).toEqual([]);
  });

  it('reports a known placeholder with no value for the order as unfilled, with the unknown ones', () => {
    const noAwb = placeholderValues({ ...SAMPLE_ORDER, awb: null, customerName: '  ' });
    expect(unfilledPlaceholders('{nume}: AWB {awb} ({tracking_url}) {cod} {order_id}', noAwb)).toEqual({
      unknown: ['{cod}'],
      empty: ['{nume}', '{awb}', '{tracking_url}'],
    });
    expect(unfilledPlaceholders('{nume}: AWB {awb}', placeholderValues(SAMPLE_ORDER))).toEqual({
      unknown: [],
      empty: [],
    });
  });

  it('cuts the text into pieces, marking what each placeholder became', () => {
    expect(renderSmsSegments('Salut {nume}, {cod}!', placeholderValues(SAMPLE_ORDER))).toEqual([
      { text: 'Salut ' },
      { text: 'Ioana Popescu', token: '{nume}' },
      { text: ', ' },
      { text: '{cod}', token: '{cod}', unknown: true },
      { text: '!' },
    ]);
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
