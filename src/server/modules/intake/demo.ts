import { serviceContext, type AppServices } from '../../context.js';
import { intakeSignature, issueKeyWith } from '../sources/index.js';
import { receivePush } from './service.js';

/**
 * The demo's intake: the first demo company's web shop source gets an intake key whose id and
 * secret are the ones the README's signed `curl` uses (a demo, like the demo password: a real
 * key is made on the source's page and shown once), and a few orders pushed through the real
 * intake, so the inbox and the orders list show each case: one created, one created with an
 * address to check, one held for an unknown SKU and one held for a phone number that cannot be read.
 */

export const DEMO_INTAKE_KEY = { key_id: 'ik_demo_magazin_online', secret: 'demo-secret-magazin-online-2026' };

export async function seedDemoIntake(
  services: AppServices,
  demo: { companyId: number; userId: number; sourceId: number; skus: string[] },
): Promise<void> {
  const ctx = serviceContext(services, { companyId: demo.companyId, userId: demo.userId, lang: 'ro' });
  await issueKeyWith(ctx, demo.sourceId, DEMO_INTAKE_KEY.key_id, DEMO_INTAKE_KEY.secret);
  const [first, second = first] = demo.skus;
  const customer = (name: string, phone: string) => ({ name, phone_number: phone });
  const orders = [
    {
      external_id: 'WEB-10231',
      customer: customer('Ana Munteanu', '0745 210 331'),
      shipping_address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Memorandumului', number: '21' },
      lines: [{ sku: first, quantity: 1 }],
      payment_method: 'cash_on_delivery',
    },
    {
      // A street the address data does not know: the order is made, to check before its AWB.
      external_id: 'WEB-10232',
      customer: customer('Radu Stan', '0723 554 120'),
      shipping_address: { county: 'București', city: 'Sectorul 3', street: 'Str. Livezilor Noi', number: '14B' },
      lines: [{ sku: second, quantity: 2 }],
      payment_method: 'card',
    },
    {
      external_id: 'WEB-10233',
      customer: customer('Elena Dinu', '0756 889 014'),
      shipping_address: { county: 'Iași', city: 'Iași', street: 'Bd. Independenței', number: '5' },
      lines: [
        { sku: first, quantity: 1 },
        { sku: 'CANA-VECHE-01', quantity: 1, name: 'Cană cu model vechi' },
      ],
      payment_method: 'cash_on_delivery',
    },
    {
      external_id: 'WEB-10234',
      customer: customer('Mihai Georgescu', 'sunați la recepție'),
      shipping_address: { county: 'Brașov', city: 'Brașov', street: 'Bd. Eroilor', number: '9' },
      lines: [{ sku: second, quantity: 1 }],
      payment_method: 'cash_on_delivery',
    },
  ];
  for (const order of orders) {
    const body = Buffer.from(JSON.stringify(order));
    const timestamp = String(ctx.now);
    await receivePush(ctx, {
      keyId: DEMO_INTAKE_KEY.key_id,
      timestamp,
      signature: `sha256=${intakeSignature(DEMO_INTAKE_KEY.secret, timestamp, body)}`,
      body,
    });
  }
}
