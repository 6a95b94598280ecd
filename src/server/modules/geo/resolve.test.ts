import { describe, expect, it } from 'vitest';
import { geoData, resolveAddressText, type TextAddress } from './index.js';

// The shipped data (Infocod ≈2013, SIRUTA 2025): ids are SIRUTA codes, streets the converter's.
const geo = geoData();
const CLUJ = 12;
const CLUJ_NAPOCA = 54984;
const BUCHAREST_COUNTY = 40;
const BUCHAREST = 179132;
const ARGES = 3;

const resolve = (county: string, city: string, street: string, number: string, more: Partial<TextAddress> = {}) =>
  resolveAddressText(geo, { county, city, street, number, ...more });

const streetNamed = (locality: number, name: string) => geo.streetsOf(locality).find((s) => s.row[2] === name)!.row[0];

describe('resolveAddressText: a street of a city coded by street, by its number', () => {
  it('Cluj-Napoca, Strada Zorilor: the number decides the code (odd 1-27 and even 2-44 400335, the rest 400351)', () => {
    const zorilor = streetNamed(CLUJ_NAPOCA, 'Strada Zorilor');
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Zorilor', '5')).toEqual({
      status: 'resolved',
      confidence: 'exact',
      problem: null,
      candidates: [],
      county_id: CLUJ,
      city_id: CLUJ_NAPOCA,
      street_id: zorilor,
      postal_code: '400335',
    });
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Zorilor', '44').postal_code).toBe('400335');
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Zorilor', '29').postal_code).toBe('400351');
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Zorilor', '46B').postal_code).toBe('400351');
  });

  it('reads diacritics, case, hyphens, the county code and the words that only say what a place is', () => {
    for (const [county, city, street] of [
      ['cluj', 'cluj napoca', 'str. zorilor'],
      ['CJ', 'CLUJ-NAPOCA', 'STRADA ZORILOR'],
      ['Județul Cluj', 'Municipiul Cluj-Napoca', 'Str Zorilor'],
      ['jud. Cluj', 'mun. Cluj Napoca', 'strada Zorilor'],
    ]) {
      const r = resolve(county, city, street, '5');
      expect(r, `${county} / ${city} / ${street}`).toMatchObject({
        status: 'resolved',
        confidence: 'exact',
        postal_code: '400335',
      });
    }
  });

  it('a street without its type, or in another word order and without its title, is found but loosely', () => {
    expect(resolve('Cluj', 'Cluj-Napoca', 'Zorilor', '5')).toMatchObject({
      status: 'resolved',
      confidence: 'loose',
      postal_code: '400335',
    });
    // Poșta Română writes "Strada Mincu Ion, arh."; a person writes "Str. Arh. Ion Mincu".
    const mincu = resolve('București', 'București', 'Str. Arh. Ion Mincu', '21');
    expect(mincu).toMatchObject({ status: 'resolved', confidence: 'loose', postal_code: '011357' });
    expect(mincu.street_id).toBe(streetNamed(BUCHAREST, 'Strada Mincu Ion, arh.'));
    expect(resolve('Timiș', 'Timișoara', 'Bd. Take Ionescu', '1').postal_code).toBe('300062');
    expect(resolve('Timis', 'Timisoara', 'B-dul Ionescu Take', '77').postal_code).toBe('300124');
  });

  it('a number written with the street (`nr. 5`), with a letter or a flat, is read by its number', () => {
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Zorilor nr. 5, bl. A, ap. 3', '').postal_code).toBe('400335');
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Zorilor', 'nr. 31A').postal_code).toBe('400351');
  });

  it('a street with one code needs no number; one with several does (missing), a number beyond its ranges has none', () => {
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Memorandumului', '').postal_code).toBe('400114');
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Zorilor', '')).toMatchObject({
      status: 'unresolved',
      problem: { part: 'number', reason: 'missing' },
      street_id: streetNamed(CLUJ_NAPOCA, 'Strada Zorilor'),
      postal_code: null,
    });
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Zorilor', 'fără număr')).toMatchObject({
      status: 'unresolved',
      problem: { part: 'number', reason: 'no_code' },
      postal_code: null,
    });
  });
});

describe('resolveAddressText: Bucharest, one city whose postal codes tell the sector', () => {
  it('`Sector 1`, `București` or `București, Sector 1` as the city, or the sector as the county', () => {
    for (const [county, city] of [
      ['București', 'Sector 1'],
      ['Bucuresti', 'Bucuresti'],
      ['Municipiul București', 'București, Sectorul 1'],
      ['B', 'sector 1'],
      ['Sector 1', 'București'],
    ]) {
      expect(resolve(county, city, 'Strada Popa Savu', '10'), `${county} / ${city}`).toMatchObject({
        status: 'resolved',
        county_id: BUCHAREST_COUNTY,
        city_id: BUCHAREST,
        postal_code: '011433',
      });
    }
    expect(resolve('București', 'Sector 1', 'Strada Porumbaru Emanoil', '71').postal_code).toBe('011424');
  });

  it('a street across sectors: the number gives the sector; a sector written that disagrees leaves the code empty', () => {
    expect(resolve('București', 'Sector 1', 'Strada Eminescu Mihai', '5').postal_code).toBe('010511');
    expect(resolve('București', 'Sector 2', 'Strada Eminescu Mihai', '183').postal_code).toBe('020078');
    expect(resolve('București', 'București', 'Strada Eminescu Mihai', '183').postal_code).toBe('020078');
    expect(resolve('București', 'Sector 2', 'Strada Eminescu Mihai', '5')).toMatchObject({
      status: 'unresolved',
      problem: { part: 'city', reason: 'sector_mismatch' },
      postal_code: null,
    });
  });

  it('two streets of one name (Strada and Intrarea Eminescu Mihai) are ambiguous, listed with their codes', () => {
    const r = resolve('București', 'Sector 2', 'Mihai Eminescu', '50');
    expect(r).toMatchObject({
      status: 'ambiguous',
      problem: { part: 'street', reason: 'ambiguous' },
      city_id: BUCHAREST,
      street_id: null,
      postal_code: null,
    });
    expect(r.candidates).toEqual([
      { id: streetNamed(BUCHAREST, 'Intrarea Eminescu Mihai'), name: 'Intrarea Eminescu Mihai', postal_code: '020079' },
      { id: streetNamed(BUCHAREST, 'Strada Eminescu Mihai'), name: 'Strada Eminescu Mihai', postal_code: '010517' },
    ]);
    // The type written tells them apart.
    expect(resolve('București', 'Sector 2', 'Intrarea Mihai Eminescu', '50').postal_code).toBe('020079');
  });

  it('streets of one name whose codes agree give the code, not the street', () => {
    // Pitești: Strada and Intrarea Eminescu Mihai are both 110135.
    const r = resolve('Argeș', 'Pitești', 'Eminescu Mihai', '3');
    expect(r).toMatchObject({ status: 'ambiguous', street_id: null, postal_code: '110135', confidence: 'loose' });
    expect(r.candidates.map((c) => c.name).sort()).toEqual(['Intrarea Eminescu Mihai', 'Strada Eminescu Mihai']);
  });
});

describe('resolveAddressText: localities with one postal code, villages', () => {
  it('a town or village with one code: the code whatever the street (Dej 405200, Voluntari 077190)', () => {
    expect(resolve('Cluj', 'Dej', 'Strada Republicii', '3')).toMatchObject({
      status: 'resolved',
      street_id: null,
      postal_code: '405200',
    });
    expect(resolve('Ilfov', 'Voluntari', 'Strada Oricare', '')).toMatchObject({
      status: 'resolved',
      postal_code: '077190',
    });
    expect(resolve('Mureș', 'Tg. Mureș', 'Strada Gheorghe Doja', '10')).toMatchObject({ status: 'resolved' });
  });

  it('villages of one name are ambiguous unless the commune is written (Lăzărești of Schitu Golești 117653)', () => {
    const r = resolve('Argeș', 'Lăzărești', '', '1');
    expect(r).toMatchObject({ status: 'ambiguous', problem: { part: 'city', reason: 'ambiguous' }, postal_code: null });
    expect(r.county_id).toBe(ARGES);
    expect(r.city_id).toBeNull();
    expect(r.candidates.map((c) => c.commune).sort()).toEqual(['Moșoaia', 'Schitu Golești']);
    for (const city of [
      'Lăzărești (Schitu Golești)',
      'Lazaresti, comuna Schitu Golesti',
      'Lăzărești, com. Schitu Golești',
    ])
      expect(resolve('Argeș', city, '', '1'), city).toMatchObject({ status: 'resolved', postal_code: '117653' });
    expect(resolve('Argeș', 'Lăzărești (Pitești)', '', '1')).toMatchObject({ status: 'unresolved', postal_code: null });
  });

  it('a town before the villages of its name, as the AWB form does, said to be loose (Argeș, Popești 117590)', () => {
    expect(resolve('Argeș', 'Popești', '', '')).toMatchObject({
      status: 'resolved',
      confidence: 'loose',
      postal_code: '117590',
    });
  });
});

describe('resolveAddressText: never a guess', () => {
  it('an unknown county, city or street, or a missing one, is unresolved with what was found kept', () => {
    expect(resolve('Atlantida', 'Cluj-Napoca', 'Strada Zorilor', '5')).toMatchObject({
      status: 'unresolved',
      problem: { part: 'county', reason: 'unknown' },
      county_id: null,
      postal_code: null,
    });
    expect(resolve('', 'Cluj-Napoca', 'Strada Zorilor', '5').problem).toEqual({ part: 'county', reason: 'missing' });
    expect(resolve('Cluj', 'Napoca Nouă', 'Strada Zorilor', '5')).toMatchObject({
      problem: { part: 'city', reason: 'unknown' },
      county_id: CLUJ,
      city_id: null,
      postal_code: null,
    });
    // Cluj-Napoca is in Cluj, not in Sibiu.
    expect(resolve('Sibiu', 'Cluj-Napoca', 'Strada Zorilor', '5').problem).toEqual({ part: 'city', reason: 'unknown' });
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada Inexistentă', '5')).toMatchObject({
      problem: { part: 'street', reason: 'unknown' },
      city_id: CLUJ_NAPOCA,
      street_id: null,
      postal_code: null,
    });
    expect(resolve('Cluj', 'Cluj-Napoca', '', '5').problem).toEqual({ part: 'street', reason: 'missing' });
    // Part of a name is not the name: "Eminescu" alone is no street of Cluj-Napoca.
    expect(resolve('Cluj', 'Cluj-Napoca', 'Eminescu', '5').postal_code).toBeNull();
  });

  it('ids already known are taken as they are; an id of another place is unknown', () => {
    const zorilor = streetNamed(CLUJ_NAPOCA, 'Strada Zorilor');
    expect(
      resolveAddressText(geo, { county_id: CLUJ, city_id: CLUJ_NAPOCA, street_id: zorilor, number: '30' }),
    ).toMatchObject({ status: 'resolved', street_id: zorilor, postal_code: '400335' });
    expect(resolve('Cluj', 'x', 'y', '30', { city_id: CLUJ_NAPOCA, street_id: zorilor }).postal_code).toBe('400335');
    expect(resolve('Sibiu', '', '', '', { city_id: CLUJ_NAPOCA }).problem).toEqual({ part: 'city', reason: 'unknown' });
    expect(
      resolve('Cluj', 'Cluj-Napoca', '', '5', { street_id: streetNamed(BUCHAREST, 'Strada Popa Savu') }).problem,
    ).toEqual({ part: 'street', reason: 'unknown' });
    expect(resolve('', '', '', '', { county_id: 999 }).problem).toEqual({ part: 'county', reason: 'unknown' });
  });
});

describe('resolveAddressText: the forms a shop checkout writes', () => {
  it('reads a Bucharest sector however it is written, in the city or the county', () => {
    for (const [county, city] of [
      ['București', 'Sectorul 3'],
      ['Bucuresti', 'București S3'],
      ['Municipiul București', 'București, Sectorul 3'],
      ['Sectorul 3', 'București'],
      ['B', 'sector 3'],
    ])
      expect(resolve(county, city, 'Bd. Unirii', '50'), `${county} / ${city}`).toMatchObject({
        status: 'resolved',
        county_id: BUCHAREST_COUNTY,
        city_id: BUCHAREST,
        postal_code: '030833',
      });
    // Bulevardul Unirii 50 is in sector 3: a sector 1 written with it is not taken on trust.
    expect(resolve('București', 'Sector 1', 'Bd. Unirii', '50').problem).toEqual({
      part: 'city',
      reason: 'sector_mismatch',
    });
  });

  it("reads a street's type however it is written: Str./Strada, Bd./Bulevardul/B-dul, Aleea/Al., Calea/Cal., Șos./Șoseaua", () => {
    for (const [county, city, number, code, ways] of [
      ['Cluj', 'Cluj-Napoca', '5', '400335', ['Str. Zorilor', 'Strada Zorilor', 'Str Zorilor', 'strada zorilor']],
      ['București', 'Sector 3', '50', '030833', ['Bd. Unirii', 'Bulevardul Unirii', 'B-dul Unirii', 'Bdul. Unirii']],
      ['Hunedoara', 'Deva', '38', '330073', ['Aleea Constructorilor', 'Al. Constructorilor', 'aleea constructorilor']],
      ['Cluj', 'Cluj-Napoca', '14', '400121', ['Calea Dorobanților', 'Cal. Dorobanților', 'Calea Dorobantilor']],
      ['București', 'Sector 1', '120', '010093', ['Calea Victoriei', 'Cal. Victoriei']],
      [
        'București',
        'Sector 2',
        '100',
        '021332',
        ['Șoseaua Mihai Bravu', 'Șos. Mihai Bravu', 'Sos. Mihai Bravu', 'Șos Mihai Bravu'],
      ],
    ] as const) {
      const streets = new Set<number | null>();
      for (const street of ways) {
        const r = resolve(county, city, street, number);
        expect(r, `${city} / ${street} ${number}`).toMatchObject({ status: 'resolved', postal_code: code });
        streets.add(r.street_id);
      }
      // Every way of writing it is the one street of the data.
      expect(streets.size, ways[0]).toBe(1);
    }
  });

  it('reads "Mun." / "Municipiul" before a city and "Sat" / "Comuna" around a village, in either order', () => {
    expect(resolve('Cluj', 'Mun. Cluj-Napoca', 'Str. Zorilor', '5').postal_code).toBe('400335');
    expect(resolve('Argeș', 'Sat Burnești', '', '').postal_code).toBe('117651');
    expect(resolve('Argeș', 'Sat Lăzărești, Comuna Schitu Golești', '', '').postal_code).toBe('117653');
    expect(resolve('Jud. Argeș', 'Com. Schitu Golești, Sat Lăzărești', '', '').postal_code).toBe('117653');
    // Two villages of the name and no commune: a person chooses.
    expect(resolve('Argeș', 'Sat Lăzărești', '', '')).toMatchObject({ status: 'ambiguous', postal_code: null });
  });

  it('reads a number with a letter or "bis", and one typed after the street instead of in its field', () => {
    for (const number of ['12A', '12 bis', '12Bis', 'Nr. 12A', '12/A'])
      expect(resolve('Cluj', 'Cluj-Napoca', 'Str. Zorilor', number).postal_code, number).toBe('400335');
    for (const street of ['Str. Zorilor 5', 'Str. Zorilor, 5', 'Strada Zorilor nr. 5'])
      expect(resolve('Cluj', 'Cluj-Napoca', street, '').postal_code, street).toBe('400335');
    // A number that is part of a street's name stays in it.
    expect(resolve('Cluj', 'Cluj-Napoca', 'Strada 1 Decembrie 1918', '3').status).not.toBe('unresolved');
  });

  it('reads a name the data writes with "jr." as people write it, without the title', () => {
    expect(resolve('București', 'Sectorul 1', 'str. Axinte Uricariul', '29')).toMatchObject({
      status: 'resolved',
      postal_code: '011603',
    });
  });
});
