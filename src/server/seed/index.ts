import type { Db } from '../db/connection.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { SecretBox } from '../lib/secrets.js';
import { seedFoundation, DEMO_EMAIL, DEMO_PASSWORD } from './foundation.js';
import { seeders } from './seeders.js';

export { DEMO_EMAIL, DEMO_PASSWORD };

/** True when the database has no user yet: the only state in which the demo data is added. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

/**
 * Fills the database with the demo user, companies and each module's demo data, dated back from the
 * clock's now. `secrets`: the app's secret box (the server's and the CLI's), for the demo data that
 * holds a secret (the web shop's intake key); without it that part is left out.
 */
export async function seedDemo(db: Db, clock: Clock = systemClock, secrets?: SecretBox): Promise<void> {
  const ctx = { ...(await seedFoundation(db, clock)), secrets };
  for (const seed of seeders) await seed(db, ctx);
}
