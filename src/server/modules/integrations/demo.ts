import type { CourierKey, ServiceCourierKey, WizardKey } from '../../../core/api/integrations.js';
import type { ServiceContext } from '../../context.js';
import { companyIsVatPayer } from '../companies/index.js';
import { companyAccountHolder } from './demoAccounts.js';
import {
  choosePickupPoint,
  chooseSeries,
  chooseService,
  chooseVatRate,
  courierServices,
  invoiceSeries,
  pickupPoints,
  saveCredentials,
  vatRates,
} from './service.js';

/** What the demo company has set up: every courier and SmartBill (the messaging ones need the user's own chat or phone). */
export const DEMO_SET_UPS = ['cargus', 'dpd', 'sameday', 'fan', 'smartbill'] as const satisfies readonly WizardKey[];
export type DemoSetUp = (typeof DEMO_SET_UPS)[number];

/** The invoice series the demo's seeded invoices are numbered in at the emulated SmartBill (seed/invoices.ts). */
const DEMO_SERIES = 'FCT';

/**
 * Sets the company's couriers and SmartBill up with the emulators' demo accounts, step by step as
 * their wizards do (each login checked at the emulator and stored sealed, then the pickup point,
 * FAN's service, the series and the VAT rate, each one of the emulator's own list), so a newcomer
 * can ship and invoice the demo's orders at once. The login is the one the wizard shows the company
 * (its own emulated account at DPD, Sameday and FAN, which holds the demo's DPD AWBs; the shared
 * demo account at Cargus and SmartBill). Emulated mode only: demo logins are never sent to a live
 * provider, so live it sets nothing up and answers an empty list.
 */
export async function connectDemoIntegrations(ctx: ServiceContext): Promise<DemoSetUp[]> {
  if (ctx.providers.mode !== 'emulated') return [];
  const holder = await companyAccountHolder(ctx.db.kysely, ctx.companyId);
  const done: DemoSetUp[] = [];
  for (const key of DEMO_SET_UPS) {
    if (!ctx.providers.isEmulated(key)) continue;
    const login = await ctx.providers.demoAccountFor(key, holder);
    if (!login) continue;
    await saveCredentials(ctx, key, login);
    if (key === 'smartbill') await chooseInvoicing(ctx);
    else await chooseCourierSteps(ctx, key);
    done.push(key);
  }
  return done;
}

/** A courier's step 2: the first pickup point (Sameday: with its first contact person); FAN: its Standard service. */
async function chooseCourierSteps(ctx: ServiceContext, key: CourierKey | ServiceCourierKey): Promise<void> {
  if (key === 'fan') {
    const { data } = await courierServices(ctx, key);
    const service = data.find((s) => /^standard$/i.test(s.name.trim())) ?? data[0];
    await chooseService(ctx, key, { service: service.id });
    return;
  }
  const { data } = await pickupPoints(ctx, key);
  const point = data[0];
  await choosePickupPoint(ctx, key, {
    pickup_point_id: point.id,
    ...(key === 'sameday' ? { contact_person_id: point.contact_persons?.[0]?.id } : {}),
  });
}

/**
 * SmartBill's steps 2 and 3: the series the demo's invoices are in (else the account's first), and
 * the VAT rate as the seeded invoice has it: 21 % "Normala" for a VAT payer, "SDD" 0 % otherwise.
 */
async function chooseInvoicing(ctx: ServiceContext): Promise<void> {
  const series = await invoiceSeries(ctx);
  const name = series.data.find((s) => s.name === DEMO_SERIES)?.name ?? series.data[0].name;
  await chooseSeries(ctx, { series_name: name });
  const rates = await vatRates(ctx);
  const wanted = (await companyIsVatPayer(ctx.db.kysely, ctx.companyId)) ? 'Normala' : 'SDD';
  await chooseVatRate(ctx, { vat_amount: rates.data.find((r) => r.name === wanted)?.name ?? null });
}
