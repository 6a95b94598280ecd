import type { Insertable } from 'kysely';
import { sha256Hex } from '../lib/hash.js';
import { productPng, type Rgb } from '../lib/png.js';
import type { Db } from '../db/connection.js';
import type { ProductImagesTable, ProductsTable } from '../db/schema.js';
import { pick, seededRandom, type SeedContext } from './context.js';

/**
 * A realistic catalogue per demo company: a few hundred top-level products, about a third with
 * 2–6 variations (sizes or colours), Romanian names, some with small generated PNG pictures.
 * Rows go in with one insert per batch.
 */
const PARENTS_PER_COMPANY = 320;
const BATCH = 100;

interface Family {
  code: string;
  names: string[];
  qualifiers: string[];
  price: [number, number];
  sale: string[];
  /** How its variations differ, if it has any. */
  varies?: 'size' | 'colour' | 'volume';
}

const CATALOGUES: Family[][] = [
  // Casa Verde Distribuție: home, garden, textiles.
  [
    {
      code: 'TRC',
      names: ['Tricou', 'Hanorac', 'Bluză', 'Cămașă de in', 'Pulover tricotat'],
      qualifiers: ['din bumbac organic', 'cu imprimeu floral', 'clasic', 'oversize', 'cu motive tradiționale'],
      price: [49, 249],
      sale: ['Bucata'],
      varies: 'size',
    },
    {
      code: 'TXT',
      names: ['Pernă decorativă', 'Pătură', 'Set prosoape', 'Față de masă', 'Lenjerie de pat'],
      qualifiers: ['din bumbac', 'brodată', 'cu model geometric', 'din in natural', 'în carouri'],
      price: [39, 399],
      sale: ['Bucata', 'Set'],
      varies: 'colour',
    },
    {
      code: 'GRD',
      names: ['Ghiveci', 'Jardinieră', 'Stropitoare', 'Foarfecă de grădină', 'Mănuși de grădinărit'],
      qualifiers: ['din teracotă', 'pentru balcon', 'din zinc', 'ergonomică', 'rezistente la apă'],
      price: [19, 189],
      sale: ['Bucata', 'Set'],
      varies: 'size',
    },
    {
      code: 'SEM',
      names: ['Semințe de roșii', 'Semințe de busuioc', 'Bulbi de lalele', 'Pământ de flori', 'Îngrășământ natural'],
      qualifiers: ['românești', 'bio', 'pentru răsaduri', 'universal', 'din compost'],
      price: [6, 59],
      sale: ['Pachet', 'Bax'],
    },
    {
      code: 'CAS',
      names: ['Lumânare parfumată', 'Vază', 'Coș împletit', 'Ramă foto', 'Ceas de perete'],
      qualifiers: ['cu lavandă', 'din sticlă suflată', 'din răchită', 'din lemn de stejar', 'minimalist'],
      price: [29, 219],
      sale: ['Bucata'],
      varies: 'colour',
    },
    {
      code: 'CUR',
      names: ['Detergent ecologic', 'Săpun natural', 'Burete vegetal', 'Soluție pentru geamuri', 'Saci menajeri'],
      qualifiers: ['concentrat', 'cu ulei de măsline', 'din lufa', 'fără parfum', 'compostabili'],
      price: [9, 79],
      sale: ['Bucata', 'Bax', 'Palet'],
      varies: 'volume',
    },
  ],
  // Meșteșug Artizanal: crafts, ceramics, food.
  [
    {
      code: 'CER',
      names: ['Cană ceramică', 'Farfurie', 'Castron', 'Ulcior', 'Set de cești'],
      qualifiers: ['de Horezu', 'pictată manual', 'din lut ars', 'smălțuită', 'cu motiv de cocoș'],
      price: [35, 320],
      sale: ['Bucata', 'Set'],
      varies: 'colour',
    },
    {
      code: 'LEM',
      names: ['Lingură de lemn', 'Tocător', 'Cutie', 'Jucărie', 'Suport de telefon'],
      qualifiers: ['sculptată', 'din lemn de fag', 'din nuc', 'pentru copii', 'lucrată manual'],
      price: [15, 189],
      sale: ['Bucata', 'Set'],
    },
    {
      code: 'IIE',
      names: ['Ie tradițională', 'Vestă brodată', 'Batic', 'Traistă', 'Brâu țesut'],
      qualifiers: ['din Bucovina', 'cu altiță', 'din lână', 'maramureșeană', 'cu fir roșu'],
      price: [89, 890],
      sale: ['Bucata'],
      varies: 'size',
    },
    {
      code: 'ALM',
      names: ['Miere de salcâm', 'Dulceață de caise', 'Zacuscă', 'Magiun de prune', 'Sirop de soc'],
      qualifiers: ['de la stupină', 'ca la bunica', 'de casă', 'de Topoloveni', 'fără zahăr adăugat'],
      price: [12, 69],
      sale: ['Bucata', 'Bax', 'Palet'],
      varies: 'volume',
    },
    {
      code: 'BIJ',
      names: ['Cercei', 'Brățară', 'Colier', 'Inel', 'Broșă'],
      qualifiers: ['din argint', 'cu mărgele de sticlă', 'din piele', 'cu motiv floral', 'handmade'],
      price: [25, 340],
      sale: ['Bucata', 'Set'],
      varies: 'colour',
    },
    {
      code: 'HRT',
      names: ['Agendă', 'Felicitare', 'Calendar', 'Carnet de rețete', 'Semn de carte'],
      qualifiers: ['legată manual', 'cu hârtie reciclată', 'ilustrat', 'din piele', 'presat cu flori'],
      price: [8, 129],
      sale: ['Bucata', 'Pachet'],
    },
  ],
];

const SIZES = [
  ['S', 'S'],
  ['M', 'M'],
  ['L', 'L'],
  ['XL', 'XL'],
  ['XXL', 'XXL'],
  ['XS', 'XS'],
];
const COLOURS: [string, string, Rgb][] = [
  ['roșu', 'ROS', [178, 34, 34]],
  ['albastru', 'ALB', [30, 80, 160]],
  ['verde', 'VRD', [46, 125, 50]],
  ['negru', 'NGR', [40, 40, 40]],
  ['galben muștar', 'GLB', [200, 150, 20]],
  ['mov', 'MOV', [110, 60, 140]],
  ['bej', 'BEJ', [170, 150, 120]],
];
const VOLUMES = [
  ['250 g', '250'],
  ['400 g', '400'],
  ['1 kg', '1K'],
  ['5 kg', '5K'],
];

const round2 = (n: number) => Math.round(n * 100) / 100;
const bani = (n: number) => Math.round(n * 100);

export async function seedProducts(db: Db, ctx: SeedContext): Promise<void> {
  // A few pictures, made once and shared by many products (each row still holds its own copy).
  const pictures = COLOURS.map(([, , rgb]) => {
    const bytes = productPng(96, rgb);
    return { bytes, sha256: sha256Hex(bytes) };
  });

  for (const [ci, companyId] of ctx.companyIds.entries()) {
    const rand = seededRandom(1000 + ci);
    const families = CATALOGUES[ci % CATALOGUES.length];
    const prefix = ci === 0 ? 'CVD' : 'MSA';
    const between = (a: number, b: number) => a + rand() * (b - a);
    const int = (a: number, b: number) => Math.floor(between(a, b + 1));

    for (let start = 0; start < PARENTS_PER_COMPANY; start += BATCH) {
      const parents: Insertable<ProductsTable>[] = [];
      const plans: {
        variations: { label: string; code: string; colour?: number }[];
        picture: number | null;
        price: number;
        family: Family;
      }[] = [];
      for (let i = start; i < Math.min(start + BATCH, PARENTS_PER_COMPANY); i++) {
        const family = families[i % families.length];
        const name = `${pick(rand, family.names)} ${pick(rand, family.qualifiers)}`;
        const price = round2(Math.floor(between(family.price[0], family.price[1])) + pick(rand, [0, 0.5, 0.9, 0.99]));
        const withVariations = family.varies !== undefined && rand() < 0.45;
        let variations: { label: string; code: string; colour?: number }[] = [];
        if (withVariations) {
          const count = int(2, 6);
          if (family.varies === 'size')
            variations = SIZES.slice(0, Math.min(count, SIZES.length)).map(([label, code]) => ({
              label: `mărimea ${label}`,
              code,
            }));
          else if (family.varies === 'volume')
            variations = VOLUMES.slice(0, Math.min(count, VOLUMES.length)).map(([label, code]) => ({ label, code }));
          else {
            const offset = int(0, COLOURS.length - 1);
            variations = Array.from({ length: Math.min(count, COLOURS.length) }, (_, k) => {
              const c = (offset + k) % COLOURS.length;
              return { label: COLOURS[c][0], code: COLOURS[c][1], colour: c };
            });
          }
        }
        const created = ctx.now - (PARENTS_PER_COMPANY - i) * 3600 * 9;
        parents.push({
          company_id: companyId,
          parent_id: null,
          name,
          description: `${name}. Produs ${family.sale[0] === 'Bucata' ? 'vândut la bucată' : 'vândut la ' + family.sale[0].toLowerCase()}, livrare în toată țara.`,
          sku: `${prefix}-${family.code}-${String(i + 1).padStart(4, '0')}`,
          sale_type: pick(rand, family.sale),
          stock: withVariations ? null : int(0, 150),
          selling_price: withVariations ? null : bani(price),
          buying_price: bani(round2(price * between(0.45, 0.7))),
          currency: rand() < 0.9 ? 'RON' : 'EUR',
          created_at: created,
          updated_at: created,
        });
        plans.push({ variations, picture: rand() < 0.3 ? int(0, pictures.length - 1) : null, price, family });
      }
      const inserted = await db.kysely.insertInto('products').values(parents).returning(['id', 'sku']).execute();
      const idOf = new Map(inserted.map((r) => [r.sku, r.id]));

      const children: Insertable<ProductsTable>[] = [];
      const images: Insertable<ProductImagesTable>[] = [];
      const childPictures = new Map<string, number>();
      parents.forEach((p, k) => {
        const plan = plans[k];
        const parentId = idOf.get(p.sku)!;
        if (plan.picture !== null)
          images.push({
            product_id: parentId,
            mime: 'image/png',
            bytes: pictures[plan.picture].bytes,
            size: pictures[plan.picture].bytes.length,
            sha256: pictures[plan.picture].sha256,
            updated_at: p.created_at,
          });
        plan.variations.forEach((v, n) => {
          const sku = `${p.sku}-${v.code}`;
          // Bigger sizes and packs cost a little more.
          const price = round2(plan.price * (1 + n * (plan.family.varies === 'volume' ? 0.8 : 0.05)));
          children.push({
            company_id: companyId,
            parent_id: parentId,
            name: `${p.name}, ${v.label}`,
            description: null,
            sku,
            sale_type: p.sale_type,
            stock: int(0, 60),
            selling_price: bani(price),
            buying_price: bani(round2(price * 0.6)),
            currency: p.currency,
            created_at: p.created_at,
            updated_at: p.created_at,
          });
          if (v.colour !== undefined && plan.picture !== null) childPictures.set(sku, v.colour);
        });
      });
      if (children.length) {
        const rows = await db.kysely.insertInto('products').values(children).returning(['id', 'sku']).execute();
        for (const r of rows) {
          const c = childPictures.get(r.sku);
          if (c !== undefined)
            images.push({
              product_id: r.id,
              mime: 'image/png',
              bytes: pictures[c].bytes,
              size: pictures[c].bytes.length,
              sha256: pictures[c].sha256,
              updated_at: ctx.now,
            });
        }
      }
      if (images.length) await db.kysely.insertInto('product_images').values(images).execute();
    }
  }
}
