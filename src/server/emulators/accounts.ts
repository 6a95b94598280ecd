import crypto from 'node:crypto';
import { GEO, findCounty, findLocality, type GeoCounty, type GeoLocality } from './geo.js';
import type { AccountHolder, EmulatorStore, OpenedLogin } from './kit.js';

/**
 * A phone for the pickup point's contact: the console keeps no phone of a company, and a courier's
 * pickup point always has one.
 */
export const HOLDER_PHONE = '0722000111';

/** What an account's pickup point shows when the company has not written its address yet. */
export const NO_ADDRESS = 'Adresă necompletată';

/**
 * Where the holder's pickup point is in the courier's nomenclature: the company's county and city
 * when the courier knows them, else the county's first locality, else Bucharest (a pickup point
 * is always somewhere the courier serves).
 */
export function holderPlace(holder: AccountHolder): { county: GeoCounty; locality: GeoLocality; street: string } {
  const county = findCounty({ name: holder.county }) ?? GEO.find((c) => c.code === 'B')!;
  const locality = (holder.city ? findLocality(county, { name: holder.city }) : undefined) ?? county.localities[0];
  return { county, locality, street: holder.address?.trim() || NO_ADDRESS };
}

/**
 * Opens the holder's account once (idempotent: the same login every time, kept in the emulator's
 * own store under `accounts`), and keeps its holder's details current on every later call, as a
 * courier updates a contract's details when the seller asks. `make` builds a new account for the
 * login; `refresh` answers the stored account with the holder's current details. Two callers at
 * the same moment get the one account that was stored first.
 */
export async function openHolderAccount<A extends OpenedLogin>(
  store: EmulatorStore,
  holder: AccountHolder,
  make: (login: OpenedLogin) => Promise<A>,
  refresh: (account: A) => A,
): Promise<OpenedLogin> {
  const username = `demo-${holder.ref}`;
  const login = (a: A): OpenedLogin => ({ username: a.username, password: a.password });
  const found = await store.get<A>('accounts', username);
  if (found) {
    const current = refresh(found);
    if (JSON.stringify(current) !== JSON.stringify(found)) await store.put('accounts', username, current);
    return login(found);
  }
  const made = await make({ username, password: crypto.randomBytes(12).toString('base64url') });
  if (await store.add('accounts', username, made)) return login(made);
  return login((await store.get<A>('accounts', username))!);
}
