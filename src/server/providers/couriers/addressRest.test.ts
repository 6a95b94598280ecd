import { describe, expect, it } from 'vitest';
import { addressLineRest } from './addressRest.js';

describe('the address line without the street and number it begins with', () => {
  it('cuts the street and number, with "nr." between them or not', () => {
    expect(addressLineRest('Strada Fabricii, nr. 7, bl. A, sc. 1, ap. 3', 'Strada Fabricii', '7')).toBe(
      'bl. A, sc. 1, ap. 3',
    );
    expect(addressLineRest('Strada Fabricii 7, bl. A, sc. 1, ap. 3', 'Strada Fabricii', '7')).toBe(
      'bl. A, sc. 1, ap. 3',
    );
    expect(addressLineRest('Strada Fabricii nr.7 bl. A', 'Strada Fabricii', '7')).toBe('bl. A');
    expect(addressLineRest('Strada Fabricii Nr7, et. 2', 'Strada Fabricii', '7')).toBe('et. 2');
    expect(addressLineRest('Strada Fabricii, număr 7 - ap. 3', 'Strada Fabricii', '7')).toBe('ap. 3');
  });

  it('compares without diacritics, case or punctuation, and keeps the rest as typed', () => {
    expect(addressLineRest('str. stefan cel mare nr 12, Bl. C4, ap. 10', 'Str. Ștefan cel Mare', '12')).toBe(
      'Bl. C4, ap. 10',
    );
    expect(addressLineRest('Bulevardul Ştefan cel Mare 12 bl. C4', 'Bulevardul Ștefan cel Mare', '12')).toBe('bl. C4');
    expect(addressLineRest('ALEEA TEIULUI, 5, sc. B, etaj 3', 'Aleea Teiului', '5')).toBe('sc. B, etaj 3');
  });

  it('gives nothing for a line that is only the street and number (or only the street)', () => {
    expect(addressLineRest('Strada Fabricii 7', 'Strada Fabricii', '7')).toBe('');
    expect(addressLineRest('Strada Fabricii, nr. 7.', 'Strada Fabricii', '7')).toBe('');
    expect(addressLineRest('Strada Fabricii', 'Strada Fabricii', undefined)).toBe('');
  });

  it('keeps the whole line when it does not begin with the street', () => {
    expect(addressLineRest('Bl. A, sc. 1, ap. 3, Strada Fabricii 7', 'Strada Fabricii', '7')).toBe(
      'Bl. A, sc. 1, ap. 3, Strada Fabricii 7',
    );
    expect(addressLineRest('Str. Fabricii 7, bl. A', 'Strada Fabricii', '7')).toBe('Str. Fabricii 7, bl. A');
    // A longer street that begins with the same words is another street.
    expect(addressLineRest('Strada Fabricii de Zahăr 7, bl. A', 'Strada Fabricii', '7')).toBe(
      'Strada Fabricii de Zahăr 7, bl. A',
    );
    expect(addressLineRest('bl. A, ap. 4', 'Strada Gării', '3')).toBe('bl. A, ap. 4');
    expect(addressLineRest('Strada Fabricii 7', undefined, '7')).toBe('Strada Fabricii 7');
  });

  it("keeps the whole line when another number follows the street, the customer's beside the AWB's", () => {
    expect(addressLineRest('Strada Fabricii 9, bl. A', 'Strada Fabricii', '7')).toBe('Strada Fabricii 9, bl. A');
    expect(addressLineRest('Strada Fabricii nr. 7A, bl. A', 'Strada Fabricii', '7')).toBe(
      'Strada Fabricii nr. 7A, bl. A',
    );
  });

  it('keeps the whole line when the street is not followed by the number, or the AWB has none', () => {
    expect(addressLineRest('Strada Fabricii, bl. A, ap. 3', 'Strada Fabricii', '7')).toBe(
      'Strada Fabricii, bl. A, ap. 3',
    );
    expect(addressLineRest('Strada Fabricii nr. 7, bl. A', 'Strada Fabricii', undefined)).toBe(
      'Strada Fabricii nr. 7, bl. A',
    );
  });
});
