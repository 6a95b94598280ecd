import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.js';
import type { MessagesTable } from '../db/schema.js';
import type { SeedContext } from './context.js';

/**
 * Demo SMS templates for both companies, spread over each company's sources. Most are plain GSM-7
 * (no diacritics, as Romanian shops usually send them to stay at 160 characters), a few keep the
 * diacritics to show the Unicode switch, one uses € (a GSM extended character) and a few run past
 * one SMS. They use only real placeholders (core/smsTemplates.ts), some by their Romanian names
 * ({nume}, {comanda}, {link_urmarire}, {firma}): every one is filled when the SMS is sent.
 */
export const TEMPLATES: { text: string; active?: boolean }[] = [
  { text: 'Buna ziua, {nume}! Comanda {comanda} a fost inregistrata. Va multumim ca ati cumparat de la noi!' },
  { text: 'Comanda {comanda} a fost confirmata si este in pregatire. Va anuntam cand pleaca spre dumneavoastra.' },
  { text: 'Comanda {comanda} a fost predata curierului {curier}. AWB: {awb}. Urmariti coletul aici: {link_urmarire}' },
  {
    text: 'Coletul cu AWB {awb} este in livrare astazi. Va rugam sa aveti telefonul aproape. Plata la livrare: {total} lei.',
  },
  { text: 'Comanda {comanda} a fost livrată. Vă mulțumim și vă așteptăm cu drag!' },
  {
    text: 'Cum vi s-a parut comanda {comanda}? Lasati-ne o recenzie pe site-ul {firma}. Parerea dumneavoastra ne ajuta sa fim mai buni.',
  },
  {
    text: 'Plata de {total} lei pentru comanda {comanda} nu a fost inca primita. Va rugam sa finalizati plata in 48 de ore pentru a nu anula comanda.',
  },
  {
    text: 'Comanda {comanda} a fost anulată la cererea dumneavoastră. Suma plătită va fi returnată în 3-5 zile lucrătoare.',
  },
  {
    text: 'Cererea de retur pentru comanda {comanda} a fost primita. Curierul va ridica coletul in 1-2 zile lucratoare.',
  },
  { text: 'Rambursul pentru returul comenzii {comanda} a fost trimis in contul IBAN indicat.' },
  {
    text: 'Ai uitat ceva in cos! Finalizeaza comanda pe site in urmatoarele 24 de ore si primesti transport gratuit.',
    active: false,
  },
  {
    text: 'Oferta de weekend: 15% reducere la toata gama cu codul WEEKEND15. Valabil pana duminica la ora 23:59. Dezabonare: STOP la 1898',
    active: false,
  },
  {
    text: 'La multi ani, {nume}! Iti oferim un voucher de 10€ pentru urmatoarea comanda: codul LAMULTI10. Valabil 30 de zile.',
  },
  {
    text: 'Curierul nu v-a gasit la adresa pentru comanda {comanda}. Va rugam sa ne sunati la 0264 123 456 pentru o noua programare a livrarii. Coletul ramane la depozitul curierului 5 zile lucratoare, apoi se intoarce la noi.',
  },
  { text: 'Bună ziua, {customer_name}! Produsul pe care l-ați cerut la {company} este din nou în stoc.' },
];

export const SENDERS: Record<number, string[]> = {
  0: ['CasaVerde', 'CasaVerde', '+40744123456'],
  1: ['MesterArt', 'MesterArt', '+40232555010'],
};

export async function seedMessages(db: Db, ctx: SeedContext): Promise<void> {
  const rows: Insertable<MessagesTable>[] = [];
  for (const [index, companyId] of ctx.companyIds.entries()) {
    const sources = await db.kysely
      .selectFrom('sources')
      .select('id')
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    if (sources.length === 0) continue; // no active source (the sources seeder did not run): nothing to attach templates to
    const senders = SENDERS[index % 2];
    TEMPLATES.forEach((t, i) => {
      const at = ctx.now - (TEMPLATES.length - i) * 3600 * 7;
      rows.push({
        company_id: companyId,
        source_id: sources[i % sources.length].id,
        from: senders[i % senders.length],
        text: t.text,
        is_active: t.active === false ? 0 : 1,
        created_at: at,
        updated_at: at,
      });
    });
  }
  if (rows.length) await db.kysely.insertInto('messages').values(rows).execute();
}
