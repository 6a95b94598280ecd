import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { awbLabelPdf, LABEL_PAGES_MM, type LabelParty } from '../lib/pdf/documents.js';
import { bucharestDate, toBucharest } from '../lib/bucharestTime.js';
import { HOLDER_PHONE, holderPlace, openHolderAccount } from './accounts.js';
import { findCounty, findLocality, GEO, localitiesOf, streetsOf } from './geo.js';
import {
  acceptFormBodies,
  applyCommonFaults,
  baniToNumber,
  emulatorBase,
  numberToBani,
  type AccountHolder,
  type Emulator,
  type EmulatorOptions,
  type EmulatorStore,
  type OpenedLogin,
} from './kit.js';
import { deletable, labelOf, repaymentOf, shippingCostBani, stagesAt, type Shipment, type Stage } from './shipments.js';

/**
 * FAN Courier API v2 emulator (as https://api.fancourier.ro). `POST /login` with `username` and
 * `password` (a form body, JSON or the query string, as FAN takes them all) answers
 * `{status: "success", data: {token: "<n>|<random>", expiresAt}}`, valid 24 h (Bucharest time, no
 * zone); every other call needs `Authorization: Bearer <token>` (401 `Unauthenticated.` without a
 * valid one) and names the account's `clientId` (query for GET and DELETE, body for POST; one the
 * account does not hold answers 403). Reads answer `{status: "success", data}`; a refused read
 * `{status: "fail"|"error", message}`. `intern-awb` answers `{response: [...]}`, one element per
 * shipment, a refused one inside the HTTP 200 with `awbNumber: null, success: false, errors`. AWB
 * numbers are 13-digit JSON numbers. Labels (`awb/label`) are PDF bytes (`pdf=1`), ZPL (`zpl=1`) or
 * HTML; A6 only for AWBs made with the ePOD option `X`; a refused print is JSON.
 *
 * Its store: `accounts` by username (its clients, i.e. branches, and the contract's services),
 * `tokens` by token (they outlive a restart), `shipments` by AWB number; counters `awb` and
 * `client`. Besides the shared demo account (FAN's own published test login) and a contract without
 * the collector service, each seller gets an account of its own (`openAccount`): FAN's sender is
 * the client of the `clientId`, whose name and address the label prints.
 */

export interface FanBranch {
  id: number;
  name: string;
  county: string;
  locality: string;
  street: string;
  streetNo: string;
  phone: string;
  email: string;
}

export interface FanAccount {
  username: string;
  password: string;
  clients: FanBranch[];
  /** The contract's services by name (what intern-awb's `info.service` takes). */
  services: string[];
}

export type FanShipment = Shipment & { clientId: number; epod: boolean };

interface Session {
  username: string;
  expiresAt: number;
}

const TOKEN_SECONDS = 24 * 3600;
/** FAN's own test account (its API-Docs README and the v2 SDK's test instance). */
export const FAN_DEMO_LOGIN = { username: 'clienttest', password: 'testing', client_id: '7032158' };
/** A contract without the collector service: cash on delivery cannot be paid out to it. */
export const FAN_NO_COLLECTOR_LOGIN = { username: 'fara-colector', password: 'testing', client_id: '7032160' };

const SERVICE_CATALOGUE: Record<string, string> = {
  Standard: 'Livrare standard, fără ramburs în cont colector',
  'Cont Colector': 'Livrare cu ramburs virat în contul colector',
  'Red Code': 'Livrare în aceeași zi',
  FANbox: 'Livrare în FANbox',
  'FANbox Cont Colector': 'Livrare în FANbox, ramburs în cont colector',
};
const FULL_CONTRACT = ['Standard', 'Cont Colector', 'Red Code', 'FANbox', 'FANbox Cont Colector'];
const COD_LIMIT_BANI = 1_000_000;

// FAN's event codes for the stages of a shipment (its v2 documentation's list).
const EVENTS: Record<Stage, { id: string; name: string }> = {
  pickedUp: { id: 'C0', name: 'Expediere preluata' },
  in_transit: { id: 'H10', name: 'In tranzit spre depozitul de destinatie' },
  inDelivery: { id: 'S1', name: 'In livrare' },
  failedAttempt: { id: 'S30', name: 'Destinatarul nu raspunde' },
  delivered: { id: 'S2', name: 'Livrat' },
  refused: { id: 'S6', name: 'Refuz primire' },
  returning: { id: 'S33', name: 'Retur solicitat' },
  returned: { id: 'S43', name: 'Retur' },
};
const NOT_SCANNED = 'The AWB has been registerd by sender';

function branch(id: number, name: string, countyCode: string, street: string, streetNo: string): FanBranch {
  const county = GEO.find((c) => c.code === countyCode)!;
  return {
    id,
    name,
    county: county.name,
    locality: county.localities[0].name,
    street,
    streetNo,
    phone: '0722000111',
    email: 'depozit@magazin-demo.ro',
  };
}

function demoAccounts(): FanAccount[] {
  return [
    {
      username: FAN_DEMO_LOGIN.username,
      password: FAN_DEMO_LOGIN.password,
      clients: [
        branch(Number(FAN_DEMO_LOGIN.client_id), 'MAGAZIN DEMO SRL', 'CJ', 'Strada Fabricii', '7'),
        branch(7032159, 'MAGAZIN DEMO SRL - Depozit Cluj Sud', 'CJ', 'Calea Turzii', '178'),
      ],
      services: FULL_CONTRACT,
    },
    {
      username: FAN_NO_COLLECTOR_LOGIN.username,
      password: FAN_NO_COLLECTOR_LOGIN.password,
      clients: [
        branch(Number(FAN_NO_COLLECTOR_LOGIN.client_id), 'ATELIER FARA RAMBURS SRL', 'B', 'Calea Victoriei', '1'),
      ],
      services: ['Standard', 'Red Code'],
    },
  ];
}

/** The holder's client at its seat (its id kept when refreshed). */
function holderBranch(holder: AccountHolder, id: number): FanBranch {
  const { county, locality, street } = holderPlace(holder);
  return {
    id,
    name: holder.name,
    county: county.name,
    locality: locality.name,
    street,
    streetNo: '',
    phone: HOLDER_PHONE,
    email: '',
  };
}

async function seedDemo(store: EmulatorStore): Promise<void> {
  for (const account of demoAccounts()) await store.add('accounts', account.username, account);
}

const ok = <T>(data: T) => ({ status: 'success', data });
const fail = (reply: FastifyReply, code: number, message: string, errors?: unknown) =>
  reply.code(code).send({ status: code >= 500 ? 'error' : 'fail', message, ...(errors ? { errors } : {}) });

/** A query value as a list (`awb[]=1&awb[]=2`, or one value). */
const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]).map((x) => String(x).trim());

/** "YYYY-MM-DD" → "dd.mm.yyyy", as FAN's reports write days. */
const roDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A FAN page of a list: `perPage` is capped at 100, whatever the documentation says. */
function paged<T>(rows: T[], q: { page?: string; perPage?: string }, cap = 100) {
  const perPage = Math.min(Math.max(Number(q.perPage) || cap, 1), cap);
  const currentPage = Math.max(Number(q.page) || 1, 1);
  return {
    status: 'success',
    data: rows.slice((currentPage - 1) * perPage, currentPage * perPage),
    total: rows.length,
    currentPage,
    perPage,
    totalPages: Math.max(1, Math.ceil(rows.length / perPage)),
  };
}

export function createFanEmulator(options: EmulatorOptions): Emulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, seedDemo);
  const emulator: Emulator = {
    name: 'fan',
    faults,
    store,
    demoCredentials: { ...FAN_DEMO_LOGIN },
    openAccount: async (holder) => {
      const login = await openHolderAccount<FanAccount>(
        store,
        holder,
        async (l) => ({
          ...l,
          clients: [holderBranch(holder, await store.next('client', 7100001))],
          services: FULL_CONTRACT,
        }),
        (account) => ({
          ...account,
          clients: account.clients.map((c, i) => (i === 0 ? holderBranch(holder, c.id) : c)),
        }),
      );
      const account = (await store.get<FanAccount>('accounts', login.username))!;
      // The wizard asks for the client number too: the opened login carries it.
      return { ...login, client_id: String(account.clients[0].id) } as OpenedLogin;
    },
    reset,
    plugin: async (app: FastifyInstance) => {
      await seed();
      applyCommonFaults(app, faults, hanger, (reply) =>
        reply.code(500).send({ status: 'error', message: 'Server Error' }),
      );
      acceptFormBodies(app);

      const tokenOf = (req: FastifyRequest) => /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];

      /** The account of the Bearer token and the client the call names, or the refusal answered. */
      const authed = async (
        req: FastifyRequest,
        reply: FastifyReply,
        clientId: unknown,
      ): Promise<{ account: FanAccount; client: FanBranch } | null> => {
        const token = tokenOf(req);
        const session = token ? await store.get<Session>('tokens', token) : undefined;
        if (session && faults.take('expired_token')) {
          session.expiresAt = clock.now();
          await store.put('tokens', token!, session);
        }
        if (!session || session.expiresAt <= clock.now()) {
          reply.code(401).send({ message: 'Unauthenticated.' });
          return null;
        }
        const account = await store.get<FanAccount>('accounts', session.username);
        if (!account) {
          reply.code(401).send({ message: 'Unauthenticated.' });
          return null;
        }
        if (faults.take('error_in_200')) {
          reply.code(200).send({ status: 'error', message: 'Serviciul este temporar indisponibil.' });
          return null;
        }
        const client = account.clients.find((c) => String(c.id) === String(clientId ?? '').trim());
        if (!client) {
          fail(reply, 403, `Nu aveți acces la clientul ${String(clientId ?? '')}.`);
          return null;
        }
        return { account, client };
      };
      const get = (
        path: string,
        handler: (
          ctx: { account: FanAccount; client: FanBranch; q: Record<string, unknown> },
          reply: FastifyReply,
        ) => unknown,
      ) =>
        app.get(path, async (req, reply) => {
          const q = (req.query ?? {}) as Record<string, unknown>;
          const ctx = await authed(req, reply, q.clientId);
          if (!ctx) return reply;
          return handler({ ...ctx, q }, reply);
        });

      app.post('/login', async (req, reply) => {
        const raw = req.body;
        const fields: Record<string, unknown> =
          typeof raw === 'string'
            ? Object.fromEntries(new URLSearchParams(raw))
            : { ...((req.query ?? {}) as object), ...((raw ?? {}) as object) };
        const username = String(fields.username ?? '');
        const found = username ? await store.get<FanAccount>('accounts', username) : undefined;
        const account = found && found.password === String(fields.password ?? '') ? found : undefined;
        if (faults.take('error_in_200')) return reply.code(200).send({ status: 'error', message: 'Eroare de server.' });
        if (faults.take('refused_login') || !account)
          return reply.code(401).send({ status: 'fail', message: 'Datele de autentificare sunt incorecte.' });
        const expiresAt = clock.now() + TOKEN_SECONDS;
        const token = `${await store.next('token', 1000)}|${crypto.randomBytes(30).toString('base64url')}`;
        await store.put('tokens', token, { username: account.username, expiresAt } satisfies Session);
        return ok({ token, expiresAt: toBucharest(expiresAt) });
      });

      get('/reports/branches', ({ account }) =>
        ok(
          account.clients.map((c) => ({
            id: c.id,
            name: c.name,
            email: c.email,
            phone: c.phone,
            address: { locality: c.locality, county: c.county, street: c.street, streetNo: c.streetNo },
          })),
        ),
      );

      get('/reports/services', ({ account }) =>
        ok(account.services.map((name, i) => ({ id: i + 1, name, description: SERVICE_CATALOGUE[name] ?? name }))),
      );

      get('/reports/counties', () => ok(GEO.map((c) => ({ id: c.id, name: c.name }))));

      get('/reports/localities', ({ q }, reply) => {
        const county = q.county ? findCounty({ name: String(q.county) }) : undefined;
        if (q.county && !county) return fail(reply, 422, 'Județul nu a fost găsit.', { county: ['Județ invalid.'] });
        return ok(
          (county ? [county] : GEO).flatMap((c) =>
            localitiesOf(c).map((l) => ({ id: l.id, name: l.name, county: c.name, agency: c.name, extKm: 0 })),
          ),
        );
      });

      get('/reports/streets', ({ q }, reply) => {
        const county = findCounty({ name: String(q.county ?? '') });
        const locality = county && findLocality(county, { name: String(q.locality ?? '') });
        if (!county || !locality)
          return fail(reply, 422, 'Localitatea nu a fost găsită.', { locality: ['Localitate invalidă.'] });
        const rows = streetsOf(locality).map((s) => {
          const [type, ...rest] = s.name.split(' ');
          return {
            id: s.id,
            street: rest.join(' ') || type,
            type: rest.length ? type : '',
            locality: locality.name,
            county: county.name,
            details: s.ranges.map(([from, to, zipCode]) => ({ zipCode, from, to: to || 9999 })),
          };
        });
        return paged(rows, q as { page?: string; perPage?: string }, 1000);
      });

      app.post('/intern-awb', async (req, reply) => {
        const body = (req.body ?? {}) as { clientId?: unknown; shipments?: unknown };
        const ctx = await authed(req, reply, body.clientId);
        if (!ctx) return reply;
        const shipments = Array.isArray(body.shipments) ? (body.shipments as Record<string, unknown>[]) : [];
        if (shipments.length === 0)
          return fail(reply, 422, 'The given data was invalid.', { shipments: ['The shipments field is required.'] });
        const answers: unknown[] = [];
        for (const sh of shipments) answers.push(await createOne(ctx.account, ctx.client, sh));
        if (faults.take('answer_lost')) return hanger.hang(reply);
        return { response: answers };
      });

      /** One shipment of intern-awb: stored and answered, or refused with Laravel-style errors. */
      async function createOne(account: FanAccount, client: FanBranch, sh: Record<string, unknown>) {
        const info = (sh.info ?? {}) as Record<string, unknown>;
        const recipient = (sh.recipient ?? {}) as Record<string, unknown>;
        const address = (recipient.address ?? {}) as Record<string, unknown>;
        const packages = (info.packages ?? {}) as { parcel?: unknown; envelope?: unknown };
        const errors: Record<string, string[]> = {};
        const err = (field: string, message: string) => (errors[field] ??= []).push(message);
        const service = String(info.service ?? '');
        if (!service) err('info.service', 'The info.service field is required.');
        else if (!account.services.includes(service)) err('info.service', `Serviciul ${service} nu este disponibil.`);
        const weight = Number(info.weight);
        if (!(weight > 0)) err('info.weight', 'The info.weight must be greater than 0.');
        if (!['sender', 'recipient', 'expeditor', 'destinatar'].includes(String(info.payment ?? '')))
          err('info.payment', 'The selected info.payment is invalid.');
        const parcels = Math.trunc(Number(packages.parcel ?? 0)) || 0;
        const envelopes = Math.trunc(Number(packages.envelope ?? 0)) || 0;
        if (parcels + envelopes < 1) err('info.parcels', 'At least one envelope or parcel is required');
        const cod = numberToBani(info.cod ?? 0);
        if (cod < 0 || cod > COD_LIMIT_BANI) err('info.cod', 'The info.cod may not be greater than 10000.');
        if (cod > 0 && !/cont colector/i.test(service))
          err('info.cod', 'Rambursul în cont colector necesită serviciul Cont Colector.');
        for (const f of ['name', 'contactPerson', 'phone'] as const)
          if (!String(recipient[f] ?? '').trim()) err(`recipient.${f}`, `The recipient.${f} field is required.`);
        if (recipient.phone && !/^\+?\d{9,15}$/.test(String(recipient.phone).replace(/[\s.-]/g, '')))
          err('recipient.phone', 'Numărul de telefon este invalid.');
        if (address.streetNo !== undefined && typeof address.streetNo !== 'string')
          err('recipient.address.streetNo', 'The recipient.address.street no must be a string.');
        if (!String(address.street ?? '').trim())
          err('recipient.address.street', 'The recipient.address.street field is required.');
        const county = findCounty({ name: String(address.county ?? '') });
        const locality = county && findLocality(county, { name: String(address.locality ?? '') });
        if (!county) err('recipient.address.county', 'Județul nu a fost găsit.');
        else if (!locality) err('recipient.address.locality', 'Localitatea nu a fost găsită.');
        if (Object.keys(errors).length) return { awbNumber: null, success: false, errors };

        const number = String(await store.next('awb', 2332300000001));
        const costBani = shippingCostBani(weight, cod);
        const options = Array.isArray(info.options) ? info.options.map(String) : [];
        const sender: LabelParty = {
          name: client.name,
          phone: client.phone,
          lines: [`${client.street} ${client.streetNo}`.trim(), `${client.locality}, ${client.county}`],
        };
        const street = [address.street, address.streetNo ? `nr. ${String(address.streetNo)}` : '', address.building]
          .map((x) => String(x ?? '').trim())
          .filter(Boolean)
          .join(', ');
        const shipment: FanShipment = {
          number,
          parcelNumbers: [number],
          createdAt: clock.now(),
          account: account.username,
          service,
          sender,
          recipient: {
            name: String(recipient.name),
            contact: String(recipient.contactPerson ?? '') || null,
            phone: String(recipient.phone),
            lines: [street, `${locality!.name}, ${county!.name} ${String(address.zipCode ?? '')}`.trim()],
          },
          senderLocality: client.locality,
          recipientLocality: locality!.name,
          parcels: parcels + envelopes,
          weightKg: weight,
          codBani: cod,
          declaredBani: numberToBani(info.declaredValue ?? 0),
          content: String(info.content ?? ''),
          reference: null,
          observations: String(info.observation ?? '') || null,
          costBani,
          deleted: false,
          clientId: client.id,
          epod: options.includes('X'),
        };
        await store.put('shipments', number, shipment);
        return {
          awbNumber: Number(number),
          tariff: baniToNumber(costBani),
          packages: parcels + envelopes,
          letter: 'B',
          routingCode: '0200',
          office: locality!.name,
          visualCode: '02-01-01',
          errors: null,
        };
      }

      const mine = async (account: FanAccount, awb: string) => {
        const s = await store.get<FanShipment>('shipments', awb);
        return s && s.account === account.username && !s.deleted ? s : undefined;
      };

      // One document for every AWB named: PDF (pdf=1), ZPL (zpl=1) or HTML; A4, A5 or A6.
      get('/awb/label', async ({ account, q }, reply) => {
        const awbs = [...list(q['awbs[]']), ...list(q.awbs)];
        const found = await Promise.all(awbs.map((a) => mine(account, a)));
        const missing = awbs.find((_, i) => !found[i]);
        // FAN's refusals come as JSON inside a 200 (the bytes tell them from a PDF).
        if (awbs.length === 0 || missing !== undefined)
          return reply
            .code(200)
            .type('application/json')
            .send({ status: 'fail', message: `AWB-ul ${missing ?? ''} nu a fost găsit.`.replace('  ', ' ') });
        const format = String(q.format ?? 'A4').toUpperCase();
        if (!['A4', 'A5', 'A6'].includes(format))
          return reply.code(200).type('application/json').send({ status: 'fail', message: 'Format invalid.' });
        const shipments = found as FanShipment[];
        if (format === 'A6' && shipments.some((s) => !s.epod))
          return reply.code(200).type('application/json').send({
            status: 'fail',
            message: 'Formatul A6 este disponibil doar pentru AWB-urile cu ePOD (opțiunea X).',
          });
        if (String(q.zpl ?? '') === '1')
          return reply
            .type('text/plain')
            .send(shipments.map((s) => `^XA^FO40,40^BCN,120,Y,N,N^FD${s.number}^FS^XZ`).join('\n'));
        if (String(q.pdf ?? '') !== '1')
          return reply
            .type('text/html')
            .send(`<html><body>${shipments.map((s) => `<h1>AWB ${s.number}</h1>`).join('')}</body></html>`);
        const pdf = await awbLabelPdf(
          shipments.map((s) =>
            format === 'A4'
              ? labelOf(s, 'FAN Courier', 'A4')
              : labelOf(s, 'FAN Courier', 'A6', format === 'A6' ? LABEL_PAGES_MM.a6 : [148, 210]),
          ),
        );
        return reply.type('application/pdf').send(pdf);
      });

      app.delete('/awb', async (req, reply) => {
        const q = (req.query ?? {}) as Record<string, unknown>;
        const ctx = await authed(req, reply, q.clientId);
        if (!ctx) return reply;
        const s = await mine(ctx.account, String(q.awb ?? ''));
        if (!s) return fail(reply, 404, `AWB-ul ${String(q.awb ?? '')} nu a fost găsit.`);
        if (!deletable(s, clock.now()))
          return fail(reply, 422, 'AWB-ul nu mai poate fi șters: expedierea a fost preluată de curier.');
        await store.put('shipments', s.number, { ...s, deleted: true });
        return { status: 'success', message: 'AWB-ul a fost șters.' };
      });

      // Each asked AWB of the account (unknown ones left out), its events newest first: FAN does not sort them.
      get('/reports/awb/tracking', async ({ account, q }) => {
        const asked = [...list(q['awb[]']), ...list(q.awb)];
        const now = clock.now();
        const rows = (await Promise.all(asked.map((a) => mine(account, a)))).flatMap((s): object[] => {
          if (!s) return [];
          const events = stagesAt(s, now);
          if (events.length === 0) return [{ awbNumber: Number(s.number), content: s.content, message: NOT_SCANNED }];
          return [
            {
              awbNumber: Number(s.number),
              content: s.content,
              date: toBucharest(s.createdAt),
              paymentDate: null,
              returnAwbNumber: null,
              redirectionAwbNumber: null,
              reimbursementAwbNumber: null,
              oPODAwbNumber: null,
              confirmation: events.some((e) => e.stage === 'delivered')
                ? { name: s.recipient.name, date: toBucharest(events.at(-1)!.at) }
                : null,
              OTD: null,
              events: events
                .map((e, i) => ({
                  id: EVENTS[e.stage].id,
                  name: EVENTS[e.stage].name,
                  location: e.stage === 'pickedUp' ? s.senderLocality : s.recipientLocality,
                  date: toBucharest(e.at),
                  n: i,
                }))
                .reverse()
                .map(({ n: _n, ...e }) => e),
            },
          ];
        });
        return ok(rows);
      });

      // The AWBs the account made on a day (date=YYYY-MM-DD, Bucharest), deleted ones left out.
      get('/reports/awb', async ({ account, q }, reply) => {
        const day = String(q.date ?? '');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return fail(reply, 422, 'The date field is required.');
        const rows = (await store.list<FanShipment>('shipments'))
          .filter((s) => s.account === account.username && !s.deleted && bucharestDate(s.createdAt) === day)
          .map((s) => ({
            info: {
              awbNumber: Number(s.number),
              service: s.service,
              weight: s.weightKg,
              payment: 'sender',
              cod: baniToNumber(s.codBani),
              declaredValue: baniToNumber(s.declaredBani),
              observations: s.observations ?? '',
              content: s.content,
              date: toBucharest(s.createdAt),
              cost: baniToNumber(s.costBani),
              packages: { envelope: 0, parcel: s.parcels },
              currency: 'LEI',
            },
            recipient: { name: s.recipient.name, phone: s.recipient.phone },
            sender: { name: s.sender.name },
          }));
        return paged(rows, q as { page?: string; perPage?: string });
      });

      // Cash on delivery transferred to the collector account on a day (date=YYYY-MM-DD).
      get('/reports/bank-transfers', async ({ account, q }, reply) => {
        const day = String(q.date ?? '');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return fail(reply, 422, 'The date field is required.');
        const now = clock.now();
        const rows = (await store.list<FanShipment>('shipments')).flatMap((s) => {
          if (s.account !== account.username) return [];
          const r = repaymentOf(s, now);
          if (!r || r.paidAt === null || bucharestDate(r.paidAt) !== day) return [];
          return [
            {
              info: {
                awbNumber: Number(s.number),
                awbDate: roDay(bucharestDate(s.createdAt)),
                amountCollected: baniToNumber(r.paidBani),
                content: s.content,
                transferDate: roDay(day),
                returnAwbNumber: null,
                reimbursementAwbNumber: null,
                transactionType: 'cash',
                transactionDate: roDay(bucharestDate(r.collectedAt)),
              },
              recipient: {
                name: s.recipient.name,
                contactPerson: s.recipient.contact,
                address: { locality: s.recipientLocality },
              },
              sender: { name: s.sender.name, contactPerson: '' },
            },
          ];
        });
        return paged(rows, q as { page?: string; perPage?: string });
      });
    },
  };
  return emulator;
}
