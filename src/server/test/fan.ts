import type { LightMyRequestResponse } from 'fastify';
import { FAN_DEMO_LOGIN } from '../emulators/fan.js';
import type { FanShipment } from '../emulators/fan.js';
import type { Emulator } from '../emulators/kit.js';
import { SMALL } from './bulk.js';
import type { TestUser } from './harness.js';

/**
 * FAN Courier set up as its wizard does (login with the client number, then a service), for tests
 * and the bench, and the AWBs the FAN emulator holds by order: FAN has no reference field, so the
 * console writes the create's reference (`<order>-<attempt>`) first in the AWB's content.
 */

function must(res: LightMyRequestResponse, status: number): LightMyRequestResponse {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res;
}

export async function setUpFan(
  u: TestUser,
  login: Record<string, string> = FAN_DEMO_LOGIN,
  service = 'Standard',
): Promise<void> {
  const step = (s: string, body: unknown) => u.call('POST', `/api/v1/fan/company/${u.companyId}/${s}`, { body });
  must(await step('login', login), 200);
  must(await step('services', { service }), 200);
}

/** The params of a bulk AWB job at FAN: the small preset's package. */
export const FAN_BULK_PARAMS = { courier: 'fan', ...SMALL };

/** The live (not deleted) AWBs the FAN emulator holds, by the order of the reference in their content. */
export async function fanAwbsByOrder(emulator: Emulator): Promise<Map<number, string[]>> {
  const by = new Map<number, string[]>();
  for (const s of await emulator.store.list<FanShipment>('shipments')) {
    const ref = /^(\d+)-\d+(?: · |$)/.exec(s.content);
    if (s.deleted || !ref) continue;
    const orderId = Number(ref[1]);
    by.set(orderId, [...(by.get(orderId) ?? []), s.number]);
  }
  return by;
}
