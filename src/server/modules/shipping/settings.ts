import type { FastifyInstance } from 'fastify';
import { shippingSettingsBody, type LabelFormat, type ShippingSettings } from '../../../core/api/shippingSettings.js';
import type { AwbCourier, PackagePreset } from '../../../core/api/shipping.js';
import { forCompany, type ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { FieldProblems, notFound, parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { isMember } from '../companies/index.js';
import { isUsable, listCompanyIntegrations } from '../integrations/index.js';
import { defaultPackageOf, findPackage, markDefaultPackage } from '../packages/index.js';

/**
 * A company's shipping settings (table `shipping_settings`, this module's): the label format every
 * courier's label is asked in, and the defaults the AWB form and a bulk AWB job start with. The
 * default package is kept where the packages list shows it (`packages.is_default`, packages
 * module) when it is one of the company's packages, and here (`default_preset`) when it is a
 * preset: one default, never two that disagree.
 */

/** What a company without a row has: A4, no default courier, no preset. */
const NONE = { label_format: 'A4', default_courier: null, default_preset: null } as const;

async function settingsRow(exec: Executor, companyId: number) {
  return (
    (await exec
      .selectFrom('shipping_settings')
      .select(['label_format', 'default_courier', 'default_preset'])
      .where('company_id', '=', companyId)
      .executeTakeFirst()) ?? NONE
  );
}

/** The label format a company's labels are asked in (A4 without a setting). */
export async function companyLabelFormat(exec: Executor, companyId: number): Promise<LabelFormat> {
  return (await settingsRow(exec, companyId)).label_format === 'A6' ? 'A6' : 'A4';
}

async function settingsOf(exec: Executor, companyId: number): Promise<ShippingSettings> {
  const row = await settingsRow(exec, companyId);
  const marked = await defaultPackageOf(exec, companyId);
  return {
    label_format: row.label_format === 'A6' ? 'A6' : 'A4',
    default_courier: (row.default_courier as AwbCourier | null) ?? null,
    // A package marked default wins: marking one on the packages page replaces a preset chosen here.
    default_package_id: marked && marked.is_active ? marked.id : ((row.default_preset as PackagePreset | null) ?? null),
  };
}

/** A company the user is not in is "not found", as for every company call, checked before the body. */
async function requireMember(ctx: ServiceContext, companyId: number): Promise<void> {
  if (!(await isMember(ctx.db.kysely, ctx.userId, companyId))) throw notFound();
}

export async function getShippingSettings(ctx: ServiceContext, companyId: number): Promise<ShippingSettings> {
  await requireMember(ctx, companyId);
  return settingsOf(ctx.db.kysely, companyId);
}

/** Changes what is sent (422 per field: a courier not set up for the company, a package not its own); the rest stays. */
export async function updateShippingSettings(
  ctx: ServiceContext,
  companyId: number,
  input: unknown,
): Promise<ShippingSettings> {
  await requireMember(ctx, companyId);
  const body = parse(shippingSettingsBody, input ?? {});
  const problems = new FieldProblems();
  if (body.default_courier) {
    const setUps = await listCompanyIntegrations(ctx.db.kysely, companyId);
    const usable = setUps.some((r) => r.type === 'courier' && r.key === body.default_courier && isUsable(r));
    if (!usable) problems.add('default_courier', 'courier_not_configured');
  }
  const packageId = typeof body.default_package_id === 'number' ? body.default_package_id : null;
  if (packageId !== null) {
    const found = await findPackage(ctx.db.kysely, companyId, packageId);
    if (!found || !found.is_active) problems.add('default_package_id', 'default_package_unknown');
  }
  problems.throwIfAny();
  const company = forCompany(ctx, companyId);
  await ctx.db.transaction(async (trx) => {
    const was = await settingsRow(trx, companyId);
    const next = {
      label_format: body.label_format ?? was.label_format,
      default_courier: body.default_courier === undefined ? was.default_courier : body.default_courier,
      default_preset:
        body.default_package_id === undefined
          ? was.default_preset
          : typeof body.default_package_id === 'string'
            ? body.default_package_id
            : null,
    };
    await trx
      .insertInto('shipping_settings')
      .values({ company_id: companyId, ...next, updated_at: company.now })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...next, updated_at: company.now }))
      .execute();
    // A package chosen marks it (and no other); a preset or none takes the mark off every package.
    if (body.default_package_id !== undefined) await markDefaultPackage(trx, companyId, packageId);
  });
  return settingsOf(ctx.db.kysely, companyId);
}

/** `GET/POST /api/v1/company/{id}/shipping`: checked by membership like the company itself (not company-scoped). */
export function shippingSettingsRoutes(app: FastifyInstance): void {
  app.get('/api/v1/company/:id/shipping', async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getShippingSettings(req.ctx, id) };
  });
  app.post('/api/v1/company/:id/shipping', async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updateShippingSettings(req.ctx, id, req.body) };
  });
}
