import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invoicePdf } from '../lib/pdf/documents.js';
import { bucharestDate } from '../lib/bucharestTime.js';
import { applyCommonFaults, baniToNumber, controlRoutes, FaultSwitch, Hanger, numberToBani, type Emulator, type EmulatorOptions } from './kit.js';

/**
 * SmartBill Cloud API emulator (as https://ws.smartbill.ro/SBORO/api). HTTP Basic auth of
 * `email:token`; the company named by `cif` (query) or `companyVatCode` (body); failures as
 * `{errorText}` with a 4xx, and (fault) inside a 200. Invoices are numbered per series, with
 * leading zeros; only the last of a series can be deleted; one storno per invoice. Above
 * `rateLimitPerSecond` calls a second per account it answers 429, as SmartBill does.
 */

interface Company {
  vatCode: string;
  name: string;
  regCom: string;
  address: string;
  city: string;
  county: string;
}

interface Series {
  name: string;
  type: 'f' | 'p' | 'c';
  nextNumber: number;
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
  companies: Company[];
  series: Series[];
}

export interface SmartBillState {
  accounts: SmartBillAccount[];
  /** Key `${vatCode}|${series}|${number}`. */
  invoices: Map<string, EmulatedInvoice>;
  /** Call times per account (ms) for the rate limit. */
  calls: Map<string, number[]>;
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

function demoAccount(): SmartBillAccount {
  return {
    username: 'demo',
    token: 'demo',
    // A SmartBill account can hold several companies. The demo account holds its own test company and the
    // two demo companies of the seed (src/server/seed/foundation.ts), so the demo's invoices work end to end.
    companies: [
      { vatCode: 'RO12345678', name: 'Magazin Demo SRL', regCom: 'J12/1234/2020', address: 'Strada Fabricii 12', city: 'Cluj-Napoca', county: 'Cluj' },
      { vatCode: 'RO14399840', name: 'Casa Verde Distribuție SRL', regCom: 'J12/2841/2019', address: 'Str. Memorandumului nr. 28', city: 'Cluj-Napoca', county: 'Cluj' },
      { vatCode: '18547290', name: 'Meșteșug Artizanal SRL', regCom: 'J22/1187/2021', address: 'Bd. Ștefan cel Mare nr. 12', city: 'Iași', county: 'Iași' },
    ],
    series: [
      { name: 'FCT', type: 'f', nextNumber: 1 },
      { name: 'DEMO', type: 'f', nextNumber: 101 },
      { name: 'PRF', type: 'p', nextNumber: 1 },
      { name: 'CHT', type: 'c', nextNumber: 1 },
    ],
  };
}

function initialState(): SmartBillState {
  return { accounts: [demoAccount()], invoices: new Map(), calls: new Map() };
}

/** CIFs compare without the RO prefix and spaces (SmartBill accounts hold either form). */
const cifKey = (cif: string) => cif.replace(/\s+/g, '').toUpperCase().replace(/^RO/, '');

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

export function createSmartBillEmulator(options: SmartBillEmulatorOptions): Emulator<SmartBillState> {
  const faults = new FaultSwitch();
  const hanger = new Hanger(options.hangMs ?? 60_000);
  const clock = options.clock;
  const limit = options.rateLimitPerSecond ?? 3;
  const nowMs = options.nowMs ?? (() => Date.now());
  const emulator: Emulator<SmartBillState> = {
    name: 'smartbill',
    faults,
    state: initialState(),
    demoCredentials: { username: 'demo', token: 'demo' },
    reset() {
      Object.assign(emulator.state, initialState());
      faults.clear();
    },
    plugin: async (app: FastifyInstance) => {
      controlRoutes(app, () => emulator);
      applyCommonFaults(app, faults, hanger, (reply) => reply.code(500).send({ errorText: 'A aparut o eroare interna. Va rugam incercati mai tarziu.', message: null, number: null, series: null }));
      const state = emulator.state;
      const base = '/SBORO/api';

      const fail = (reply: FastifyReply, status: number, errorText: string) => reply.code(status).send({ errorText, message: null, number: null, series: null, url: null });

      /** The account of the Basic credentials and the company named by cif, or the failure answered. */
      const authed = (req: FastifyRequest, reply: FastifyReply, cif: unknown): { account: SmartBillAccount; company: Company } | null => {
        const m = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''));
        const [user, ...rest] = m ? Buffer.from(m[1], 'base64').toString('utf8').split(':') : [];
        const account = state.accounts.find((a) => a.username === user && a.token === rest.join(':'));
        if (faults.take('refused_login') || !account) {
          fail(reply, 401, AUTH_FAILED);
          return null;
        }
        const calls = (state.calls.get(account.username) ?? []).filter((t) => t > nowMs() - 1000);
        calls.push(nowMs());
        state.calls.set(account.username, calls);
        if (calls.length > limit) {
          reply.header('retry-after', '1');
          fail(reply, 429, 'Ati depasit numarul maxim de apeluri pe secunda. Va rugam reveniti.');
          return null;
        }
        const company = account.companies.find((c) => typeof cif === 'string' && cifKey(c.vatCode) === cifKey(cif));
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

      const key = (company: Company, series: string, number: string) => `${cifKey(company.vatCode)}|${series}|${number}`;
      const findInvoice = (company: Company, q: { seriesname?: string; number?: string }) => state.invoices.get(key(company, String(q.seriesname ?? ''), String(q.number ?? '')));

      app.get(`${base}/series`, async (req, reply) => {
        const q = req.query as { cif?: string; type?: string };
        const ctx = authed(req, reply, q.cif);
        if (!ctx) return reply;
        return { list: ctx.account.series.filter((s) => !q.type || s.type === q.type).map((s) => ({ name: s.name, nextNumber: padNumber(s.nextNumber), type: s.type })) };
      });

      app.get(`${base}/tax`, async (req, reply) => {
        if (!authed(req, reply, (req.query as { cif?: string }).cif)) return reply;
        return { taxes: TAXES };
      });

      const issue = (
        ctx: { account: SmartBillAccount; company: Company },
        seriesName: string,
        data: Omit<EmulatedInvoice, 'company' | 'series' | 'number' | 'cancelled' | 'reversedBy' | 'createdAt'>,
      ): EmulatedInvoice => {
        const series = ctx.account.series.find((s) => s.name === seriesName)!;
        const invoice: EmulatedInvoice = { ...data, company: ctx.company.vatCode, series: series.name, number: padNumber(series.nextNumber++), cancelled: false, reversedBy: null, createdAt: clock.now() };
        state.invoices.set(key(ctx.company, invoice.series, invoice.number), invoice);
        return invoice;
      };

      app.post(`${base}/invoice`, async (req, reply) => {
        const b = (req.body ?? {}) as Record<string, unknown> & { client?: Record<string, unknown>; products?: Record<string, unknown>[]; payment?: { value?: number } };
        const ctx = authed(req, reply, b.companyVatCode);
        if (!ctx) return reply;
        const series = ctx.account.series.find((s) => s.name === b.seriesName && s.type === 'f');
        if (!series) return fail(reply, 400, `Seria de facturare "${String(b.seriesName ?? '')}" nu exista.`);
        if (!b.client || !String(b.client.name ?? '').trim()) return fail(reply, 400, 'Numele clientului este obligatoriu.');
        const products = b.products ?? [];
        if (products.length === 0) return fail(reply, 400, 'Factura trebuie sa contina cel putin un produs.');
        const lines: EmulatedInvoiceLine[] = [];
        // The product lines so far (not discounts): a discount covers the last numberOfItems of them.
        const items: EmulatedInvoiceLine[] = [];
        for (const p of products) {
          const tax = TAXES.find((t) => t.name === p.taxName && t.percentage === Number(p.taxPercentage));
          if (!tax) return fail(reply, 400, `Cota TVA "${String(p.taxName ?? '')}" (${String(p.taxPercentage ?? '')}%) nu este definita.`);
          if (p.isDiscount) {
            const covered = Number(p.numberOfItems ?? items.length);
            if (!Number.isInteger(covered) || covered < 1 || covered > items.length) return fail(reply, 400, 'Numarul de produse la care se aplica discountul nu este valid.');
            const base = items.slice(-covered).reduce((sum, l) => sum + l.totalBani, 0);
            // discountType 1: a value (negative takes off; positive gives back, on a storno); 2: a percentage of the lines covered.
            const valueBani = Number(p.discountType ?? 1) === 2 ? -Math.round((base * Number(p.discountPercentage ?? 0)) / 100) : numberToBani(p.discountValue ?? 0);
            if (!Number.isFinite(valueBani)) return fail(reply, 400, 'Valoarea discountului nu este valida.');
            const totals = lineTotals(1, valueBani, p.isTaxIncluded !== false, tax.percentage);
            lines.push({ name: String(p.name ?? 'Discount'), code: null, unit: 'buc', quantity: 1, priceBani: valueBani, taxIncluded: p.isTaxIncluded !== false, taxName: tax.name, taxPercentage: tax.percentage, ...totals });
            continue;
          }
          const quantity = Number(p.quantity);
          if (!String(p.name ?? '').trim() || !Number.isFinite(quantity) || quantity === 0) return fail(reply, 400, 'Fiecare produs trebuie sa aiba denumire si cantitate.');
          const priceBani = numberToBani(p.price);
          if (!Number.isFinite(priceBani) || priceBani < 0) return fail(reply, 400, `Pretul produsului "${String(p.name)}" nu este valid.`);
          const taxIncluded = p.isTaxIncluded === true;
          const line: EmulatedInvoiceLine = { name: String(p.name), code: p.code ? String(p.code) : null, unit: String(p.measuringUnitName ?? 'buc'), quantity, priceBani, taxIncluded, taxName: tax.name, taxPercentage: tax.percentage, ...lineTotals(quantity, priceBani, taxIncluded, tax.percentage) };
          lines.push(line);
          items.push(line);
        }
        const c = b.client;
        const invoice = issue(ctx, series.name, {
          issueDate: String(b.issueDate ?? bucharestDate(clock.now())),
          dueDate: b.dueDate ? String(b.dueDate) : null,
          currency: String(b.currency ?? 'RON'),
          client: { name: String(c.name), vatCode: c.vatCode ? String(c.vatCode) : null, address: String(c.address ?? ''), city: String(c.city ?? ''), county: String(c.county ?? ''), country: String(c.country ?? 'Romania') },
          lines,
          mentions: b.mentions ? String(b.mentions) : null,
          paidBani: b.payment?.value ? numberToBani(b.payment.value) : 0,
          reverses: null,
        });
        if (faults.take('answer_lost')) return hanger.hang(reply);
        return { errorText: '', message: '', number: invoice.number, series: invoice.series, url: '' };
      });

      app.post(`${base}/invoice/reverse`, async (req, reply) => {
        const b = (req.body ?? {}) as { companyVatCode?: string; seriesName?: string; number?: string; issueDate?: string };
        const ctx = authed(req, reply, b.companyVatCode);
        if (!ctx) return reply;
        const original = findInvoice(ctx.company, { seriesname: b.seriesName, number: b.number });
        if (!original) return fail(reply, 400, 'Factura nu exista in SmartBill Cloud.');
        if (original.reversedBy) return fail(reply, 400, 'Factura a fost deja stornata.');
        if (original.reverses) return fail(reply, 400, 'O factura de stornare nu poate fi stornata.');
        if (original.cancelled) return fail(reply, 400, 'O factura anulata nu poate fi stornata.');
        const storno = issue(ctx, original.series, {
          issueDate: String(b.issueDate ?? bucharestDate(clock.now())),
          dueDate: null,
          currency: original.currency,
          client: original.client,
          lines: original.lines.map((l) => ({ ...l, quantity: -l.quantity, totalBani: -l.totalBani, vatBani: -l.vatBani, netBani: -l.netBani })),
          mentions: `Stornare factura ${original.series} ${original.number}`,
          paidBani: -original.paidBani,
          reverses: `${original.series}${original.number}`,
        });
        original.reversedBy = `${storno.series}${storno.number}`;
        if (faults.take('answer_lost')) return hanger.hang(reply);
        return { errorText: '', message: '', number: storno.number, series: storno.series, url: '' };
      });

      app.get(`${base}/invoice/pdf`, async (req, reply) => {
        const q = req.query as { cif?: string; seriesname?: string; number?: string };
        const ctx = authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        const c = ctx.company;
        const pdf = await invoicePdf({
          title: inv.reverses ? 'FACTURĂ STORNO' : 'FACTURĂ',
          series: inv.series,
          number: inv.number,
          issueDate: inv.issueDate,
          dueDate: inv.dueDate,
          currency: inv.currency,
          seller: { name: c.name, vatCode: c.vatCode, regCom: c.regCom, lines: [c.address, `${c.city}, ${c.county}`] },
          client: { name: inv.client.name, vatCode: inv.client.vatCode, lines: [inv.client.address, [inv.client.city, inv.client.county].filter(Boolean).join(', ')].filter(Boolean) },
          lines: inv.lines.map((l) => ({ name: l.name, unit: l.unit, quantity: l.quantity, unitNetBani: l.quantity ? Math.round(l.netBani / l.quantity) : 0, vatPercentage: l.taxPercentage, netBani: l.netBani, vatBani: l.vatBani })),
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
        const ctx = authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        if (inv.cancelled) return fail(reply, 400, 'Factura este deja anulata.');
        if (inv.reversedBy) return fail(reply, 400, 'Factura a fost stornata si nu mai poate fi anulata.');
        inv.cancelled = true;
        return { errorText: '', message: 'Factura a fost anulata.', number: inv.number, series: inv.series };
      });

      app.put(`${base}/invoice/restore`, async (req, reply) => {
        const q = req.query as { cif?: string; seriesname?: string; number?: string };
        const ctx = authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        if (!inv.cancelled) return fail(reply, 400, 'Factura nu este anulata.');
        inv.cancelled = false;
        return { errorText: '', message: 'Factura a fost restaurata.', number: inv.number, series: inv.series };
      });

      app.delete(`${base}/invoice`, async (req, reply) => {
        const q = req.query as { cif?: string; seriesname?: string; number?: string };
        const ctx = authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        const series = ctx.account.series.find((s) => s.name === inv.series)!;
        if (Number(inv.number) !== series.nextNumber - 1) return fail(reply, 400, 'Doar ultima factura din serie poate fi stearsa. Puteti anula sau storna factura.');
        state.invoices.delete(key(ctx.company, inv.series, inv.number));
        series.nextNumber--;
        if (inv.reverses) {
          const original = [...state.invoices.values()].find((o) => o.reversedBy === `${inv.series}${inv.number}`);
          if (original) original.reversedBy = null;
        }
        return { errorText: '', message: 'Factura a fost stearsa.', number: inv.number, series: inv.series };
      });

      app.get(`${base}/invoice/paymentstatus`, async (req, reply) => {
        const q = req.query as { cif?: string; seriesname?: string; number?: string };
        const ctx = authed(req, reply, q.cif);
        if (!ctx) return reply;
        const inv = findInvoice(ctx.company, q);
        if (!inv) return fail(reply, 400, 'Factura nu exista.');
        const total = inv.lines.reduce((s, l) => s + l.totalBani, 0);
        const paid = Math.min(inv.paidBani, total);
        return { errorText: '', invoiceTotalAmount: baniToNumber(total), paidAmount: baniToNumber(paid), unpaidAmount: baniToNumber(total - paid), paid: total !== 0 && paid === total };
      });
    },
  };
  return emulator;
}
