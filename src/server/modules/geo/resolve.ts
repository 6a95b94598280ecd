import type { GeoCounty, GeoLocality, GeoStreet } from '../../../core/api/geo.js';
import { needsNumber, postalCodeFor } from '../../../core/geo/postalCode.js';
import { foldForSearch } from '../../../core/geo/text.js';
import { toStreet, type GeoData, type StreetTuple } from './data.js';

/**
 * An address written as text (an order's county, city, street and number, as a shop or a person
 * types them) read against the shipped address data: the county, locality and street it names, and
 * the postal code the postal-code rule gives for its number.
 *
 * Names are compared without diacritics, case, punctuation or the difference between a hyphen and a
 * space (`Cluj Napoca` is Cluj-Napoca), with the usual abbreviations of a street's type (`Str.`,
 * `Bd.`, `B-dul`, `Șos.`) and of a town (`Tg.` Târgu, `Rm.` Râmnicu) and the words that only say
 * what a place is (`Județul`, `Municipiul`, `Comuna`). Failing that, a street is also found by its
 * words in any order and without its titles (`Str. Arh. Ion Mincu` is Strada Mincu Ion, arh.).
 * Bucharest is one locality of the data: `Sector 3` or `București, Sector 3` name it, and the
 * sector must agree with the postal code's (its first two digits).
 *
 * It never guesses: a name that several places share (villages of one name, Strada and Aleea
 * Zorilor) is `ambiguous` and lists them; a name no place has is `unresolved`. The postal code is
 * given only when it is certain: one place found (or several whose codes for the number agree),
 * and a number the rule places in one range. A town is taken before villages of its name, as the
 * AWB form and the AWB checks do (a village is written with its commune: `Lăzărești (Schitu
 * Golești)`); the answer then says its confidence is `loose`.
 */

export type AddressPart = 'county' | 'city' | 'street' | 'number';

/** An address as text, with the data's ids of the parts already known (a picker's), which are taken as they are. */
export interface TextAddress {
  county?: string | null;
  city?: string | null;
  street?: string | null;
  number?: string | null;
  county_id?: number | null;
  city_id?: number | null;
  street_id?: number | null;
}

/** A place a name could mean, for a person (or the next step) to choose from. */
export interface AddressCandidate {
  id: number;
  name: string;
  /** A village's commune. */
  commune?: string | null;
  /** The place's postal code (a street's: for the number given), when the rule gives one. */
  postal_code: string | null;
}

export interface AddressResolution {
  /**
   * `resolved`: every part named one place and the postal code is known; `ambiguous`: a part names
   * several places (`candidates`); `unresolved`: a part is missing, names no place, or the rule
   * gives no postal code for it (`problem` says which and why).
   */
  status: 'resolved' | 'ambiguous' | 'unresolved';
  /**
   * `exact`: each name is the data's as the data writes it (diacritics, case, punctuation, the usual
   * abbreviations and the words that only say what a place is aside); `loose`: a street matched only
   * with its words in another order, without its titles or with another type or none, or a town was
   * taken before the villages of its name.
   */
  confidence: 'exact' | 'loose';
  /** The first part that kept the address from being resolved, and why (null when resolved). */
  problem: { part: AddressPart; reason: 'missing' | 'unknown' | 'ambiguous' | 'no_code' | 'sector_mismatch' } | null;
  /** The places an ambiguous part could mean (at most MAX_CANDIDATES); empty otherwise. */
  candidates: AddressCandidate[];
  county_id: number | null;
  city_id: number | null;
  /** Null where the locality has one postal code (no streets in the data). */
  street_id: number | null;
  /** Six digits, or null when it is not certain. */
  postal_code: string | null;
}

export const MAX_CANDIDATES = 20;

// ---- names as words ---------------------------------------------------------------------------

/** Abbreviations written with a hyphen inside the word (folded): read whole, before hyphens become spaces. */
const HYPHENATED: [RegExp, string][] = [
  [/\bb-?dul\b/g, 'bulevardul'],
  [/\bbd-ul\b/g, 'bulevardul'],
  [/\bp-ta\b/g, 'piata'],
  [/\bg-ral\b/g, 'general'],
  [/\bstr-la\b/g, 'stradela'],
  [/\bsos-ua\b/g, 'soseaua'],
];

/** The words of a name, folded: diacritics, case and punctuation dropped, a hyphen read as a space. */
function wordsOf(text: string): string[] {
  let folded = foldForSearch(text);
  for (const [pattern, whole] of HYPHENATED) folded = folded.replace(pattern, whole);
  return folded
    .replace(/[.,;:()[\]"„”“'’`!?/\\_-]/g, ' ')
    .split(' ')
    .filter(Boolean);
}

const keyOf = (text: string) => wordsOf(text).join(' ');

/** The written forms of a street's type (folded), each to the type's word in the data. */
const STREET_TYPES: Record<string, string> = {
  str: 'strada',
  strada: 'strada',
  bd: 'bulevardul',
  bdul: 'bulevardul',
  blvd: 'bulevardul',
  bld: 'bulevardul',
  bulevard: 'bulevardul',
  bulevardul: 'bulevardul',
  al: 'aleea',
  alee: 'aleea',
  aleea: 'aleea',
  int: 'intrarea',
  intr: 'intrarea',
  intrare: 'intrarea',
  intrarea: 'intrarea',
  pta: 'piata',
  piata: 'piata',
  cal: 'calea',
  cale: 'calea',
  calea: 'calea',
  sos: 'soseaua',
  sosea: 'soseaua',
  soseaua: 'soseaua',
  spl: 'splaiul',
  splai: 'splaiul',
  splaiul: 'splaiul',
  drum: 'drumul',
  drumul: 'drumul',
  fdt: 'fundatura',
  fundatura: 'fundatura',
  prel: 'prelungirea',
  prelungire: 'prelungirea',
  prelungirea: 'prelungirea',
  pasaj: 'pasajul',
  pasajul: 'pasajul',
  fundac: 'fundacul',
  fundacul: 'fundacul',
  parc: 'parcul',
  parcul: 'parcul',
  cartier: 'cartierul',
  cartierul: 'cartierul',
};

/**
 * Words that only give a person's title in a street's name (`Mincu Ion, arh.`, `Kiseleff Pavel
 * Dimitrievici, g-ral.`), left out when a street is matched by its words in any order.
 */
const TITLES = new Set(
  (
    'doctor dr general gen gral sold soldat pictor serg sergent martir profesor prof poet slt sublocotenent lt ' +
    'locotenent capitan cap cpt erou eroul ing inginer maior mr episcop colonel col mitropolit maresal scriitor ' +
    'arhitect arh av aviator comp compozitor cronicar academician acad preot actor frt fruntas plt plutonier maj ' +
    'major protopop ziarist spatar spatarul cardinal sculptor caporal medic regizor fizician amiral elev stolnic ' +
    'cercetas avocat sld doc jr junior sr'
  ).split(' '),
);

/** Words that say what a county or a locality is, not which (read only when the name as written matches nothing). */
const COUNTY_WORDS = new Set(['judetul', 'judet', 'jud', 'municipiul', 'mun']);
const LOCALITY_WORDS = new Set([
  'municipiul',
  'mun',
  'orasul',
  'oras',
  'comuna',
  'com',
  'satul',
  'sat',
  'localitatea',
  'loc',
]);
/** Words that open a commune's name (`Comuna Schitu Golești, sat Lăzărești`). */
const COMMUNE_WORDS = new Set(['comuna', 'com']);
/** Short forms of the first word of a town's name. */
const TOWN_ABBREVIATIONS: Record<string, string> = { tg: 'targu', rm: 'ramnicu' };
/** Words after which a typed street goes on with its number or flat (`Strada Zorilor nr. 5, bl. A`). */
const AFTER_STREET = new Set(['nr', 'numar', 'numarul', 'bl', 'bloc', 'sc', 'scara', 'ap', 'apartament', 'et', 'etaj']);

const withoutLeading = (words: string[], drop: Set<string>): string[] => {
  let i = 0;
  while (i < words.length - 1 && drop.has(words[i])) i++;
  return words.slice(i);
};

// ---- the data's names, indexed on first use ---------------------------------------------------

interface StreetIndex {
  /** By type and own name: `strada zorilor`. */
  full: Map<string, StreetTuple[]>;
  /** By own name without its type: `zorilor`. */
  own: Map<string, StreetTuple[]>;
  /** By own words without titles, sorted: `ion mincu`. */
  bag: Map<string, StreetTuple[]>;
  /** The type of each street (its first word, folded). */
  typeOf: Map<number, string>;
  /** The types the locality's streets have. */
  types: Set<string>;
}

interface Indexes {
  localities: Map<number, Map<string, GeoLocality[]>>;
  streets: Map<number, StreetIndex>;
}

const indexes = new WeakMap<GeoData, Indexes>();

function indexesOf(geo: GeoData): Indexes {
  let found = indexes.get(geo);
  if (!found) indexes.set(geo, (found = { localities: new Map(), streets: new Map() }));
  return found;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

const bagKey = (words: string[]) =>
  words
    .filter((w) => !TITLES.has(w))
    .sort()
    .join(' ');

function localitiesByName(geo: GeoData, countyId: number): Map<string, GeoLocality[]> {
  const all = indexesOf(geo).localities;
  let byName = all.get(countyId);
  if (!byName) {
    byName = new Map();
    for (const { row } of geo.localitiesOf(countyId)) push(byName, keyOf(row.name), row);
    all.set(countyId, byName);
  }
  return byName;
}

function streetIndex(geo: GeoData, localityId: number): StreetIndex {
  const idx = indexesOf(geo);
  let found = idx.streets.get(localityId);
  if (!found) {
    found = { full: new Map(), own: new Map(), bag: new Map(), typeOf: new Map(), types: new Set() };
    for (const { row } of geo.streetsOf(localityId)) {
      const [type, ...own] = wordsOf(row[2]);
      found.types.add(type);
      found.typeOf.set(row[0], type);
      push(found.full, [type, ...own].join(' '), row);
      push(found.own, own.join(' '), row);
      push(found.bag, bagKey(own), row);
    }
    idx.streets.set(localityId, found);
  }
  return found;
}

// ---- the parts ----------------------------------------------------------------------------------

type Found<T> =
  | { kind: 'one'; row: T; loose: boolean }
  | { kind: 'several'; rows: T[] }
  | { kind: 'none'; reason: 'missing' | 'unknown' };

/** A county's name or code is one county or none. */
type FoundCounty = Exclude<Found<GeoCounty>, { kind: 'several' }>;

function findCounty(geo: GeoData, input: TextAddress): { found: FoundCounty; sector: number | null } {
  if (input.county_id) {
    const county = geo.county(input.county_id);
    return {
      found: county ? { kind: 'one', row: county, loose: false } : { kind: 'none', reason: 'unknown' },
      sector: null,
    };
  }
  const words = wordsOf(input.county ?? '');
  if (!words.length) return { found: { kind: 'none', reason: 'missing' }, sector: null };
  const { words: rest, sector } = withoutSector(words);
  const match = (w: string[]) => {
    const key = w.join(' ');
    return geo.counties.find((c) => keyOf(c.name) === key || c.code.toLowerCase() === key);
  };
  // `Sector 3` written as the county is Bucharest.
  const county =
    rest.length === 0 && sector !== null
      ? geo.counties.find((c) => c.code === 'B')
      : (match(rest) ?? match(withoutLeading(rest, COUNTY_WORDS)));
  return { found: county ? { kind: 'one', row: county, loose: false } : { kind: 'none', reason: 'unknown' }, sector };
}

/** `Sector 3`, `sectorul 3`, `S3` taken out of Bucharest's name, with the sector's number. */
function withoutSector(words: string[]): { words: string[]; sector: number | null } {
  const out: string[] = [];
  let sector: number | null = null;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if ((w === 'sector' || w === 'sectorul') && /^[1-6]$/.test(words[i + 1] ?? '')) {
      sector = Number(words[++i]);
    } else if (/^(sector|sectorul|s)[1-6]$/.test(w)) {
      sector = Number(w.slice(-1));
    } else out.push(w);
  }
  return { words: out, sector };
}

function findLocality(
  geo: GeoData,
  county: GeoCounty,
  input: TextAddress,
  sectorOfCounty: number | null,
): { found: Found<GeoLocality>; sector: number | null } {
  if (input.city_id) {
    const locality = geo.locality(input.city_id);
    // Another county's locality is as unknown as a made-up id.
    const ok = locality && locality.county_id === county.id;
    return {
      found: ok ? { kind: 'one', row: locality, loose: false } : { kind: 'none', reason: 'unknown' },
      sector: sectorOfCounty,
    };
  }
  const text = (input.city ?? '').trim();
  if (!text) return { found: { kind: 'none', reason: 'missing' }, sector: sectorOfCounty };
  const byName = localitiesByName(geo, county.id);

  if (county.code === 'B') {
    // Bucharest is one locality: its sector (the city, or the county, written `Sector 3`) is checked against the code.
    const { words, sector } = withoutSector(wordsOf(text));
    const name = withoutLeading(words, LOCALITY_WORDS).join(' ');
    const bucharest = byName.get(keyOf(county.name));
    if (bucharest?.length === 1 && (name === '' || name === keyOf(county.name)))
      return { found: { kind: 'one', row: bucharest[0], loose: false }, sector: sector ?? sectorOfCounty };
  }

  // `Lăzărești (Schitu Golești)` or `Lăzărești, comuna Schitu Golești`: a village and its commune.
  const parts = /^([^(,]+)[(,](.+?)\)?$/.exec(text);
  // `Comuna Schitu Golești, sat Lăzărești`: the commune written first, the village after it.
  const communeFirst = parts ? COMMUNE_WORDS.has(wordsOf(parts[1])[0] ?? '') : false;
  const village = parts ? (communeFirst ? parts[2] : parts[1]) : '';
  const commune = parts ? withoutLeading(wordsOf(communeFirst ? parts[1] : parts[2]), LOCALITY_WORDS).join(' ') : '';
  // The name as written, then without `Comuna`, `Municipiul`..., then with `Tg.` / `Rm.` read whole;
  // the same for the village's own name when a commune goes with it.
  const tries: { words: string[]; inCommune: boolean }[] = [];
  for (const [name, inCommune] of [
    [wordsOf(text), false],
    ...(parts ? [[wordsOf(village), true] as const] : []),
  ] as const) {
    const plain = withoutLeading(name, LOCALITY_WORDS);
    for (const words of [name, plain, plain.map((w, i) => (i === 0 ? (TOWN_ABBREVIATIONS[w] ?? w) : w))])
      tries.push({ words, inCommune });
  }
  for (const attempt of tries) {
    let rows = byName.get(attempt.words.join(' ')) ?? [];
    if (attempt.inCommune && commune) {
      // A village's commune is its own name for the commune's seat (no commune in the data).
      rows = rows.filter((l) => keyOf(l.commune ?? l.name) === commune);
    }
    if (!rows.length) continue;
    if (rows.length === 1) return { found: { kind: 'one', row: rows[0], loose: false }, sector: null };
    // A town before the villages of its name (the AWB form's rule): said to be loose.
    const towns = rows.filter((l) => l.commune === null);
    if (towns.length === 1) return { found: { kind: 'one', row: towns[0], loose: true }, sector: null };
    return { found: { kind: 'several', rows }, sector: null };
  }
  return { found: { kind: 'none', reason: 'unknown' }, sector: null };
}

/** The typed street without what follows it (`nr. 5, bl. A`), and the number found there. */
function splitStreet(words: string[]): { street: string[]; number: string | null } {
  const at = words.findIndex((w, i) => i > 0 && AFTER_STREET.has(w));
  if (at < 0) return { street: words, number: null };
  const after = words.slice(at);
  const number = after[0].startsWith('n') && after[1] ? after[1] : null;
  return { street: words.slice(0, at), number };
}

function findStreet(geo: GeoData, locality: GeoLocality, input: TextAddress): Found<GeoStreet> {
  if (input.street_id) {
    const street = geo.street(input.street_id);
    // Another locality's street is as unknown as a made-up id.
    if (!street || street.locality_id !== locality.id) return { kind: 'none', reason: 'unknown' };
    return { kind: 'one', row: street, loose: false };
  }
  const words = splitStreet(wordsOf(input.street ?? '')).street;
  if (!words.length) return { kind: 'none', reason: 'missing' };
  const idx = streetIndex(geo, locality.id);
  // The first word (or two: `b dul`, `p ta`) read as the street's type when it is one.
  const one = STREET_TYPES[words[0]] ?? (idx.types.has(words[0]) ? words[0] : undefined);
  const two = !one && words.length > 2 ? STREET_TYPES[words[0] + words[1]] : undefined;
  const type = words.length > 1 ? (one ?? two) : undefined;
  const own = type ? words.slice(two ? 2 : 1) : words;
  const ofType = (rows: StreetTuple[]) => rows.filter((r) => idx.typeOf.get(r[0]) === type);

  if (type) {
    // Names are unique within a locality: one street at most.
    const exact = idx.full.get([type, ...own].join(' '));
    if (exact?.length === 1) return { kind: 'one', row: toStreet(exact[0]), loose: false };
  }
  // Then by its own name whatever its type, then by its words in any order without titles (the
  // typed first word counted in too, in case it was part of the name and not a type).
  for (const [map, key] of [
    [idx.own, own.join(' ')],
    [idx.bag, bagKey(own)],
    [idx.bag, bagKey(words)],
  ] as const) {
    const rows = key ? map.get(key) : undefined;
    if (!rows?.length) continue;
    const typed = type ? ofType(rows) : [];
    const pool = (typed.length ? typed : rows).map(toStreet);
    return pool.length === 1 ? { kind: 'one', row: pool[0], loose: true } : { kind: 'several', rows: pool };
  }
  return { kind: 'none', reason: 'unknown' };
}

// ---- the whole ----------------------------------------------------------------------------------

/** The street's code for the number, and why there is none. */
function codeOf(street: GeoStreet, number: string | null): { code: string | null; reason: 'missing' | 'no_code' } {
  const code = postalCodeFor(street, number);
  return { code, reason: !number && needsNumber(street) ? 'missing' : 'no_code' };
}

/** The sector of a Bucharest postal code (its first two digits, 01…06). */
const sectorOfCode = (code: string) => Number(code.slice(0, 2));

/**
 * Resolves an address written as text to the address data's county, locality and street and the
 * postal code of its number (see the top of this file for how names are read). The order intake
 * and a new order without a postal code use it; what it cannot resolve for certain stays empty.
 */
export function resolveAddressText(geo: GeoData, input: TextAddress): AddressResolution {
  const result: AddressResolution = {
    status: 'unresolved',
    confidence: 'exact',
    problem: null,
    candidates: [],
    county_id: null,
    city_id: null,
    street_id: null,
    postal_code: null,
  };
  const stop = (
    part: AddressPart,
    reason: NonNullable<AddressResolution['problem']>['reason'],
    candidates: AddressCandidate[] = [],
  ): AddressResolution => ({
    ...result,
    status: reason === 'ambiguous' ? 'ambiguous' : 'unresolved',
    problem: { part, reason },
    candidates: candidates.slice(0, MAX_CANDIDATES),
  });

  const county = findCounty(geo, input);
  if (county.found.kind === 'none') return stop('county', county.found.reason);
  result.county_id = county.found.row.id;

  const locality = findLocality(geo, county.found.row, input, county.sector);
  if (locality.found.kind === 'several')
    return stop(
      'city',
      'ambiguous',
      locality.found.rows.map((l) => ({ id: l.id, name: l.name, commune: l.commune, postal_code: l.postal_code })),
    );
  if (locality.found.kind === 'none') return stop('city', locality.found.reason);
  const city = locality.found.row;
  result.city_id = city.id;
  if (locality.found.loose) result.confidence = 'loose';

  if (!geo.isCodedByStreet(city.id)) {
    // One postal code for the whole locality: the street does not change it.
    if (!city.postal_code) return stop('city', 'no_code');
    return { ...result, status: 'resolved', postal_code: city.postal_code };
  }

  const typedNumber = (input.number ?? '').trim() || splitStreet(wordsOf(input.street ?? '')).number;
  let number = typedNumber || null;
  const sector = county.found.row.code === 'B' ? locality.sector : null;
  const inSector = (code: string | null) => sector === null || code === null || sectorOfCode(code) === sector;

  let street = findStreet(geo, city, input);
  if (street.kind === 'none' && street.reason === 'unknown') {
    // `Str. Zorilor 5`: the number typed after the street's name. Only when the name as written is
    // no street, since numbers are part of some names (Strada 1 Decembrie 1918).
    const trail = /^(.*?\D)[\s,]+(?:nr\.?\s*)?(\d{1,5}\s*[a-zA-Z]?(?:\s*bis)?)\s*$/i.exec(input.street ?? '');
    const again = trail ? findStreet(geo, city, { ...input, street: trail[1] }) : null;
    if (trail && again && again.kind !== 'none') {
      street = again;
      number = number ?? trail[2];
    }
  }
  if (street.kind === 'none') return stop('street', street.reason);
  if (street.kind === 'several') {
    const candidates = street.rows.map((s) => ({ id: s.id, name: s.name, postal_code: postalCodeFor(s, number) }));
    // Several streets whose codes for the number agree (and agree with the sector written): the
    // code is certain though the street is not. A sector is not used to pick one of the streets:
    // Strada and Intrarea Eminescu Mihai in two sectors are two streets, and which one is meant
    // is not the sector's to say (it may be the one written wrong).
    const codes = new Set(candidates.map((c) => c.postal_code));
    const agreed = codes.size === 1 ? [...codes][0] : null;
    return {
      ...stop('street', 'ambiguous', candidates),
      confidence: 'loose',
      postal_code: agreed && inSector(agreed) ? agreed : null,
    };
  }
  return finish(result, street.row, number, sector, street.loose);
}

function finish(
  result: AddressResolution,
  street: GeoStreet,
  number: string | null,
  sector: number | null,
  loose: boolean,
): AddressResolution {
  const resolved: AddressResolution = {
    ...result,
    street_id: street.id,
    confidence: loose ? 'loose' : result.confidence,
  };
  const { code, reason } = codeOf(street, number);
  if (!code) return { ...resolved, problem: { part: 'number', reason } };
  if (sector !== null && sectorOfCode(code) !== sector)
    return { ...resolved, problem: { part: 'city', reason: 'sector_mismatch' } };
  return { ...resolved, status: 'resolved', postal_code: code };
}
