import { expect } from 'vitest';
import type { Executor } from '../db/connection.js';
import { geoData } from '../modules/geo/index.js';
import type { TestUser } from './harness.js';

/**
 * What the connector tests share (src/server/modules/connectors/*.test.ts): a source's orders, its
 * connector row and outbox as stored, and a DPD AWB made for an order through the API (to Sibiu).
 */
export function connectorReads(db: () => Executor) {
  const ordersOfSource = (source: number) =>
    db()
      .selectFrom('orders')
      .select(['id', 'external_id', 'status', 'payment_method', 'awb'])
      .where('source_id', '=', source)
      .orderBy('id')
      .execute();
  const connectorRow = (source: number) =>
    db().selectFrom('shop_connectors').selectAll().where('source_id', '=', source).executeTakeFirstOrThrow();
  const outbox = async (source: number) =>
    db()
      .selectFrom('shop_outbox')
      .selectAll()
      .where('connector_id', '=', (await connectorRow(source)).id)
      .orderBy('id')
      .execute();
  const orderIdOf = async (source: number, external: number | string) =>
    (await ordersOfSource(source)).find((o) => o.external_id === String(external))!.id;
  return { ordersOfSource, connectorRow, outbox, orderIdOf };
}

/** A DPD AWB for the order, made through the API as the AWB form sends it. */
export async function awbFor(s: { u: TestUser }, orderId: number, name = 'Ion Popescu'): Promise<void> {
  const geo = geoData();
  const county = geo.counties.find((c) => c.code === 'SB')!;
  const city = geo
    .localitiesOf(county.id)
    .map((l) => l.row)
    .find((l) => l.name === 'Sibiu' && l.commune === null)!;
  const res = await s.u.call('POST', `/api/v1/order/${orderId}/awb`, {
    body: {
      courier: 'dpd',
      name,
      phone_number: '0744 123 456',
      county: 'Sibiu',
      county_id: county.id,
      city: 'Sibiu',
      city_id: city.id,
      address: 'Strada Fabricii 7',
      package_width: 25,
      package_height: 10,
      package_length: 25,
      package_weight: 1,
      package_content: 'Cană',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}
