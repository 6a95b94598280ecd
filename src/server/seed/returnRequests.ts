import type { Insertable } from 'kysely';
import { ibanCheckDigits } from '../../core/iban.js';
import type { Db } from '../db/connection.js';
import type { ReturnRequestsTable } from '../db/schema.js';
import { pick, seededRandom, type SeedContext } from './context.js';

/**
 * Demo return requests for both demo companies (three pages at 10 per page), from Romanian
 * customers with valid Romanian IBANs (real bank codes, check digits computed), spread over the
 * company's active sources and the last two months.
 */
const FIRST_NAMES = [
  'Andrei',
  'Maria',
  'Ioana',
  'Mihai',
  'Elena',
  'Alexandru',
  'Ana',
  'Cristina',
  'Ștefan',
  'Gabriela',
  'Bogdan',
  'Raluca',
  'Vlad',
  'Irina',
  'Tudor',
  'Oana',
  'Răzvan',
  'Simona',
  'Cătălin',
  'Alina',
];
const LAST_NAMES = [
  'Popescu',
  'Ionescu',
  'Popa',
  'Dumitru',
  'Stan',
  'Stoica',
  'Gheorghe',
  'Rusu',
  'Munteanu',
  'Matei',
  'Constantin',
  'Șerban',
  'Lungu',
  'Moldovan',
  'Țurcanu',
  'Bălan',
  'Nistor',
  'Florea',
];
const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'yahoo.ro', 'outlook.com', 'icloud.com'];
/** Bank codes of Romanian IBANs: Banca Transilvania, BCR, BRD, ING, UniCredit, CEC, Raiffeisen. */
const BANKS = ['BTRL', 'RNCB', 'BRDE', 'INGB', 'BACX', 'CECE', 'RZBR'];
const REASONS: { reason: string; details?: string }[] = [
  { reason: 'Mărime necorespunzătoare', details: 'Am comandat M, îmi trebuie L. Aș prefera banii înapoi.' },
  {
    reason: 'Produs deteriorat la livrare',
    details: 'Cutia a sosit turtită, iar produsul are o zgârietură pe lateral. Am făcut poze la primire.',
  },
  { reason: 'Nu corespunde descrierii' },
  { reason: 'Am primit alt produs', details: 'În colet era alt model decât cel comandat.' },
  { reason: 'Retur în 14 zile', details: 'M-am răzgândit; produsul este nefolosit, în ambalajul original.' },
  { reason: 'Culoare diferită de cea din fotografii' },
  { reason: 'Defect de fabricație', details: 'Fermoarul s-a rupt după două zile de folosire.' },
  { reason: 'Livrare întârziată', details: 'Produsul trebuia să fie cadou și a ajuns după eveniment.' },
  { reason: 'Comandă dublă din greșeală' },
];
const PREFIX: Record<number, string> = { 0: 'CVD', 1: 'MAR' };

/** ASCII letters for an email address: "Ștefan" -> "stefan". */
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function romanianIban(rand: () => number): string {
  const bank = pick(rand, BANKS);
  let account = '';
  for (let i = 0; i < 16; i++) account += String(Math.floor(rand() * 10));
  const bban = bank + account;
  return `RO${ibanCheckDigits('RO', bban)}${bban}`;
}

export async function seedReturnRequests(db: Db, ctx: SeedContext): Promise<void> {
  const rows: Insertable<ReturnRequestsTable>[] = [];
  for (const [index, companyId] of ctx.companyIds.entries()) {
    const sources = await db.kysely
      .selectFrom('sources')
      .select('id')
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy('id')
      .limit(8)
      .execute();
    if (sources.length === 0) continue; // the sources seeder did not run: a request needs a source
    const rand = seededRandom(6100 + index);
    const count = 24 + index * 3;
    for (let i = 0; i < count; i++) {
      const first = pick(rand, FIRST_NAMES);
      const last = pick(rand, LAST_NAMES);
      const r = pick(rand, REASONS);
      const at = ctx.now - Math.floor((count - i) * 2.3 * 86400 + rand() * 36000);
      const phone = `07${2 + Math.floor(rand() * 8)}${String(Math.floor(rand() * 1e7)).padStart(7, '0')}`;
      rows.push({
        company_id: companyId,
        // Most returns come from the first channels (the big marketplaces).
        source_id: sources[Math.floor(rand() * rand() * sources.length)].id,
        full_name: `${first} ${last}`,
        phone_number: `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
        email:
          i % 5 === 3
            ? null
            : `${plain(first)}.${plain(last)}${i % 3 === 0 ? Math.floor(rand() * 90 + 10) : ''}@${pick(rand, EMAIL_DOMAINS)}`,
        bill_number: i % 6 === 5 ? null : `${PREFIX[index % 2]}-${2026}-${String(100 + i * 7).padStart(5, '0')}`,
        iban: romanianIban(rand),
        reason: i % 7 === 6 ? null : r.reason,
        details: i % 7 === 6 ? null : (r.details ?? null),
        created_at: at,
        updated_at: at,
      });
    }
  }
  if (rows.length > 0) await db.kysely.insertInto('return_requests').values(rows).execute();
}
