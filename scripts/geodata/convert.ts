/**
 * The converter behind `npm run geodata:build`: raw SIRUTA and Poșta Română files in, the compact
 * GeoDataFile out. Pure functions on the files' text, so the tests run them on small samples.
 */
import type { FileBlocks, FileRange, GeoDataFile } from '../../src/core/geo/dataFile.js';
import { PARITY_TO_FILE } from '../../src/core/geo/dataFile.js';
import { parseNumberField } from '../../src/core/geo/numberRanges.js';
import { foldForSearch, titleCaseRo, toCommaBelow } from '../../src/core/geo/text.js';

export interface SirutaRow {
  siruta: number;
  name: string;
  postalCode: number;
  county: number;
  parent: number;
  type: number;
  level: number;
}

/** `siruta.csv`: `SIRUTA;DENLOC;CODP;JUD;SIRSUP;TIP;NIV;...` */
export function parseSiruta(text: string): SirutaRow[] {
  const [header, ...lines] = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  const cols = header.split(';');
  const at = (name: string) => {
    const i = cols.indexOf(name);
    if (i < 0) throw new Error(`siruta.csv: column ${name} is missing`);
    return i;
  };
  const [iId, iName, iCode, iJud, iSup, iTip, iNiv] = ['SIRUTA', 'DENLOC', 'CODP', 'JUD', 'SIRSUP', 'TIP', 'NIV'].map(
    at,
  );
  return lines.map((line) => {
    const f = line.split(';');
    return {
      siruta: Number(f[iId]),
      name: f[iName].trim(),
      postalCode: Number(f[iCode]),
      county: Number(f[iJud]),
      parent: Number(f[iSup]),
      type: Number(f[iTip]),
      level: Number(f[iNiv]),
    };
  });
}

/** `siruta-judete.csv`: `JUD;DENJ;FSJ;MNEMONIC;ZONA` → county number → two-letter code. */
export function parseCountyCodes(text: string): Map<number, string> {
  const [header, ...lines] = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  const cols = header.split(';');
  const iJud = cols.indexOf('JUD');
  const iCode = cols.indexOf('MNEMONIC');
  return new Map(lines.map((l) => l.split(';')).map((f) => [Number(f[iJud]), f[iCode].trim()]));
}

export interface InfocodRow {
  county: string;
  locality: string;
  streetType: string;
  streetName: string;
  number: string;
  postalCode: string;
}

/** Reads the values of one `(1, 'a', 'b''c', ...)` tuple of a MySQL dump. */
function sqlTuple(line: string): (string | number)[] | null {
  const start = line.indexOf('(');
  if (start < 0) return null;
  const values: (string | number)[] = [];
  let i = start + 1;
  while (i < line.length) {
    while (line[i] === ' ') i++;
    if (line[i] === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= line.length) return null;
        const c = line[i];
        if (c === '\\') {
          value += line[i + 1];
          i += 2;
        } else if (c === "'" && line[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (c === "'") {
          i++;
          break;
        } else {
          value += c;
          i++;
        }
      }
      values.push(value);
    } else {
      const m = /^-?\d+(\.\d+)?|^NULL/.exec(line.slice(i));
      if (!m) return null;
      values.push(m[0] === 'NULL' ? '' : Number(m[0]));
      i += m[0].length;
    }
    while (line[i] === ' ') i++;
    if (line[i] === ',') i++;
    else if (line[i] === ')') return values;
    else return null;
  }
  return null;
}

/** `coduri_postale.sql`: the INSERT rows `(id, Judet, Localitate, Tip_artera, Denumire_artera, Numar_Bloc, Codpostal)`. */
export function parseInfocod(text: string): InfocodRow[] {
  const rows: InfocodRow[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!/^\s*\(\d+,/.test(line)) continue;
    const t = sqlTuple(line);
    if (!t || t.length < 7) throw new Error(`coduri_postale.sql: cannot read ${line.slice(0, 80)}`);
    rows.push({
      county: String(t[1]).trim(),
      locality: String(t[2]).trim(),
      streetType: String(t[3]).trim(),
      streetName: String(t[4]).trim(),
      number: String(t[5]).trim(),
      postalCode: String(t[6]).trim(),
    });
  }
  return rows;
}

/** Postal codes are six-digit strings: the files store some as numbers, losing leading zeros (77190 → 077190). */
export const padPostalCode = (code: string | number): string => String(code).trim().padStart(6, '0');

// Poșta Română writes the type in the indefinite form and not always the same way; addresses use
// the definite form (Strada Zorilor, Bulevardul Eroilor, Aleea I Mierlei).
const STREET_TYPES: Record<string, string> = {
  strada: 'Strada',
  str: 'Strada',
  stradă: 'Strada',
  bulevard: 'Bulevardul',
  alee: 'Aleea',
  aleea: 'Aleea',
  intrare: 'Intrarea',
  cale: 'Calea',
  șosea: 'Șoseaua',
  sosea: 'Șoseaua',
  piață: 'Piața',
  piața: 'Piața',
  drum: 'Drumul',
  fundătură: 'Fundătura',
  fundătura: 'Fundătura',
  splai: 'Splaiul',
  stradelă: 'Stradela',
  stradela: 'Stradela',
  fundac: 'Fundacul',
  prelungire: 'Prelungirea',
  pasaj: 'Pasajul',
  uliță: 'Ulița',
  trecătoare: 'Trecătoarea',
  parc: 'Parcul',
  colonie: 'Colonia',
  șir: 'Șirul',
  vad: 'Vadul',
  scuar: 'Scuarul',
  pod: 'Podul',
  pietonal: 'Pietonalul',
  piațetă: 'Piațeta',
  hotar: 'Hotarul',
  variantă: 'Varianta',
  stația: 'Stația',
  esplanadă: 'Esplanada',
  suiș: 'Suișul',
  rampa: 'Rampa',
  potecă: 'Poteca',
  poligon: 'Poligonul',
  platou: 'Platoul',
  câmp: 'Câmpul',
  curte: 'Curtea',
  cartier: 'Cartierul',
  canton: 'Cantonul',
  canal: 'Canalul',
};

/** `Stradă` → `Strada`, `Alee III` → `Aleea III`, `Şosea` → `Șoseaua`; an unknown type is kept as written. */
export function streetTypeName(raw: string): string {
  const cleaned = toCommaBelow(raw).replace(/\s+/g, ' ').trim();
  if (!cleaned) return '';
  const [first, ...rest] = cleaned.split(' ');
  const key = first.replace(/\.$/, '').toLocaleLowerCase('ro');
  return [STREET_TYPES[key] ?? first, ...rest].join(' ');
}

const collator = new Intl.Collator('ro', { sensitivity: 'base', numeric: true });

const BUCHAREST_COUNTY = 40;

/** Names compared across the two sources, which differ in hyphens (Miercurea-Ciuc / MIERCUREA CIUC). */
const placeKey = (name: string) => foldForSearch(name.replace(/-/g, ' '));

/** The UAT's name without its kind: `MUNICIPIUL CLUJ-NAPOCA` → Cluj-Napoca, `ORAȘ SINAIA` → Sinaia. */
const unitName = (name: string) => titleCaseRo(name.replace(/^(MUNICIPIUL|ORAȘ|ORAŞ|JUDEȚUL|JUDEŢUL)\s+/, ''));

export interface ConvertReport {
  data: GeoDataFile;
  /** Number fields that follow none of the known forms, as `locality / street: text`. */
  irregular: string[];
  /** Infocod cities with streets that no SIRUTA locality matched (their streets are left out). */
  unmatchedCities: string[];
}

export function convert(input: {
  siruta: string;
  countyCodes: string;
  postalCodes: string;
  sources: GeoDataFile['sources'];
}): ConvertReport {
  const siruta = parseSiruta(input.siruta);
  const codes = parseCountyCodes(input.countyCodes);
  const infocod = parseInfocod(input.postalCodes);
  const byId = new Map(siruta.map((r) => [r.siruta, r]));

  const counties = siruta
    .filter((r) => r.level === 1)
    .map((r): [number, string, string] => {
      const code = codes.get(r.county);
      if (!code) throw new Error(`siruta-judete.csv has no code for county ${r.county} (${r.name})`);
      return [r.county, unitName(r.name), code];
    })
    .sort((a, b) => collator.compare(a[1], b[1]));
  const countyByFoldedName = new Map(counties.map((c) => [foldForSearch(c[1]), c[0]]));

  // Bucharest is one locality (the municipality) rather than its six sectors: its streets cross
  // sector lines, and the postal code's prefix tells the sector.
  const bucharest = siruta.find((r) => r.county === BUCHAREST_COUNTY && r.level === 2);

  // Cities coded by street: the Infocod localities with street rows.
  const streetRows = infocod.filter((r) => r.streetType || r.streetName);
  const cityOf = new Map<string, number | null>();
  const unmatchedCities: string[] = [];
  const cityKey = (r: InfocodRow) => `${foldForSearch(r.county)}|${foldForSearch(r.locality)}`;
  for (const row of streetRows) {
    const key = cityKey(row);
    if (cityOf.has(key)) continue;
    const county = countyByFoldedName.get(foldForSearch(row.county));
    let id: number | null = null;
    if (county === BUCHAREST_COUNTY && bucharest) id = bucharest.siruta;
    else if (county !== undefined) {
      const name = placeKey(row.locality);
      const matches = siruta.filter((r) => r.level === 3 && r.county === county && placeKey(r.name) === name);
      // A city's own locality is the municipality's or town's seat (TIP 9 / 17) when the name repeats as a village.
      const seat = matches.filter((r) => r.type === 9 || r.type === 17);
      const pick = seat.length === 1 ? seat : matches;
      if (pick.length === 1) id = pick[0].siruta;
    }
    if (id === null) unmatchedCities.push(`${row.county} / ${row.locality}`);
    cityOf.set(key, id);
  }
  const streetCoded = new Set([...cityOf.values()].filter((v): v is number => v !== null));

  const localities = siruta
    .filter((r) => r.level === 3 && r.county !== BUCHAREST_COUNTY)
    .map((r): [number, string, number, string | null, string | null] => {
      const name = titleCaseRo(r.name);
      const parent = byId.get(r.parent);
      const commune = parent ? unitName(parent.name) : null;
      const postal = streetCoded.has(r.siruta) || !r.postalCode ? null : padPostalCode(r.postalCode);
      return [
        r.siruta,
        name,
        r.county,
        commune && foldForSearch(commune) !== foldForSearch(name) ? commune : null,
        postal,
      ];
    });
  if (bucharest) localities.push([bucharest.siruta, unitName(bucharest.name), BUCHAREST_COUNTY, null, null]);
  localities.sort((a, b) => a[2] - b[2] || collator.compare(a[1], b[1]) || collator.compare(a[3] ?? '', b[3] ?? ''));

  // Streets: one per (city, type, name); Bucharest's sectors merge into one street with all ranges.
  interface Street {
    locality: number;
    name: string;
    sortName: string;
    ranges: FileRange[];
    blocks: FileBlocks[];
  }
  const streets = new Map<string, Street>();
  const irregular: string[] = [];
  for (const row of streetRows) {
    const locality = cityOf.get(cityKey(row));
    if (locality == null) continue;
    const type = streetTypeName(row.streetType);
    const own = toCommaBelow(row.streetName).replace(/\s+/g, ' ').trim();
    const name = [type, own].filter(Boolean).join(' ');
    const key = `${locality}|${foldForSearch(name)}`;
    let street = streets.get(key);
    if (!street) {
      street = { locality, name, sortName: `${own} ${type}`, ranges: [], blocks: [] };
      streets.set(key, street);
    }
    const code = padPostalCode(row.postalCode);
    const parsed = parseNumberField(row.number);
    for (const r of parsed.ranges) {
      if (
        !street.ranges.some(
          (x) => x[0] === r.from && x[1] === r.to && x[2] === PARITY_TO_FILE[r.parity] && x[3] === code,
        )
      ) {
        street.ranges.push([r.from, r.to, PARITY_TO_FILE[r.parity], code]);
      }
    }
    if (parsed.blocks.length) street.blocks.push([parsed.blocks, code]);
    for (const text of parsed.irregular) irregular.push(`${row.locality} / ${name}: ${text}`);
  }
  const streetList = [...streets.values()].sort(
    (a, b) => a.locality - b.locality || collator.compare(a.sortName, b.sortName),
  );
  for (const s of streetList) s.ranges.sort((a, b) => a[0] - b[0] || a[2].localeCompare(b[2]));

  return {
    data: {
      sources: input.sources,
      counties,
      localities,
      streets: streetList.map((s, i) => [i + 1, s.locality, s.name, s.ranges, s.blocks]),
    },
    irregular,
    unmatchedCities,
  };
}
