import { expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { migrationTest } from '../../test/migrations.js';

const m = migrationTest();

it("024 gives every company's view of a customer the person's number, and one customer per number in a company", async () => {
  const db = m.db();
  await m.migrateTo('023_emulator_state');
  const k = m.tables();
  const [a, b] = [await m.company('1'), await m.company('2')];
  const person = async (phone: string) =>
    (
      (await k
        .insertInto('customers')
        .values({ phone_number: phone, created_at: 1, updated_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number }
    ).id;
  const [shared, own] = [await person('+40740000001'), await person('+40740000002')];
  const view = (companyId: number, customerId: number, name: string) => ({
    company_id: companyId,
    customer_id: customerId,
    name,
    email: null,
    orders_count: 1,
    created_at: 1,
    updated_at: 1,
  });
  await k
    .insertInto('company_customers')
    .values([view(a, shared, 'Ion'), view(b, shared, 'Maria'), view(a, own, 'Ana')])
    .execute();

  await migrateToLatest(db);

  const rows = await db.kysely
    .selectFrom('company_customers')
    .select(['company_id', 'customer_id', 'phone_number', 'name'])
    .orderBy('company_id')
    .orderBy('customer_id')
    .execute();
  expect(rows).toEqual([
    { company_id: a, customer_id: shared, phone_number: '+40740000001', name: 'Ion' },
    { company_id: a, customer_id: own, phone_number: '+40740000002', name: 'Ana' },
    { company_id: b, customer_id: shared, phone_number: '+40740000001', name: 'Maria' },
  ]);
  // A second customer of the same company under a number it already has is refused by the index.
  const third = await person('+40740000003');
  await expect(
    db.kysely
      .insertInto('company_customers')
      .values({ ...view(a, third, 'Dan'), phone_number: '+40740000001' })
      .execute(),
  ).rejects.toThrow(/unique/i);
});
