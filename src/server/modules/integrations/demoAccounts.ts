import type { Executor } from '../../db/connection.js';
import type { DemoAccountHolder } from '../../providers/registry.js';
import { companyAccountHolder as companyRow } from '../companies/index.js';

/**
 * The company as the holder of its emulated courier accounts (emulated mode): its name, its
 * administrator as the contact, and its seat from its settings. The wizard's catalogue and the
 * demo seed open the company's accounts with it, so both reach the same account.
 */
export async function companyAccountHolder(exec: Executor, companyId: number): Promise<DemoAccountHolder> {
  const c = await companyRow(exec, companyId);
  return {
    ref: `company-${companyId}`,
    name: c.name,
    contact: c.administrator_name,
    address: c.address,
    city: c.city,
    county: c.county,
  };
}
