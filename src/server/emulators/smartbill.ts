import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidCui } from '../../core/cui.js';
import { invoicePdf } from '../lib/pdf/documents.js';
import { bucharestDate } from '../lib/bucharestTime.js';
import {
  applyCommonFaults,
  baniToNumber,
  COUNTERS,
  emulatorBase,
  numberToBani,
  type Emulator,
  type EmulatorOptions,
  type EmulatorStore,
} from './kit.js';

/**
 * SmartBill Cloud API emulator (as https://ws.smartbill.ro/SBORO/api). HTTP Basic auth of
 * `email:token`; the company named by `cif` (query) or `companyVatCode` (body); failures as
 * `{errorText}` with a 4xx, and (fault) inside a 200. Invoices are numbered per series, with
 * leading zeros; only the last of a series can be deleted (its number is then given again); one
 * storno per invoice. Above `rateLimitPerSecond` calls a second per account it answers 429, as
 * SmartBill does.
 *
 * An account holds companies, each with its own document series (as in SmartBill Cloud). The demo
 * account answers for any company: the first call naming a valid VAT code it does not hold adds
 * that company, with the demo series, as the account's holder would add it in SmartBill. So a
 * company made in the console with its own CUI can set SmartBill up in the demo with the demo
 * login; any other login is refused as before.
 *
 * Its store: `accounts` by username, `companies` by `<username>|<VAT code without RO>`,
 * `invoices` by `<VAT code without RO>|<series>|<number>`; counters `<VAT code>|<series>` (the
 * series' next number). The rate limit's call times stay in memory.
 */

export interface SmartBillCompany {
  vatCode: string;
  name: string;
  regCom: string;
  address: string;
  city: string;
  county: string;
  series: Series[];
}

export interface Series {
  name: string;
  type: 'f' | 'p' | 'c';
  /** The number of the series' first document. */
  firstNumber: number;
}

export interface EmulatedInvoiceLine {
  name: string;
  code: string | null;
  unit: string;
  quantity: number;
  /** Price per unit as sent (bani). */
  priceBani: number;
  taxIncluded: boolean;
  taxName: string;
  taxPercentage: number;
  /** Computed: line total with VAT, VAT, and without VAT (bani). */
  totalBani: number;
  vatBani: number;
  netBani: number;
}

export interface EmulatedInvoice {
  company: string;
  series: string;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  client: { name: string; vatCode: string | null; address: string; city: string; county: string; country: string };
  lines: EmulatedInvoiceLine[];
  mentions: string | null;
  paidBani: number;
  cancelled: boolean;
  /** The storno document that reversed this invoice. */
  reversedBy: string | null;
  /** For a storno: the invoice it reverses. */
  reverses: string | null;
  createdAt: number;
}

interface SmartBillAccount {
  username: string;
  token: string;
  /** The demo account: a valid VAT code it does not hold is added on first use. */
  addsCompanies: boolean;
}

export interface SmartBillEmulatorOptions extends EmulatorOptions {
  /** SmartBill's limit (default 3 calls a second per account). */
  rateLimitPerSecond?: number;
  /** Real time in ms for the rate limit (injectable for tests). */
  nowMs?: () => number;
}

const TAXES = [
  { name: 'Normala', percentage: 21 },
  { name: 'Redusa', percentage: 11 },
  { name: 'SDD', percentage: 0 },
  { name: 'Taxare inversa', percentage: 0 },
];

const AUTH_FAILED = 'Autentificare esuata. Va rugam verificati datele si incercati din nou.';

/** The series of every company of the demo account. */
const DEMO_SERIES: Series[] = [
  { name: 'FCT', type: 'f', firstNumber: 1 },
  { name: 'DEMO', type: 'f', firstNumber: 101 },
  { name: 'PRF', type: 'p', firstNumber: 1 },
  { name: 'CHT', type: 'c', firstNumber: 1 },
];

const DEMO_ACCOUNT: SmartBillAccount = { username: 'demo', token: 'demo', addsCompanies: true };

// The demo account's own test company and the two demo companies of the seed
// (src/server/db/seed/foundation.ts), with their real details for the invoices' PDFs.
const DEMO_COMPANIES: Omit<SmartBillCompany, 'series'>[] = [
  {
    vatCode: 'RO12345678',
    name: 'Magazin Demo SRL',
    regCom: 'J12/1234/2020',
    address: 'Strada Fabricii 12',
    city: 'Cluj-Napoca',
    county: 'Cluj',
  },
  {
    vatCode: 'RO14399840',
    name: 'Casa Verde Distribuție SRL',
    regCom: 'J12/2841/2019',
    address: 'Str. Memorandumului nr. 28',
    city: 'Cluj-Napoca',
    county: 'Cluj',
  },
  {
    vatCode: '18547290',
    name: 'Meșteșug Artizanal SRL',
    regCom: 'J22/1187/2021',
    address: 'Bd. Ștefan cel Mare nr. 12',
    city: 'Iași',
    county: 'Iași',
  },
];

/** CIFs compare without the RO prefix and spaces (SmartBill accounts hold either form). */
export const cifKey = (cif: string) => cif.replace(/\s+/g, '').toUpperCase().replace(/^RO/, '');

/** Where a company of an account is stored. */
export const companyKey = (username: string, vatCode: string) => `${username}|${cifKey(vatCode)}`;
/** Where an invoice is stored: `<VAT code without RO>|<series>|<number>`. */
export const invoiceKey = (vatCode: string, series: string, number: string) => `${cifKey(vatCode)}|${series}|${number}`;
/** The counter of a company's series: its value is the series' next number. */
const seriesCounter = (vatCode: string, series: string) => `${cifKey(vatCode)}|${series}`;

async function seedDemo(store: EmulatorStore): Promise<void> {
  await store.add('accounts', DEMO_ACCOUNT.username, DEMO_ACCOUNT);
  for (const c of DEMO_COMPANIES)
    await store.add('companies', companyKey(DEMO_ACCOUNT.username, c.vatCode), {
      ...c,
      series: DEMO_SERIES,
    } satisfies SmartBillCompany);
}

/** A product or service line of an invoice stored without a request: its price tax included. */
export interface DemoInvoiceLine {
  name: string;
  code: string | null;
  quantity: number;
  priceBani: number;
  taxName: string;
  taxPercentage: number;
}

/**
 * Stores an invoice of one of the demo account's companies as the create route stores it, numbered
 * by its series' counter (so the next create takes the number after it): the demo seed's invoices,
 * made without a request as the couriers' demo AWBs are. Answers the stored invoice.
 */
export async function storeDemoInvoice(
  store: EmulatorStore,
  input: {
    vatCode: string;
    series: string;
    issueDate: string;
    client: EmulatedInvoice['client'];
    lines: DemoInvoiceLine[];
    mentions: string | null;
    createdAt: number;
  },
): Promise<EmulatedInvoice> {
  const series = DEMO_SERIES.find((s) => s.name === input.series);
  if (!series) throw new Error(`the demo account has no series ${input.series}`);
  const number = await store.next(seriesCounter(input.vatCode, series.name), series.firstNumber);
  const invoice: EmulatedInvoice = {
    company: input.vatCode.replace(/\s+/g, '').toUpperCase(),
    series: series.name,
    number: padNumber(number),
    issueDate: input.issueDate,
    dueDate: null,
    currency: 'RON',
    client: input.client,
    lines: input.lines.map((l) => ({
      ...l,
      unit: 'buc',
      taxIncluded: true,
      ...lineTotals(l.quantity, l.priceBani, true, l.taxPercentage),
    })),
    mentions: input.mentions,
    paidBani: 0,
    cancelled: false,
    reversedBy: null,
    reverses: null,
    createdAt: input.createdAt,
  };
  await store.put('invoices', invoiceKey(invoice.company, invoice.series, invoice.number), invoice);
  return invoice;
}

/**
 * A company the demo account adds on first use. The emulator cannot look its name up (SmartBill
 * fills it from the public register): the invoices' PDFs name it by its VAT code.
 */
function adoptedCompany(vatCode: string): SmartBillCompany {
  const code = vatCode.replace(/\s+/g, '').toUpperCase();
  return { vatCode: code, name: `Firma ${code}`, regCom: '', address: '', city: '', county: '', series: DEMO_SERIES };
}

const padNumber = (n: number) => String(n).padStart(4, '0');

/** A product line's totals in bani: VAT split out of (or added to) quantity × price. */
function lineTotals(quantity: number, priceBani: number, taxIncluded: boolean, percentage: number) {
  const amount = Math.round(quantity * priceBani);
  if (taxIncluded) {
    const vat = Math.round((amount * percentage) / (100 + percentage));
    return { totalBani: amount, vatBani: vat, netBani: amount - vat };
  }
  const vat = Math.round((amount * percentage) / 100);
  return { totalBani: amount + vat, vatBani: vat, netBani: amount };
}

export function createSmartBillEmulator(options: SmartBillEmulatorOptions): Emulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, seedDemo);
  const limit = options.rateLimitPerSecond ?? 3;
  const nowMs = options.nowMs ?? (() => Date.now());
  /** Call times per account (ms) for the rate limit: a second's worth, not state to keep. */
  const calls = new Map<string, number[]>();
  const emulator: Emulator = {
    name: 'smartbill',
    faults,
    store,
    demoCredentials: { username: DEMO_ACCOUNT.username, token: DEMO_ACCOUNT.token },
    async reset() {
      calls.clear();
      await reset();
    },
    plugin: async (app: FastifyInstance) => {
      await seed();
      applyCommonFaults(app, faults, hanger, (reply) =>
        reply.code(500).send({
          errorText: 'A aparut o eroare interna. Va rugam incercati mai tarziu.',
          message: null,
          number: null,
          series: null,
        }),
      );
      const base = '/SBORO/api';

      const fail = (reply: FastifyReply, status: number, errorText: string) =>
        reply.code(status).send({ errorText, message: null, number: null, series: null, url: null });

      /** The company named by `cif` in the account, added first when the account adds companies and the code is valid. */
      const companyOf = async (account: SmartBillAccount, cif: unknown): Promise<SmartBillCompany | undefined> => {
        if (typeof cif !== 'string' || !cifKey(cif)) return undefined;
        const key = companyKey(account.username, cif);
        const held = await store.get<SmartBillCompany>('companies', key);
        if (held || !account.addsCompanies || !isValidCui(cif)) return held;
        // Two first calls at once add it once (add keeps the first); both read the stored one.
        await store.add('companies', key, adoptedCompany(cif));
        return store.get<SmartBillCompany>('companies', key);
      };

      /** The account of the Basic credentials and the company named by cif, or the failure answered. */
      const authed = async (
        req: FastifyRequest,
        reply: FastifyReply,
        cif: unknown,
      ): Promise<{ account: SmartBillAccount; company: SmartBillCompany } | null> => {
        const m = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''));
        const [user, ...rest] = m ? Buffer.from(m[1], 'base64').toString('utf8').split(':') : [];
        const found = user ? await store.get<SmartBillAccount>('accounts', user) : undefined;
        const account = found && found.token === rest.join(':') ? found : undefined;
        if (faults.take('refused_login') || !account) {
          fail(reply, 401, AUTH_FAILED);
          return null;
        }
        const recent = (calls.get(account.username) ?? []).filter((t) => t > nowMs() - 1000);
        recent.push(nowMs());
        calls.set(account.username, recent);
        if (recent.length > limit) {
          reply.header('retry-after', '1');
          fail(reply, 429, 'Ati depasit numarul maxim de apeluri pe secunda. Va rugam reveniti.');
          return null;
        }
        const company = await companyOf(account, cif);
        if (!company) {
          fail(reply, 400, `Nu exista nicio firma cu CIF-ul ${String(cif ?? '')} asociata acestui cont.`);
          return null;
        }
        if (faults.take('error_in_200')) {
          fail(reply, 200, 'Serviciul SmartBill este momentan indisponibil.');
          return null;
        }
        return { account, company };
      };

      const findInvoice = (company: SmartBillCompany, q: { seriesname?: string; number?: string }) =>
        store.get<EmulatedInvoice>(
          'invoices',
          invoiceKey(company.vatCode, String(q.seriesname ?? ''), String(q.number ?? '')),
        );
      const saveInvoice = (invoice: EmulatedInvoice) =>
        store.put('invoices', invoiceKey(invoice.company, invoice.series, invoice.number), invoice);
      /** The number the series' next document gets. */
      const nextNumberOf = async (company: SmartBillCompany, series: Series) =>
        (await store.get<number>(COUNTERS, seriesCounter(company.vatCode, series.name))) ?? series.firstNumber;

      app.get(`${base}/series`, async (req, reply) => {
        const q = req.query as { cif?: string; type?: string };
        const ctx = await authed(req, reply, q.cif);
        if (!ctx) return reply;
        const list = ctx.company.series.filter((s) => !q.type || s.type === q.type);
        return {
          list: await Promise.all(
            list.map(async (s) => ({
              name: s.name,
              nextNumber: padNumber(await nextNumberOf(ctx.company, s)),
              type: s.type,
            })),
          ),
        };
      });

      app.get(`${base}/tax`, async (req, reply) => {
        if (!(await authed(req, reply, (req.query as { cif?: string }).cif))) return reply;
        return { taxes: TAXES };
      });

      const issue = async (
        ctx: { account: SmartBillAccount; company: SmartBillCompany },
        seriesName: string,
        data: Omit<EmulatedInvoice, 'company' | 'series' | 'number' | 'cancelled' | 'reversedBy' | 'createdAt'>,
      ): Promise<EmulatedInvoice> => {
        const series = ctx.company.series.find((s) => s.name === seriesName)!;
        const number = await store.next(seriesCounter(ctx.company.vatCode, series.name), series.firstNumber);
        const invoice: EmulatedInvoice = {
          ...data,
          company: ctx.company.vatCode,
          series: series.name,
          number: padNumber(number),
          cancelled: false,
          reversedBy: null,
          createdAt: clock.now(),
        };
        await saveInvoice(invoice);
        return invoice;
      };

      app.post(`${base}/invoice`, async (req, reply) => {
        const b = (req.body ?? {}) as Record<string, unknown> & {
          client?: Record<string, unknown>;
          products?: Record<string, unknown>[];
          payment?: { value?: number };
        };
        const ctx = await authed(req, reply, b.companyVatCode);
        if (!ctx) return reply;
        const series = ctx.company.series.find((s) => s.name === b.seriesName && s.type === 'f');
        if (!series) return fail(reply, 400, `Seria de facturare "${String(b.seriesName ?? '')}" nu exista.`);
        if (!b.client || !String(b.client.name ?? '').trim())
          return fail(reply, 400, 'Numele clientului este obligatoriu.');
        const products = b.products ?? [];
        if (products.length === 0) return fail(reply, 400, 'Factura trebuie sa contina cel putin un produs.');
        const lines: EmulatedInvoiceLine[] = [];
        // The product lines so far (not discounts): a discount covers the last numberOfItems of them.
        const items: EmulatedInvoiceLine[] = [];
        for (const p of products) {
          const tax = TAXES.find((t) => t.name === p.taxName && t.percentage === Number(p.taxPercentage));
          if (!tax)
            return fail(
              reply,
              400,
              `Cota TVA "${String(p.taxName ?? '')}" (${String(p.taxPercentage ?? '')}%) nu este definita.`,
            );
          if (p.isDiscount) {
            const covered = Number(p.numberOfItems ?? items.length);
            if (!Number.isInteger(covered) || covered < 1 || covered > items.length)
              return fail(reply, 400, 'Numarul de produse la care se aplica discountul nu este valid.');
            const base = items.slice(-covered).reduce((sum, l) => sum + l.totalBani, 0);
            // discountType 1: a value (negative takes off; positive gives back, on a storno); 2: a percentage of the lines covered.
            const valueBani =
              Number(p.discountType ?? 1) === 2
                ? -Math.round((base * Number(p.discountPercentage ?? 0)) / 100)
                : numberToBani(p.discountValue ?? 0);
            if (!Number.isFinite(valueBani)) return fail(reply, 400, 'Valoarea discountului nu este valida.');
            const totals = lineTotals(1, valueBani, p.isTaxIncluded !== false, tax.percentage);
            lines.push({
              name: String(p.name ?? 'Discount'),
              code: null,
              unit: 'buc',
              quantity: 1,
              priceBani: valueBani,
              taxIncluded: p.isTaxIncluded !== false,
              taxName: tax.name,
              taxPercentage: tax.percentage,
              ...totals,
            });
            continue;
          }
          const quantity = Number(p.quantity);
          if (!String(p.name ?? '').trim() || !Number.isFinite(quantity) || quantity === 0)
            return fail(reply, 400, 'Fiecare produs trebuie sa aiba denumire si cantitate.');
          const priceBani = numberToBani(p.price);
          if (!Number.isFinite(priceBani) || priceBani < 0)
            return fail(reply, 400, `Pretul produsului "${String(p.name)}" nu este valid.`);
          const taxIncluded = p.isTaxIncluded === true;
          const line: EmulatedInvoiceLine = {
            name: String(p.name),
            code: p.code ? String(p.code) : null,
            unit: String(p.measuringUnitName ?? 'buc'),
            quantity,
            priceBani,
            taxIncluded,
            taxName: tax.name,
            taxPercentage: tax.percentage,
            ...lineTotals(quantity, priceBani, taxIncluded, tax.percentage),
          };
          lines.push(line);
          items.push(line);
        }
        const c = b.client;
        const invoice = await issue(ctx, series.name, {
          issueDate: String(b.issueDate ?? bucharestDate(clock.now())),
          dueDate: b.dueDate ? String(b.dueDate) : null,
          currency: String(b.currency ?? 'RON'),
          client: {
            name: String(c.name),
            vatCode: c.vatCode ? String(c.vatCode) : null,
            address: String(c.address ?? ''),
            city: String(c.city ?? ''),
            county: String(c.county ?? ''),
            country: String(c.country ?? 'Romania'),
          },
          lines,
          mentions: b.mentions ? String(b.mentions) : null,
          paidBani: b.payment?.value ? numberToBani(b.payment.value) : 0,
          reverses: null,
        });
        if (faults.take('answer_lost')) return hanger.hang(reply);
        return { errorText: '', message: '', number: invoice.number, series: invoice.series, url: '' };
      });

      app.post(`${base}/invoice/reverse`, async (req, reply) => {
        const b = (req.body ?? {}) as {
          companyVatCode?: string;
          seriesName?: string;
          number?: string;
          issueDate?: string;
        };
        const ctx = await authed(req, reply, b.companyVatCode);
        if (!ctx) return reply;
        const original = await findInvoice(ctx.company, { seriesname: b.seriesName, number: b.number });
        if (!original) return fail(reply, 400, 'Factura nu exista in SmartBill Cloud.');
        if (original.reversedBy) return fail(reply, 400, 'Factura a fost deja stornata.');
        if (original.reverses) return fail(reply, 400, 'O factura de stornare nu poate fi stornata.');
        if (original.cancelled) return fail(reply, 400, 'O factura anulata nu poate fi stornata.');
        const storno = await issue(ctx, original.series, {
          issueDate: String(b.issueDate ?? bucharestDate(clock.now())),
          dueDate: null,
          currency: original.currency,
          client: original.client,
          lines: original.lines.map((l) => ({
            ...l,
            quantity: -l.quantity,
            totalBani: -l.totalBani,
            vatBani: -l.vatBani,
            netBani: -l.netBani,
          })),
          mentions: `Stornare factura ${original.series} ${original.number}`,
          paidBani: -original.paidBani,
          reverses: `${original.series}${original.number}`,
        });
        await saveInvoice({ ...original, reversedBy: `${storno.series}${storno.number}` });
        if (faults.take('answer_lost')) return hanger.hang(reply);
        return { errorText: '', message: '', number: storno.number, series: storno.series, url: '' };
      });

      app.get(`${base}/invoice/pdf`, async (req, reply) => {
        const q = req.query as { cif?: string; seriesname?: string; number?: string };
        const ctx = await authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = await findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        const c = ctx.company;
        const pdf = await invoicePdf({
          title: inv.reverses ? 'FACTURĂ STORNO' : 'FACTURĂ',
          series: inv.series,
          number: inv.number,
          issueDate: inv.issueDate,
          dueDate: inv.dueDate,
          currency: inv.currency,
          seller: {
            name: c.name,
            vatCode: c.vatCode,
            regCom: c.regCom,
            lines: [c.address, [c.city, c.county].filter(Boolean).join(', ')].filter(Boolean),
          },
          client: {
            name: inv.client.name,
            vatCode: inv.client.vatCode,
            lines: [inv.client.address, [inv.client.city, inv.client.county].filter(Boolean).join(', ')].filter(
              Boolean,
            ),
          },
          lines: inv.lines.map((l) => ({
            name: l.name,
            unit: l.unit,
            quantity: l.quantity,
            unitNetBani: l.quantity ? Math.round(l.netBani / l.quantity) : 0,
            vatPercentage: l.taxPercentage,
            netBani: l.netBani,
            vatBani: l.vatBani,
          })),
          totalNetBani: inv.lines.reduce((s, l) => s + l.netBani, 0),
          totalVatBani: inv.lines.reduce((s, l) => s + l.vatBani, 0),
          totalBani: inv.lines.reduce((s, l) => s + l.totalBani, 0),
          mentions: inv.mentions,
          stamp: inv.cancelled ? 'ANULATĂ' : null,
        });
        return reply.type('application/octet-stream').send(pdf);
      });

      app.put(`${base}/invoice/cancel`, async (req, reply) => {
        const q = req.query as { cif?: string; seriesname?: string; number?: string };
        const ctx = await authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = await findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        if (inv.cancelled) return fail(reply, 400, 'Factura este deja anulata.');
        if (inv.reversedBy) return fail(reply, 400, 'Factura a fost stornata si nu mai poate fi anulata.');
        await saveInvoice({ ...inv, cancelled: true });
        return { errorText: '', message: 'Factura a fost anulata.', number: inv.number, series: inv.series };
      });

      app.put(`${base}/invoice/restore`, async (req, reply) => {
        const q = req.query as { cif?: string; seriesname?: string; number?: string };
        const ctx = await authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = await findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        if (!inv.cancelled) return fail(reply, 400, 'Factura nu este anulata.');
        await saveInvoice({ ...inv, cancelled: false });
        return { errorText: '', message: 'Factura a fost restaurata.', number: inv.number, series: inv.series };
      });

      app.delete(`${base}/invoice`, async (req, reply) => {
        const q = req.query as { cif?: string; seriesname?: string; number?: string };
        const ctx = await authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = await findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        const counter = seriesCounter(ctx.company.vatCode, inv.series);
        if (Number(inv.number) !== ((await store.get<number>(COUNTERS, counter)) ?? 0) - 1)
          return fail(reply, 400, 'Doar ultima factura din serie poate fi stearsa. Puteti anula sau storna factura.');
        await store.remove('invoices', invoiceKey(ctx.company.vatCode, inv.series, inv.number));
        await store.giveBack(counter, Number(inv.number));
        if (inv.reverses) {
          const original = (await store.list<EmulatedInvoice>('invoices')).find(
            (o) => cifKey(o.company) === cifKey(inv.company) && o.reversedBy === `${inv.series}${inv.number}`,
          );
          if (original) await saveInvoice({ ...original, reversedBy: null });
        }
        return { errorText: '', message: 'Factura a fost stearsa.', number: inv.number, series: inv.series };
      });

      app.get(`${base}/invoice/paymentstatus`, async (req, reply) => {
        const q = req.query as { cif?: string; seriesname?: string; number?: string };
        const ctx = await authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = await findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        const total = inv.lines.reduce((s, l) => s + l.totalBani, 0);
        const paid = Math.min(inv.paidBani, total);
        return {
          errorText: '',
          invoiceTotalAmount: baniToNumber(total),
          paidAmount: baniToNumber(paid),
          unpaidAmount: baniToNumber(total - paid),
          paid: total !== 0 && paid === total,
        };
      });
    },
  };
  return emulator;
}
