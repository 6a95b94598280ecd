import { geoData, toStreet } from '../modules/geo/index.js';

/**
 * The emulators' address nomenclature: every county, a few localities each written here (the county
 * seat and some towns, `GEO`), and streets with postal-code ranges in the big cities whose codes go
 * by street (their locality postal code is null, as Cargus answers "0"). Ids are stable numbers so
 * that an id picked in a wizard keeps working across restarts. Each emulator serves it in its own shape.
 *
 * The couriers know every locality of the country, and the addresses the console offers come from
 * its bundled data: `localitiesOf` answers a county's localities written here followed by every
 * other locality of the bundled data (id 1,000,000 + the bundled id, no streets), read on first use.
 */

export interface GeoStreet {
  id: number;
  name: string;
  /** [fromNumber, toNumber, postalCode]; [0, 0, code] for the whole street. */
  ranges: [number, number, string][];
}

export interface GeoLocality {
  id: number;
  name: string;
  postalCode: string | null;
  streets: GeoStreet[];
  /** The commune a village belongs to (villages of one name tell apart by it); null for a town. */
  commune?: string | null;
  /** The bundled data's locality of this place, whose streets the emulators serve too. */
  bundledId?: number;
}

export interface GeoCounty {
  id: number;
  code: string;
  name: string;
  localities: GeoLocality[];
}

type Raw = [
  code: string,
  name: string,
  localities: [name: string, postalCode: string | null, streets?: [string, [number, number, string][]][]][],
];

const RAW: Raw[] = [
  [
    'AB',
    'Alba',
    [
      ['Alba Iulia', '510001'],
      ['Sebeș', '515800'],
      ['Aiud', '515200'],
    ],
  ],
  [
    'AR',
    'Arad',
    [
      ['Arad', '310001'],
      ['Lipova', '315400'],
    ],
  ],
  [
    'AG',
    'Argeș',
    [
      ['Pitești', '110001'],
      ['Curtea de Argeș', '115300'],
      ['Mioveni', '115400'],
    ],
  ],
  [
    'BC',
    'Bacău',
    [
      ['Bacău', '600001'],
      ['Onești', '601001'],
    ],
  ],
  [
    'BH',
    'Bihor',
    [
      ['Oradea', '410001'],
      ['Salonta', '415500'],
    ],
  ],
  [
    'BN',
    'Bistrița-Năsăud',
    [
      ['Bistrița', '420001'],
      ['Beclean', '425100'],
    ],
  ],
  [
    'BT',
    'Botoșani',
    [
      ['Botoșani', '710001'],
      ['Dorohoi', '715200'],
    ],
  ],
  [
    'BV',
    'Brașov',
    [
      [
        'Brașov',
        null,
        [
          ['Strada Republicii', [[1, 99, '500030']]],
          ['Bulevardul Eroilor', [[0, 0, '500007']]],
          [
            'Strada Lungă',
            [
              [1, 100, '500035'],
              [101, 299, '500058'],
            ],
          ],
        ],
      ],
      ['Făgăraș', '505200'],
      ['Săcele', '505600'],
    ],
  ],
  [
    'BR',
    'Brăila',
    [
      ['Brăila', '810001'],
      ['Ianca', '815200'],
    ],
  ],
  [
    'B',
    'București',
    [
      [
        'București',
        null,
        [
          [
            'Calea Victoriei',
            [
              [1, 99, '030023'],
              [100, 240, '010063'],
            ],
          ],
          ['Bulevardul Unirii', [[0, 0, '030833']]],
          ['Strada Ion Câmpineanu', [[0, 0, '010031']]],
          ['Șoseaua Kiseleff', [[1, 60, '011341']]],
        ],
      ],
    ],
  ],
  [
    'BZ',
    'Buzău',
    [
      ['Buzău', '120001'],
      ['Râmnicu Sărat', '125300'],
    ],
  ],
  [
    'CS',
    'Caraș-Severin',
    [
      ['Reșița', '320001'],
      ['Caransebeș', '325400'],
    ],
  ],
  [
    'CL',
    'Călărași',
    [
      ['Călărași', '910001'],
      ['Oltenița', '915400'],
    ],
  ],
  [
    'CJ',
    'Cluj',
    [
      [
        'Cluj-Napoca',
        null,
        [
          ['Strada Memorandumului', [[1, 28, '400114']]],
          [
            'Bulevardul 21 Decembrie 1989',
            [
              [1, 77, '400105'],
              [78, 150, '400604'],
            ],
          ],
          ['Strada Observatorului', [[0, 0, '400363']]],
          ['Strada Fabricii', [[0, 0, '400632']]],
        ],
      ],
      ['Turda', '401001'],
      ['Florești', '407280'],
      ['Dej', '405200'],
    ],
  ],
  [
    'CT',
    'Constanța',
    [
      [
        'Constanța',
        null,
        [
          [
            'Bulevardul Tomis',
            [
              [1, 150, '900725'],
              [151, 400, '900407'],
            ],
          ],
          ['Strada Mircea cel Bătrân', [[0, 0, '900663']]],
        ],
      ],
      ['Mangalia', '905500'],
      ['Medgidia', '905600'],
    ],
  ],
  [
    'CV',
    'Covasna',
    [
      ['Sfântu Gheorghe', '520001'],
      ['Târgu Secuiesc', '525400'],
    ],
  ],
  [
    'DB',
    'Dâmbovița',
    [
      ['Târgoviște', '130001'],
      ['Moreni', '135300'],
    ],
  ],
  [
    'DJ',
    'Dolj',
    [
      ['Craiova', '200001'],
      ['Băilești', '205100'],
    ],
  ],
  [
    'GL',
    'Galați',
    [
      ['Galați', '800001'],
      ['Tecuci', '805300'],
    ],
  ],
  [
    'GR',
    'Giurgiu',
    [
      ['Giurgiu', '080001'],
      ['Bolintin-Vale', '085100'],
    ],
  ],
  [
    'GJ',
    'Gorj',
    [
      ['Târgu Jiu', '210001'],
      ['Motru', '215200'],
    ],
  ],
  [
    'HR',
    'Harghita',
    [
      ['Miercurea Ciuc', '530001'],
      ['Odorheiu Secuiesc', '535600'],
    ],
  ],
  [
    'HD',
    'Hunedoara',
    [
      ['Deva', '330001'],
      ['Hunedoara', '331001'],
      ['Petroșani', '332001'],
    ],
  ],
  [
    'IL',
    'Ialomița',
    [
      ['Slobozia', '920001'],
      ['Urziceni', '925300'],
    ],
  ],
  [
    'IS',
    'Iași',
    [
      [
        'Iași',
        null,
        [
          ['Bulevardul Ștefan cel Mare și Sfânt', [[1, 80, '700064']]],
          ['Strada Lăpușneanu', [[0, 0, '700057']]],
        ],
      ],
      ['Pașcani', '705200'],
    ],
  ],
  [
    'IF',
    'Ilfov',
    [
      ['Voluntari', '077190'],
      ['Otopeni', '075100'],
      ['Popești-Leordeni', '077160'],
    ],
  ],
  [
    'MM',
    'Maramureș',
    [
      ['Baia Mare', '430001'],
      ['Sighetu Marmației', '435500'],
    ],
  ],
  [
    'MH',
    'Mehedinți',
    [
      ['Drobeta-Turnu Severin', '220001'],
      ['Orșova', '225200'],
    ],
  ],
  [
    'MS',
    'Mureș',
    [
      ['Târgu Mureș', '540001'],
      ['Sighișoara', '545400'],
    ],
  ],
  [
    'NT',
    'Neamț',
    [
      ['Piatra Neamț', '610001'],
      ['Roman', '611001'],
    ],
  ],
  [
    'OT',
    'Olt',
    [
      ['Slatina', '230001'],
      ['Caracal', '235200'],
    ],
  ],
  [
    'PH',
    'Prahova',
    [
      ['Ploiești', '100001'],
      ['Câmpina', '105600'],
      ['Sinaia', '106100'],
    ],
  ],
  [
    'SM',
    'Satu Mare',
    [
      ['Satu Mare', '440001'],
      ['Carei', '445100'],
    ],
  ],
  [
    'SJ',
    'Sălaj',
    [
      ['Zalău', '450001'],
      ['Șimleu Silvaniei', '455300'],
    ],
  ],
  [
    'SB',
    'Sibiu',
    [
      ['Sibiu', '550001'],
      ['Mediaș', '551001'],
    ],
  ],
  [
    'SV',
    'Suceava',
    [
      ['Suceava', '720001'],
      ['Fălticeni', '725200'],
      ['Rădăuți', '725400'],
    ],
  ],
  [
    'TR',
    'Teleorman',
    [
      ['Alexandria', '140001'],
      ['Roșiorii de Vede', '145200'],
    ],
  ],
  [
    'TM',
    'Timiș',
    [
      [
        'Timișoara',
        null,
        [
          ['Bulevardul Revoluției din 1989', [[0, 0, '300034']]],
          ['Strada Alba Iulia', [[1, 30, '300077']]],
        ],
      ],
      ['Lugoj', '305500'],
    ],
  ],
  [
    'TL',
    'Tulcea',
    [
      ['Tulcea', '820001'],
      ['Măcin', '825300'],
    ],
  ],
  [
    'VS',
    'Vaslui',
    [
      ['Vaslui', '730001'],
      ['Bârlad', '731001'],
    ],
  ],
  [
    'VL',
    'Vâlcea',
    [
      ['Râmnicu Vâlcea', '240001'],
      ['Drăgășani', '245700'],
    ],
  ],
  [
    'VN',
    'Vrancea',
    [
      ['Focșani', '620001'],
      ['Adjud', '625100'],
    ],
  ],
];

export const GEO: GeoCounty[] = RAW.map(([code, name, localities], ci) => ({
  id: ci + 1,
  code,
  name,
  localities: localities.map(([lname, postalCode, streets], li) => ({
    id: (ci + 1) * 1000 + li + 1,
    name: lname,
    postalCode,
    streets: (streets ?? []).map(([sname, ranges], si) => ({
      id: ((ci + 1) * 1000 + li + 1) * 100 + si + 1,
      name: sname,
      ranges,
    })),
  })),
}));

/** Comparable form of a place name: no diacritics (comma or cedilla), lower case, single spaces. */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-_.,]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const findCounty = (idOrName: { id?: number | null; name?: string | null }): GeoCounty | undefined =>
  GEO.find((c) => (idOrName.id ? c.id === idOrName.id : false)) ??
  GEO.find(
    (c) =>
      !!idOrName.name && (placeKey(c.name) === placeKey(idOrName.name) || placeKey(c.code) === placeKey(idOrName.name)),
  );

export const findLocality = (
  county: GeoCounty,
  idOrName: { id?: number | null; name?: string | null },
): GeoLocality | undefined => {
  const index = indexOf(county);
  return (
    (idOrName.id ? index.byId.get(idOrName.id) : undefined) ??
    (idOrName.name ? index.byName.get(placeKey(idOrName.name)) : undefined)
  );
};

/** Ids of the localities taken from the bundled data: this plus the bundled id. */
export const BUNDLED_LOCALITY_ID = 1_000_000;
interface CountyIndex {
  all: GeoLocality[];
  byId: Map<number, GeoLocality>;
  /** The first locality of each name (placeKey). */
  byName: Map<string, GeoLocality>;
}
let every: Map<GeoCounty, CountyIndex> | undefined;

function indexOf(county: GeoCounty): CountyIndex {
  if (!every) {
    const geo = geoData();
    every = new Map();
    for (const c of GEO) {
      const bundled = geo.counties.find((b) => b.code === c.code);
      const written = new Set(c.localities.map((l) => placeKey(l.name)));
      const extra: GeoLocality[] = bundled
        ? geo
            .localitiesOf(bundled.id)
            .filter(({ row }) => !written.has(placeKey(row.name)))
            .map(({ row }) => ({
              id: BUNDLED_LOCALITY_ID + row.id,
              name: row.name,
              postalCode: row.postal_code,
              streets: [],
              commune: row.commune,
              bundledId: row.id,
            }))
        : [];
      // A locality written here is the bundled town of its name: its streets are served after the written ones.
      if (bundled)
        for (const l of c.localities) {
          const town = geo
            .localitiesOf(bundled.id)
            .find(({ row }) => row.commune === null && placeKey(row.name) === placeKey(l.name));
          if (town) l.bundledId = town.row.id;
        }
      const all = [...c.localities, ...extra];
      const byName = new Map<string, GeoLocality>();
      for (const l of all) if (!byName.has(placeKey(l.name))) byName.set(placeKey(l.name), l);
      every.set(c, { all, byId: new Map(all.map((l) => [l.id, l])), byName });
    }
  }
  return every.get(county) ?? { all: county.localities, byId: new Map(), byName: new Map() };
}

/**
 * A county's localities as the courier knows them: those written here (with their streets), then
 * every locality of the console's bundled data not among them by name. Villages of one name in
 * different communes are each their own locality, as in the couriers' nomenclatures.
 */
export function localitiesOf(county: GeoCounty): GeoLocality[] {
  return indexOf(county).all;
}

let byNameEverywhere: Map<string, { county: GeoCounty; locality: GeoLocality }[]> | undefined;

/** Every locality of the country with this name (placeKey), whatever its county. */
export function placesNamed(name: string): { county: GeoCounty; locality: GeoLocality }[] {
  if (!byNameEverywhere) {
    byNameEverywhere = new Map();
    for (const county of GEO)
      for (const locality of localitiesOf(county)) {
        const key = placeKey(locality.name);
        const list = byNameEverywhere.get(key) ?? [];
        list.push({ county, locality });
        byNameEverywhere.set(key, list);
      }
  }
  return byNameEverywhere.get(placeKey(name)) ?? [];
}

export function localityById(id: number): { county: GeoCounty; locality: GeoLocality } | undefined {
  for (const county of GEO) {
    const locality = indexOf(county).byId.get(id);
    if (locality) return { county, locality };
  }
  return undefined;
}

/** Ids of the streets taken from the bundled data: this plus the bundled id. */
export const BUNDLED_STREET_ID = 100_000_000;
const streetsCache = new Map<GeoLocality, GeoStreet[]>();

/**
 * A locality's streets as the courier knows them: those written here, then the bundled data's
 * streets of the same place not among them by name. The bundled ranges keep a side of the street
 * (odd, even); the couriers' ranges have none, so each becomes a plain from–to range (to 0: to the
 * end of the street; 0–0: the whole street).
 */
export function streetsOf(locality: GeoLocality): GeoStreet[] {
  let list = streetsCache.get(locality);
  if (!list) {
    const written = new Set(locality.streets.map((s) => placeKey(s.name)));
    const bundled =
      locality.bundledId === undefined
        ? []
        : geoData()
            .streetsOf(locality.bundledId)
            .filter(({ row }) => !written.has(placeKey(row[2])))
            .map(({ row }) => {
              const street = toStreet(row);
              const whole = street.ranges.length === 1 && street.ranges[0].from <= 1 && street.ranges[0].to === null;
              return {
                id: BUNDLED_STREET_ID + street.id,
                name: street.name,
                ranges: whole
                  ? ([[0, 0, street.ranges[0].postal_code]] as [number, number, string][])
                  : street.ranges.map((r): [number, number, string] => [r.from, r.to ?? 0, r.postal_code]),
              };
            });
    list = [...locality.streets, ...bundled];
    streetsCache.set(locality, list);
  }
  return list;
}
