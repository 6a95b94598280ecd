import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.js';
import type { PackageItemsTable, PackagesTable } from '../db/schema.js';
import { seededRandom, type SeedContext } from './context.js';

/**
 * Demo shipping presets (boxes, envelopes, gift sets) for both demo companies, enough for two
 * pages, with contents taken from the company's products (none when the products seeder has not
 * run). Measures are cm and kg, stored as hundredths.
 */
export const PACKAGES: {
  name: string;
  description?: string;
  l: number;
  w: number;
  h: number;
  kg: number;
  active?: boolean;
}[] = [
  { name: 'Plic cu bule A5', description: 'Plic căptușit pentru accesorii mici', l: 22, w: 16, h: 2, kg: 1 },
  { name: 'Plic cu bule A4', description: 'Pentru documente și textile subțiri', l: 32, w: 24, h: 3, kg: 1 },
  { name: 'Cutie carton XS', l: 15, w: 10, h: 8, kg: 1 },
  { name: 'Cutie carton S', description: 'Carton ondulat 3 straturi', l: 25, w: 18, h: 10, kg: 1.5 },
  { name: 'Cutie carton M', description: 'Carton ondulat 3 straturi', l: 35, w: 25, h: 15, kg: 3 },
  {
    name: 'Cutie carton L',
    description: 'Carton ondulat 5 straturi, pentru obiecte grele',
    l: 50,
    w: 35,
    h: 30,
    kg: 8.5,
  },
  { name: 'Cutie carton XL', description: 'Pentru comenzi mari, maximum 20 kg', l: 60, w: 40, h: 40, kg: 20 },
  { name: 'Tub poștal', description: 'Pentru postere și tablouri rulate', l: 65, w: 8, h: 8, kg: 1 },
  { name: 'Cutie o sticlă de vin', description: 'Cu separator din carton', l: 36, w: 10.5, h: 10.5, kg: 1.75 },
  { name: 'Cutie trei sticle', description: 'Cu separatoare, marcaj „Fragil”', l: 36, w: 30, h: 10.5, kg: 4.75 },
  { name: 'Set cadou Crăciun', description: 'Cutie roșie cu panglică și felicitare', l: 30, w: 30, h: 12, kg: 2.25 },
  { name: 'Set cadou aniversare', description: 'Cutie kraft cu hârtie de mătase', l: 28, w: 20, h: 10, kg: 1.6 },
  { name: 'Pachet mostre', description: 'Trei mostre și un pliant', l: 18, w: 12, h: 4, kg: 1 },
  {
    name: 'Cutie ceramică fragilă',
    description: 'Cu spumă de protecție pe toate laturile',
    l: 30,
    w: 30,
    h: 25,
    kg: 3.4,
  },
  { name: 'Sac curierat mare', description: 'Sigilabil, pentru textile', l: 55, w: 45, h: 5, kg: 2, active: false },
  {
    name: 'Cutie sezon vară 2025',
    description: 'Ediție limitată, nu se mai folosește',
    l: 40,
    w: 30,
    h: 20,
    kg: 2.5,
    active: false,
  },
];

const hundredths = (v: number) => Math.round(v * 100);

export async function seedPackages(db: Db, ctx: SeedContext): Promise<void> {
  for (const [index, companyId] of ctx.companyIds.entries()) {
    const rand = seededRandom(5100 + index);
    const rows: Insertable<PackagesTable>[] = PACKAGES.map((p, i) => {
      const at = ctx.now - (PACKAGES.length - i) * 86400 * 2;
      return {
        company_id: companyId,
        name: p.name,
        description: p.description ?? null,
        length: hundredths(p.l),
        width: hundredths(p.w),
        height: hundredths(p.h),
        weight: hundredths(p.kg),
        is_active: p.active === false ? 0 : 1,
        created_at: at,
        updated_at: at,
      };
    });
    const packages = await db.kysely.insertInto('packages').values(rows).returning('id').execute();

    const products = await db.kysely
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .limit(100)
      .execute();
    if (products.length === 0) continue; // the products seeder did not run: presets without contents
    const items: Insertable<PackageItemsTable>[] = [];
    packages.forEach((pkg, i) => {
      // Envelopes and the courier bag stay empty (generic presets); the others hold 1 to 4 products.
      if (i < 2 || i === 14) return;
      const count = 1 + Math.floor(rand() * Math.min(4, products.length));
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(products[Math.floor(rand() * products.length)].id);
      for (const productId of chosen)
        items.push({ package_id: pkg.id, product_id: productId, quantity: 1 + Math.floor(rand() * 3) });
    });
    if (items.length > 0) await db.kysely.insertInto('package_items').values(items).execute();
  }
}
