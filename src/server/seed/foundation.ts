import type { Db } from '../db/connection.js';
import { hashPassword } from '../lib/passwords.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { SeedContext } from './context.js';

export const DEMO_EMAIL = 'demo@magazin-demo.ro';
export const DEMO_PASSWORD = 'demo1234';

// Fictional firms with tax ids that pass the CUI control digit, in real counties and cities.
const COMPANIES = [
  {
    name: 'Casa Verde Distribuție SRL',
    vat_number: 'RO14399840',
    vat_payer: 1,
    administrator_name: 'Andreea Popescu',
    address: 'Str. Memorandumului nr. 28',
    city: 'Cluj-Napoca',
    county: 'Cluj',
  },
  {
    name: 'Meșteșug Artizanal SRL',
    vat_number: '18547290',
    vat_payer: 0,
    administrator_name: 'Ion Ionescu',
    address: 'Bd. Ștefan cel Mare nr. 12',
    city: 'Iași',
    county: 'Iași',
  },
];

export async function seedFoundation(db: Db, clock: Clock = systemClock): Promise<SeedContext> {
  const now = clock.now();
  const user = await db.kysely
    .insertInto('users')
    .values({
      email: DEMO_EMAIL,
      password_hash: await hashPassword(DEMO_PASSWORD),
      first_name: 'Maria',
      last_name: 'Dumitrescu',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const companyIds: number[] = [];
  for (const c of COMPANIES) {
    const row = await db.kysely
      .insertInto('companies')
      .values({ ...c, active: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyIds.push(row.id);
    await db.kysely.insertInto('company_users').values({ company_id: row.id, user_id: user.id }).execute();
  }
  return { userId: user.id, companyIds, now };
}
